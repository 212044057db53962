// The load bench's server-observed quantiles (bench/promHistogram.ts) read from real prom-client
// text: a route answering both 200 and 201 is one group whose buckets add up, and a series that
// appears between the scrapes counts from zero.
import assert from 'node:assert/strict';
import client from 'prom-client';
import { bucketQuantile, histogram } from '../../bench/promHistogram.js';

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

function server(): { registry: client.Registry; h: client.Histogram<'method' | 'route' | 'status'> } {
  const registry = new client.Registry();
  const h = new client.Histogram({ name: 'x_duration_seconds', help: 'x', labelNames: ['method', 'route', 'status'], buckets: BUCKETS, registers: [registry] });
  return { registry, h };
}

const quantile = (before: string, after: string, q: number) => {
  const where = (l: Record<string, string>) => l.method === 'PUT' && l.status.startsWith('2');
  const a = histogram(before, 'x_duration_seconds', 'route', where);
  const b = histogram(after, 'x_duration_seconds', 'route', where);
  return bucketQuantile(a.get('/pages'), b.get('/pages')!, q);
};

describe('load bench histogram quantiles', () => {
  it('adds the series of one route (200 and 201) bucket by bucket', async () => {
    const { registry, h } = server();
    const before = await registry.metrics();
    for (let i = 0; i < 20; i++) h.observe({ method: 'PUT', route: '/pages', status: '201' }, 0.2);
    for (let i = 0; i < 80; i++) h.observe({ method: 'PUT', route: '/pages', status: '200' }, 0.02);
    h.observe({ method: 'GET', route: '/pages', status: '200' }, 0.9); // another method: not counted
    const after = await registry.metrics();
    const p99 = quantile(before, after, 0.99);
    assert.equal(p99.count, 100);
    assert.ok(p99.value > 0.1 && p99.value <= 0.25, `p99 ${p99.value} should fall in the creates' bucket (0.1, 0.25]`);
    const p50 = quantile(before, after, 0.5);
    assert.ok(p50.value > 0.01 && p50.value <= 0.025, `p50 ${p50.value} should fall in the updates' bucket (0.01, 0.025]`);
  });

  it('counts only what was observed between the scrapes, a new series from zero', async () => {
    const { registry, h } = server();
    for (let i = 0; i < 50; i++) h.observe({ method: 'PUT', route: '/pages', status: '200' }, 0.4);
    const before = await registry.metrics();
    for (let i = 0; i < 10; i++) h.observe({ method: 'PUT', route: '/pages', status: '200' }, 0.002);
    for (let i = 0; i < 10; i++) h.observe({ method: 'PUT', route: '/pages', status: '201' }, 0.002);
    const after = await registry.metrics();
    const p99 = quantile(before, after, 0.99);
    assert.equal(p99.count, 20);
    assert.ok(p99.value > 0.001 && p99.value <= 0.0025, `p99 ${p99.value}`);
  });
});
