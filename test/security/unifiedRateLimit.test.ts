// Issue 21, item 14: one rate limit per credential across REST, MCP and git (no door has a
// budget of its own, none is skipped), bulk work fits (a clone or push takes one request of the
// budget; a burst the size of a minute's budget goes through at once), and a caller who has
// spent its budget waits for the next token, not for a one-minute window to end.
import assert from 'node:assert/strict';
import { TokenBuckets } from '../../src/http/middleware/rateLimit.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { GitClient, gitUrl } from '../helpers/git.js';

const MCP_INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'rate-test', version: '1' } },
};

async function mcp(s: TestServer, token: string): Promise<Response> {
  return fetch(`${s.url}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(MCP_INIT),
  });
}

async function refs(s: TestServer, token: string): Promise<Response> {
  return fetch(`${s.url}/git/main.git/info/refs?service=git-upload-pack`, { headers: { authorization: `Bearer ${token}` } });
}

describe('security: one rate limit per credential across REST, MCP and git', function () {
  this.timeout(120_000);

  describe('a small budget (BRAINKEEP_RATE_LIMIT=6)', () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer({ BRAINKEEP_RATE_LIMIT: '6' });
    });
    after(async () => s.stop());

    it('is shared by REST, MCP and git: spending it at one door closes the others', async () => {
      const key = s.credential('Read', 'main', 'shared');
      const seen: string[] = [];
      for (let i = 0; i < 2; i++) {
        const rest = await s.request('GET', '/api/v1/brains', { token: key });
        assert.equal(rest.status, 200);
        seen.push(rest.headers.get('ratelimit-remaining')!);
        const m = await mcp(s, key);
        assert.equal(m.status, 200, await m.text());
        seen.push(m.headers.get('ratelimit-remaining')!);
        const g = await refs(s, key);
        assert.equal(g.status, 200);
        await g.arrayBuffer();
        seen.push(g.headers.get('ratelimit-remaining')!);
      }
      assert.deepEqual(seen, ['5', '4', '3', '2', '1', '0'], 'one budget counts down across the three doors');

      const rest = await s.request('GET', '/api/v1/brains', { token: key });
      assert.equal(rest.status, 429);
      assert.equal(rest.body.code, 'rate_limited');
      const m = await mcp(s, key);
      assert.equal(m.status, 429);
      assert.equal(m.headers.get('content-type'), 'application/problem+json; charset=utf-8');
      assert.ok(Number(m.headers.get('retry-after')) >= 1);
      const g = await refs(s, key);
      assert.equal(g.status, 429);
      assert.ok(Number(g.headers.get('retry-after')) >= 1);
      assert.equal(g.headers.get('ratelimit-remaining'), '0');
      // Another credential has a budget of its own.
      assert.equal((await s.request('GET', '/api/v1/brains', { token: s.credential('Read', 'main', 'other') })).status, 200);
    });

    it('counts a whole clone as one request of the budget, and a fetch as one more', async () => {
      const key = s.credential('Read', 'main', 'cloner');
      const git = new GitClient();
      try {
        const dir = await git.clone(gitUrl(s.url, 'main', key), 'clone-once');
        await git.ok(['fetch', '--quiet', 'origin'], dir);
        const after = await s.request('GET', '/api/v1/brains', { token: key });
        assert.equal(after.status, 200);
        // 6 - clone - fetch - this request
        assert.equal(after.headers.get('ratelimit-remaining'), '3');
      } finally {
        git.cleanup();
      }
    });
  });

  describe('pacing after the burst', () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer({ BRAINKEEP_RATE_LIMIT: '60', BRAINKEEP_RATE_BURST: '20' });
    });
    after(async () => s.stop());

    it('takes the burst at once, then asks to wait for the next token (about a second), not a minute', async () => {
      const key = s.credential('Read', 'main', 'pacer');
      let passed = 0;
      let limited: Awaited<ReturnType<TestServer['request']>> | null = null;
      for (let i = 0; i < 40 && !limited; i++) {
        const r = await s.request('GET', '/api/v1/brains', { token: key });
        if (r.status === 429) limited = r;
        else passed++;
      }
      assert.ok(limited, 'the budget ran out');
      assert.ok(passed >= 20 && passed < 40, `${passed} requests passed`);
      assert.equal(limited.headers.get('ratelimit-limit'), '20');
      assert.equal(limited.headers.get('retry-after'), '1');
      await new Promise((r) => setTimeout(r, 1100));
      assert.equal((await s.request('GET', '/api/v1/brains', { token: key })).status, 200);
    });
  });

  describe('the default budget', () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer();
    });
    after(async () => s.stop());

    it('lets a bulk load of 300 pages through without a 429', async () => {
      const key = s.credential('Write', 'main', 'loader');
      const statuses = new Map<number, number>();
      for (let i = 0; i < 300; i++) {
        const r = await s.request('GET', `/api/v1/brains/main/pages?limit=1&n=${i}`, { token: key });
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }
      assert.deepEqual([...statuses], [[200, 300]]);
    });
  });

  describe('the token bucket', () => {
    it('holds the burst, refills at the rate, and names the wait for the next token', () => {
      let now = 0;
      const buckets = new TokenBuckets(() => now);
      const budget = { perMinute: 600, burst: 600 };
      for (let i = 0; i < 600; i++) assert.ok(buckets.take('k', budget).allowed);
      const refused = buckets.take('k', budget);
      assert.equal(refused.allowed, false);
      assert.equal(refused.retryAfterSeconds, 1); // 10 tokens a second
      assert.equal(refused.remaining, 0);
      assert.equal(refused.resetSeconds, 60);
      now += 100; // one token back
      assert.ok(buckets.take('k', budget).allowed);
      assert.equal(buckets.take('k', budget).allowed, false);
      now += 3_600_000; // never more than the burst
      assert.equal(buckets.take('k', budget).remaining, 599);
      assert.equal(buckets.take('other', budget).remaining, 599, 'keys are independent');
    });
  });
});
