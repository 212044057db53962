// Exact searches on the search threads (services/searchThreads.ts): the same answer as the event
// loop's SearchService, byte for byte; a search sent after a write's answer sees the write
// (read-your-writes across the two connections); refusals as before; BRAINKEEP_SEARCH_THREADS=0
// keeps every search on the event loop.
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';

const PAGES: Record<string, string> = {
  'people/ada-lovelace.md': '---\ntags: [math]\nemail: ada@example.com\n---\n# Ada Lovelace\n\nAda wrote the first published algorithm for the Analytical Engine of [[people/charles-babbage]].\n\n## Later life\n\nShe wrote to Faraday about engines and poetry.\n',
  'people/charles-babbage.md': '# Charles Babbage\n\nMathematician who designed the Analytical Engine and the Difference Engine.\n',
  'notes/garage-visit.md': '# Garage visit\n\nThe mechanic replaced the brake pads and changed the engine oil.\n',
  'notes/reunion.md': '# Réunion au café\n\nNotes from the réunion: the café served crème brûlée.\n',
  'archive/old-engine.md': '---\ntags: [history]\n---\n# Old engine\n\nA steam engine from 1850, before the analytical one.\n',
};

const QUERIES: Array<Record<string, string>> = [
  { q: 'analytical engine' },
  { q: 'engine', limit: '3' },
  { q: 'Babbage' },
  { q: '"brake pads"' },
  { q: 'reunion cafe' },
  { q: 'engin*' },
  { q: 'engine', folder: 'people' },
  { q: 'engine', tag: 'history' },
  { q: 'nothing-matches-this' },
  { q: 'ada@example.com' },
];

describe('search threads', function () {
  this.timeout(60_000);
  let s: TestServer;
  let read: string;
  let write: string;
  const exact = (query: Record<string, string>, token = read) => s.request('GET', `/api/v1/brains/main/search?${new URLSearchParams({ ...query, mode: 'exact' })}`, { token });

  before(async () => {
    s = await startTestServer();
    read = s.credential('Read');
    write = s.credential('Write');
    for (const [path, markdown] of Object.entries(PAGES)) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown } });
      assert.equal(r.status, 201, r.text);
    }
  });
  after(async () => s.stop());

  it('answers exactly what the event loop answers: ranking, scores, snippets, why', async () => {
    const before = s.c.searchThreads.answered;
    for (const query of QUERIES) {
      const r = await exact(query);
      assert.equal(r.status, 200, r.text);
      assert.match(r.headers.get('content-type') ?? '', /^application\/json; charset=utf-8$/);
      const params: Record<string, unknown> = { ...query, mode: 'exact' };
      if (query.limit) params.limit = Number(query.limit);
      if (query.tag) params.tags = [query.tag];
      delete params.tag;
      const local = await s.c.search.search({ kind: 'system', name: 'test' }, 'main', params);
      assert.equal(r.text, JSON.stringify(local), `q=${query.q}`);
    }
    assert.equal(s.c.searchThreads.answered - before, QUERIES.length, 'every exact search ran on a thread');
    assert.equal(s.c.searchThreads.fallbacks, 0);
  });

  it('sees every write answered before the search was sent (read-your-writes)', async () => {
    const before = s.c.searchThreads.answered;
    for (let i = 0; i < 25; i++) {
      const word = `zebrafish${i}x`;
      const path = `ryw/p${i % 5}.md`;
      const put = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown: `# Page ${i}\n\nThe ${word} swims.\n` } });
      assert.ok(put.status < 300, put.text);
      const found = await exact({ q: word });
      assert.deepEqual(found.body.hits.map((h: { path: string }) => h.path), [path], `write ${i}`);
      // The page's previous words are gone with the same write.
      if (i >= 5) assert.deepEqual((await exact({ q: `zebrafish${i - 5}x` })).body.hits, [], `old words of write ${i}`);
    }
    const del = await s.request('DELETE', '/api/v1/brains/main/pages?path=ryw/p4.md', { token: write });
    assert.ok(del.status < 300, del.text);
    assert.deepEqual((await exact({ q: 'zebrafish24x' })).body.hits, []);
    assert.equal(s.c.searchThreads.answered - before, 25 + 20 + 1);
    assert.equal(s.c.searchThreads.fallbacks, 0);
  });

  it('refuses as before: no token 401, another brain 404, bad parameters 400', async () => {
    assert.equal((await exact({ q: 'engine' }, '')).status, 401);
    const r404 = await s.request('GET', `/api/v1/brains/nope/search?q=engine&mode=exact`, { token: read });
    assert.equal(r404.status, 404);
    assert.match(r404.headers.get('content-type') ?? '', /problem\+json/);
    const bad = await s.request('GET', `/api/v1/brains/main/search?q=engine&mode=exact&limit=1000`, { token: read });
    assert.equal(bad.status, 400);
  });

  it('keeps hybrid searches on the event loop', async () => {
    const before = s.c.searchThreads.answered;
    const r = await s.request('GET', `/api/v1/brains/main/search?q=engine`, { token: read });
    assert.equal(r.status, 200);
    assert.equal(s.c.searchThreads.answered, before);
  });
});

describe('search threads off (BRAINKEEP_SEARCH_THREADS=0)', function () {
  this.timeout(60_000);
  it('runs exact searches on the event loop with the same answer', async () => {
    const s = await startTestServer({ BRAINKEEP_SEARCH_THREADS: '0' });
    try {
      const write = s.credential('Write');
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'a.md', markdown: '# Alpha\n\nThe engine.\n' } });
      assert.equal(r.status, 201);
      const found = await s.request('GET', '/api/v1/brains/main/search?q=engine&mode=exact', { token: write });
      assert.deepEqual(found.body.hits.map((h: { path: string }) => h.path), ['a.md']);
      assert.equal(s.c.searchThreads.answered, 0);
    } finally {
      await s.stop();
    }
  });
});
