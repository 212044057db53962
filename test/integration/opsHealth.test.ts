import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { routeTable, templateRegExp } from '../../src/http/routeTable.js';
import { createApp } from '../../src/http/app.js';
import { createLogger } from '../../src/logger.js';

function metricValue(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.indexOf('}'));
    const got = Object.fromEntries([...body.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

const METRICS_TOKEN = 'scrape-secret-123';

describe('health, readiness and metrics', () => {
  let s: TestServer;
  let write: string;
  before(async () => {
    s = await startTestServer({ BRAINKEEP_METRICS_TOKEN: METRICS_TOKEN });
    write = s.credential('Write');
  });
  after(async () => s.stop());

  it('/healthz answers without touching storage', async () => {
    const r = await s.request('GET', '/healthz');
    assert.equal(r.status, 200);
    assert.equal(r.body.status, 'ok');
  });

  it('/readyz is 200 with every check passing', async () => {
    const r = await s.request('GET', '/readyz');
    assert.equal(r.status, 200);
    assert.equal(r.body.status, 'ready');
    assert.deepEqual(r.body.checks.map((c: any) => [c.name, c.ok]), [['database', true], ['migrations', true], ['repositories', true]]);
  });

  it('/readyz is 503 problem+json naming a migration that is not applied', async () => {
    const row = s.c.db.prepare('SELECT * FROM schema_migrations ORDER BY version DESC LIMIT 1').get() as any;
    s.c.db.prepare('DELETE FROM schema_migrations WHERE version = ?').run(row.version);
    try {
      const r = await s.request('GET', '/readyz');
      assert.equal(r.status, 503);
      assert.match(r.headers.get('content-type') ?? '', /application\/problem\+json/);
      assert.equal(r.body.code, 'not_ready');
      assert.deepEqual(r.body.checks, [{ name: 'database', ok: true }, { name: 'migrations', ok: false }, { name: 'repositories', ok: true }]);
      // The reply says which check failed; the details (for the log and the operator) name the migration.
      const m = (await s.c.health.readiness()).checks.find((c) => c.name === 'migrations')!;
      assert.equal(m.ok, false);
      assert.match(m.detail, new RegExp(`${row.version} ${row.name}`));
    } finally {
      s.c.db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(row.version, row.name, row.applied_at);
    }
    assert.equal((await s.request('GET', '/readyz')).status, 200);
  });

  it('/readyz is 503 naming a brain whose repository cannot be read', async () => {
    const gitdir = s.c.repos.gitdirOf(s.mainBrainId);
    fs.renameSync(gitdir, `${gitdir}.away`);
    try {
      const r = await s.request('GET', '/readyz');
      assert.equal(r.status, 503);
      assert.deepEqual(r.body.checks.find((c: any) => c.name === 'repositories'), { name: 'repositories', ok: false });
      assert.doesNotMatch(r.text, new RegExp(s.mainBrainId), 'an open endpoint names no brain');
      const repos = (await s.c.health.readiness()).checks.find((c) => c.name === 'repositories')!;
      assert.equal(repos.ok, false);
      assert.deepEqual(repos.failing!.map((f) => f.brainId), [s.mainBrainId]);
    } finally {
      fs.renameSync(`${gitdir}.away`, gitdir);
    }
    assert.equal((await s.request('GET', '/readyz')).status, 200);
  });

  it('/metrics counts requests by route template and status, and writes by operation', async () => {
    const before = (await s.request('GET', '/metrics', { token: METRICS_TOKEN })).text;
    await s.request('GET', `/api/v1/brains/${s.mainBrainId}`, { token: write });
    await s.request('GET', '/api/v1/brains/main', { token: write });
    await s.request('GET', '/api/v1/brains/main', { token: 'ck_wrong' });
    const put = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/metrics', markdown: '# M\n' } });
    assert.equal(put.status, 201);
    const stale = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/metrics', markdown: '# M2\n', expectedVersion: 7 } });
    assert.equal(stale.status, 409);
    await s.request('GET', '/no/such/thing');
    const r = await s.request('GET', '/metrics', { token: METRICS_TOKEN });
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^text\/plain/);
    const route = '/api/v1/brains/:brainId';
    const delta = (name: string, labels: Record<string, string>) => metricValue(r.text, name, labels) - metricValue(before, name, labels);
    assert.equal(delta('brainkeep_http_requests_total', { method: 'GET', route, status: '200' }), 2);
    assert.equal(delta('brainkeep_http_requests_total', { method: 'GET', route, status: '401' }), 1);
    assert.equal(delta('brainkeep_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }), 1);
    assert.equal(delta('brainkeep_http_request_duration_seconds_count', { method: 'GET', route, status: '200' }), 2);
    assert.equal(delta('brainkeep_writes_total', { op: 'put', outcome: 'ok' }), 1);
    assert.equal(delta('brainkeep_writes_total', { op: 'unplanned', outcome: 'conflict' }), 1);
    assert.ok(metricValue(r.text, 'brainkeep_write_duration_seconds_count', { op: 'put' }) >= 1);
    assert.match(r.text, /^brainkeep_brains \d+/m);
    assert.match(r.text, /^brainkeep_pages \d+/m);
    assert.match(r.text, /^brainkeep_inbox_pending \d+/m);
    assert.match(r.text, /^brainkeep_embedding_queue_depth \d+/m);
    assert.match(r.text, /^brainkeep_process_resident_memory_bytes /m);
    assert.doesNotMatch(r.text, /notes\/metrics|ck_wrong/);
  });

  it('the route table lists nested routes with their full templates, and templates match like express', () => {
    const table = routeTable(createApp(s.c, createLogger('silent')));
    const keys = table.map((r) => `${r.method} ${r.path}`);
    for (const k of ['GET /healthz', 'GET /readyz', 'GET /metrics', 'GET /api/v1/brains', 'POST /api/v1/brains', 'GET /api/v1/brains/:brainId', 'PUT /api/v1/brains/:brainId/pages']) {
      assert.ok(keys.includes(k), k);
    }
    assert.ok(templateRegExp('/api/v1/brains/:brainId').test('/api/v1/brains/main'));
    assert.ok(!templateRegExp('/api/v1/brains/:brainId').test('/api/v1/brains/main/schema'));
    assert.ok(templateRegExp('/git/:repo{/*rest}').test('/git/main.git/info/refs'));
    assert.ok(templateRegExp('/git/:repo{/*rest}').test('/git/main.git'));
  });
});

describe('metrics behind a token', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ BRAINKEEP_METRICS_TOKEN: METRICS_TOKEN });
  });
  after(async () => s.stop());

  it('refuses a missing or wrong token with 401 and serves the right one', async () => {
    const none = await s.request('GET', '/metrics');
    assert.equal(none.status, 401);
    assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer/);
    assert.equal((await s.request('GET', '/metrics', { token: 'scrape-secret-12' })).status, 401);
    const ok = await s.request('GET', '/metrics', { token: 'scrape-secret-123' });
    assert.equal(ok.status, 200);
    assert.match(ok.text, /brainkeep_http_requests_total/);
  });
});
