// Issue 21, item 10: /metrics does not trust loopback. Behind a reverse proxy every request comes
// from loopback, so the address proves nothing: the API port serves metrics only with
// BRAINKEEP_METRICS_TOKEN, and BRAINKEEP_METRICS_PORT serves them on a listener of their own.
import assert from 'node:assert/strict';
import http from 'node:http';
import { apiRequest, startTestServer, type TestServer } from '../helpers/server.js';

/** A one-route reverse proxy on loopback, as nginx would sit in front of the server. */
async function reverseProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const t = new URL(target);
  const server = http.createServer((req, res) => {
    const upstream = http.request({ host: t.hostname, port: t.port, path: req.url, method: req.method, headers: { ...req.headers, 'x-forwarded-for': '203.0.113.9' } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('security: /metrics does not trust loopback', () => {
  describe('with neither a token nor a port of its own', () => {
    let s: TestServer;
    let proxy: Awaited<ReturnType<typeof reverseProxy>>;
    before(async () => {
      s = await startTestServer();
      proxy = await reverseProxy(s.url);
    });
    after(async () => {
      await proxy.close();
      await s.stop();
    });

    it('refuses a loopback caller, directly and through a proxy, with a problem that names the settings', async () => {
      for (const base of [s.url, proxy.url]) {
        const r = await apiRequest(base, 'GET', '/metrics');
        assert.equal(r.status, 403, `${base}: ${r.text.slice(0, 200)}`);
        assert.match(r.headers.get('content-type') ?? '', /application\/problem\+json/);
        assert.equal(r.body.code, 'metrics_disabled');
        assert.match(r.body.detail, /BRAINKEEP_METRICS_TOKEN/);
        assert.doesNotMatch(r.text, /brainkeep_http_requests_total/);
      }
      assert.equal(s.service.metrics, null, 'no metrics listener unless asked for');
    });
  });

  describe('with BRAINKEEP_METRICS_TOKEN', () => {
    let s: TestServer;
    let proxy: Awaited<ReturnType<typeof reverseProxy>>;
    before(async () => {
      s = await startTestServer({ BRAINKEEP_METRICS_TOKEN: 'metrics-scrape-token-1' });
      proxy = await reverseProxy(s.url);
    });
    after(async () => {
      await proxy.close();
      await s.stop();
    });

    it('needs the bearer token through the proxy as well as directly', async () => {
      for (const base of [s.url, proxy.url]) {
        assert.equal((await apiRequest(base, 'GET', '/metrics')).status, 401, base);
        assert.equal((await apiRequest(base, 'GET', '/metrics', { token: 'metrics-scrape-token-2' })).status, 401, base);
        const ok = await apiRequest(base, 'GET', '/metrics', { token: 'metrics-scrape-token-1' });
        assert.equal(ok.status, 200, base);
        assert.match(ok.text, /^brainkeep_http_requests_total/m);
      }
    });
  });

  describe('with BRAINKEEP_METRICS_PORT', () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer({ BRAINKEEP_METRICS_PORT: '0' });
    });
    after(async () => s.stop());

    it('serves metrics on their own port only, and nothing else there', async () => {
      const metrics = s.service.metrics;
      assert.ok(metrics, 'a metrics listener runs');
      assert.notEqual(metrics.port, new URL(s.url).port);
      const ok = await apiRequest(metrics.url, 'GET', '/metrics');
      assert.equal(ok.status, 200);
      assert.match(ok.headers.get('content-type') ?? '', /^text\/plain/);
      assert.match(ok.text, /^brainkeep_http_requests_total/m);
      assert.equal((await apiRequest(metrics.url, 'GET', '/api/v1/brains')).status, 404, 'the metrics port serves no API');
      assert.equal((await apiRequest(metrics.url, 'GET', '/healthz')).status, 404);
      const api = await apiRequest(s.url, 'GET', '/metrics');
      assert.equal(api.status, 403, 'the API port still refuses');
      assert.match(api.body.detail, /BRAINKEEP_METRICS_PORT/);
    });

    it('stops with the server', async () => {
      const other = await startTestServer({ BRAINKEEP_METRICS_PORT: '0' });
      const url = other.service.metrics!.url;
      await other.stop();
      await assert.rejects(fetch(`${url}/metrics`));
    });
  });
});
