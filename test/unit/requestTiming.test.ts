import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { httpMetrics, resumeRequestTiming } from '../../src/http/middleware/httpMetrics.js';
import { observeWrite, requestTiming, requestTimingActive, writeStageDuration } from '../../src/metrics.js';

/** Observations of the write path's `response` stage so far. */
async function responseStages(): Promise<number> {
  const { values } = await writeStageDuration.get();
  return values.find((v) => v.labels.stage === 'response' && (v as { metricName?: string }).metricName?.endsWith('_count'))?.value ?? 0;
}

describe('request timing (the write path`s response stage)', () => {
  let base: string;
  let close: () => Promise<void>;
  // The hooks going off is seen through `disable` (counted) and, on Node < 24, the store's own flag.
  const disable = requestTiming.disable.bind(requestTiming);
  let disabled = 0;
  const enabled = () => (requestTiming as unknown as { enabled?: boolean }).enabled;
  const hooksOld = Number(process.versions.node.split('.')[0]) < 24;
  before(async () => {
    requestTiming.disable = () => {
      disabled++;
      disable();
    };
    const app = express();
    app.use(httpMetrics(app));
    // What a read sees of the timing context, and a write that awaits before and after its answer.
    app.get('/read', (_req, res) => {
      void Promise.resolve().then(() => res.json({ inside: requestTiming.getStore() != null }));
    });
    app.use(express.json());
    app.use(resumeRequestTiming);
    app.put('/write', async (_req, res) => {
      await new Promise((r) => setImmediate(r));
      await observeWrite(
        async () => ({ opName: 'test' }),
        async (plan) => {
          await plan();
          await new Promise((r) => setTimeout(r, 1));
          return null;
        },
      );
      await new Promise((r) => setImmediate(r));
      res.json({ inside: requestTiming.getStore() != null });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((r) => server.close(() => r()));
  });
  after(async () => {
    requestTiming.disable = disable;
    await close();
  });

  it('runs reads outside the timing context (its async hooks cost every promise of a search)', async () => {
    const r = await (await fetch(`${base}/read`)).json();
    assert.deepEqual(r, { inside: false });
    assert.equal(requestTimingActive(), false);
    if (hooksOld) assert.notEqual(enabled(), true, 'a read never turns the store on');
  });

  it('times every write`s response, writes overlapping each other and reads, and leaves the hooks off after the last', async () => {
    const before = await responseStages();
    const put = () => fetch(`${base}/write`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json());
    const get = () => fetch(`${base}/read`).then((r) => r.json());
    // Two waves: the hooks go off after the first and must come back for the second.
    for (let wave = 0; wave < 2; wave++) {
      const offBefore = disabled;
      const answers = await Promise.all([put(), get(), put(), put(), get(), put()]);
      assert.deepEqual(answers, [{ inside: true }, { inside: false }, { inside: true }, { inside: true }, { inside: false }, { inside: true }]);
      // The response's close comes after the client has the body: wait for it.
      for (let i = 0; i < 50 && requestTimingActive(); i++) await new Promise((r) => setTimeout(r, 10));
      assert.equal(requestTimingActive(), false);
      assert.ok(disabled > offBefore, `wave ${wave}: the hooks were turned off after its last write`);
      if (hooksOld) assert.equal(enabled(), false, `wave ${wave}: the store is off`);
    }
    assert.equal((await responseStages()) - before, 8);
  });
});
