// The frontmatter filter (`fm.<key>`) reads the page_fields index, in every statement a filtered
// search prepares: each lookup is a SEARCH with the key and value bound, never a
// scan of the table (the primary key, or the page index that carries the key's columns in a
// correlated lookup), and the plans stay the same once ANALYZE has given the planner statistics
// (issue 24: filters use indexes, with a stable plan).
import assert from 'node:assert/strict';
import type { Statement } from 'better-sqlite3';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('search filter query plans', function () {
  this.timeout(60_000);
  let s: TestServer;
  let read: string;
  let brainId: string;

  before(async () => {
    s = await startTestServer();
    read = s.credential('Read');
    brainId = (await s.request('GET', '/api/v1/brains/main', { token: read })).body.id as string;
    const write = s.credential('Write');
    // `rare` on 4 pages of 48 (pushed into the ranking), `common` on 36 (ranked in a window, filtered after).
    for (let i = 0; i < 48; i++) {
      const status = i % 12 === 0 ? 'rare' : i % 4 === 3 ? 'other' : 'common';
      const markdown = `---\nstatus: ${status}\ntags: [t${i % 3}]\n---\n# Engine note ${i}\n\nThe analytical engine, note ${i}, about gears and cards.\n`;
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: `notes/n${i}.md`, markdown } });
      assert.equal(r.status, 201, r.text);
    }
  });
  after(async () => s.stop());

  /** Every statement the search index prepared that reads page_fields, with its query plan. */
  function fieldPlans(): Map<string, string[]> {
    const statements = (s.c.searchIndex as unknown as { statements: Map<string, Statement> }).statements;
    const out = new Map<string, string[]>();
    for (const text of statements.keys()) {
      if (!/page_fields/.test(text)) continue;
      // The values a real search binds (the planner may look at them): this brain, the status field, a rare value.
      const real: Record<string, unknown> = { brainId, fk0: 'status', fv0: 'rare', match: '"engine"', ids: '[1,2,3]', paths: '[]', cap: 10, window: 50, limit: 10 };
      const params = Object.fromEntries([...new Set([...text.matchAll(/@(\w+)/g)].map((m) => m[1]!))].map((n) => [n, real[n] ?? 'x']));
      const plan = s.c.db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(params) as Array<{ detail: string }>;
      out.set(text, plan.map((p) => p.detail));
    }
    return out;
  }

  it('every page_fields lookup of a filtered search is a primary-key search, before and after ANALYZE', async () => {
    for (const value of ['rare', 'common']) {
      for (const mode of ['exact', 'semantic', 'hybrid']) {
        const r = await s.request('GET', `/api/v1/brains/main/search?q=analytical+engine&mode=${mode}&fm.status=${value}&limit=5`, { token: read });
        assert.equal(r.status, 200, r.text);
        assert.ok(r.body.hits.length > 0, `${mode} fm.status=${value} found nothing`);
      }
    }
    const before = fieldPlans();
    assert.ok(before.size >= 2, `expected the filtered statements to read page_fields (${before.size})`);
    for (const [text, plan] of before) {
      const steps = plan.filter((d) => /\bpage_fields\b|\b(SEARCH|SCAN) f\b/.test(d));
      assert.ok(steps.length > 0, `no page_fields step in the plan of ${text}: ${plan.join(' | ')}`);
      for (const d of steps) {
        // A point lookup: the primary key (brain, key, value, page) or the page index (page, key, + the key's columns), the key and value bound.
        assert.match(d, /^SEARCH .*USING (PRIMARY KEY|COVERING INDEX page_fields_page) \(/, `${d}\nin ${text}`);
        assert.match(d, /key=\?/, d);
        assert.match(d, /value=\?/, d);
      }
    }
    s.c.db.exec('ANALYZE');
    const after = fieldPlans();
    // The filter's own steps stay put (on a table this small the planner may scan the chunks instead of looking them up: not the filter's part).
    const fieldSteps = (plan: string[] | undefined) => (plan ?? []).filter((d) => /\bpage_fields\b|\b(SEARCH|SCAN) f\b/.test(d));
    for (const [text, plan] of before) assert.deepEqual(fieldSteps(after.get(text)), fieldSteps(plan), `the filter's plan changed after ANALYZE: ${text}`);
  });
});
