// `brainkeep reindex` rebuilds search from the repositories alone: after it runs (as the real
// CLI, beside the running server), every mode returns exactly what the live index returned, and
// pages that predate the search tables are indexed on start.
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { runCli } from '../helpers/cli.js';

const PAGES: Record<string, string> = {
  'people/grace-hopper.md': '---\naliases: [Amazing Grace]\n---\n# Grace Hopper\n\nRear admiral and computer scientist who built the first compiler for [[projects/cobol|COBOL]].\n\n## Navy\n\nServed in the navy reserve for decades.\n',
  'projects/cobol.md': '# COBOL\n\nA business programming language designed in 1959, influenced by [[Grace Hopper]].\n',
  'notes/bugs.md': '# The first bug\n\nA moth stuck in a relay of the Mark II computer was taped into the logbook.\n',
  'notes/gardening.md': '# Gardening\n\nTomatoes and basil grow well together on a sunny balcony.\n',
  'notes/draft.md': '# Draft\n\nLinks to [[Wanted Page]] that does not exist.\n',
};

describe('search reindex', function () {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startTestServer();
    token = s.credential('Write');
    for (const [path, markdown] of Object.entries(PAGES)) {
      assert.equal((await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path, markdown } })).status, 201);
    }
    // History, so the rebuild replays more than one version of a page.
    await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: 'notes/gardening.md', markdown: PAGES['notes/gardening.md']!.replace('basil', 'basil and chives') } });
    await s.request('POST', '/api/v1/brains/main/pages/move', { token, body: { fromPath: 'notes/bugs.md', toPath: 'notes/first-bug.md' } });
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const q of ['compiler', 'insect in the machine', 'Grace Hopper', 'amazing grace', 'programming language', 'herbs on a balcony', 'navy']) {
      for (const mode of ['exact', 'semantic', 'hybrid']) {
        const r = await s.request('GET', `/api/v1/brains/main/search?${new URLSearchParams({ q, mode })}`, { token });
        assert.equal(r.status, 200);
        out[`${mode}:${q}`] = r.body.hits;
      }
    }
    out.backlinks = (await s.request('GET', '/api/v1/brains/main/graph/backlinks?path=people/grace-hopper.md', { token })).body;
    out.wanted = (await s.request('GET', '/api/v1/brains/main/graph/wanted', { token })).body;
    out.traverse = (await s.request('GET', '/api/v1/brains/main/graph/traverse?path=projects/cobol.md&depth=2', { token })).body;
    return out;
  };

  it('reindex from git gives the same results as the live index, in every mode', async () => {
    const live = await snapshot();
    assert.ok((live['semantic:insect in the machine'] as Array<{ path: string }>)[0]!.path === 'notes/first-bug.md');
    const chunksBefore = s.c.searchIndex.chunkCount(s.mainBrainId);
    const r = runCli(['reindex', '--brain', 'main'], { BRAINKEEP_DATA: s.dataDir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, String(Object.keys(PAGES).length));
    assert.match(r.stderr, /reindexed main: \d+ commits, 5 pages, (\d+) chunks, \1 embedded/, 'the CLI embedded every chunk itself');
    assert.doesNotMatch(r.stderr, /NOT embedded/);
    assert.equal(s.c.searchIndex.chunkCount(s.mainBrainId), chunksBefore);
    await s.c.embeddings.drain();
    assert.deepEqual(await snapshot(), live);
  });

  it('an index emptied behind the server is filled again on start (pages that predate search)', async () => {
    s.c.db.exec('DELETE FROM search_links; DELETE FROM search_page_keys;');
    s.c.searchIndex.brainCleared(s.mainBrainId);
    assert.equal(s.c.searchIndex.chunkCount(s.mainBrainId), 0);
    assert.ok(s.c.search.indexMissingPages() >= 5);
    await s.c.embeddings.drain();
    const r = await s.request('GET', '/api/v1/brains/main/search?q=compiler&mode=exact', { token });
    assert.equal(r.body.hits[0].path, 'people/grace-hopper.md');
    const b = await s.request('GET', '/api/v1/brains/main/graph/backlinks?path=people/grace-hopper.md', { token });
    assert.deepEqual(b.body.backlinks.map((x: { path: string }) => x.path), ['projects/cobol.md']);
  });
});
