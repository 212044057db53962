// Search filters (issue 24): tag (frontmatter `tags` and inline `#tags`), entity type (frontmatter
// `type`, else the schema folder's), frontmatter equality and the update date, over REST and MCP,
// in every mode, ANDed with each other and with folder and partition; unknown filters and bad
// dates are a 400 problem; the facet tables follow edits, deletes and a reindex.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';

const FIXTURE: Record<string, string> = {
  'people/ada-lovelace.md': `---
tags: [math, pioneer]
status: active
---
# Ada Lovelace

Ada wrote about the analytical engine.
`,
  'people/charles-babbage.md': `---
tags: math
status: retired
---
# Charles Babbage

Babbage designed the analytical engine. #Inventor
`,
  'notes/engine-notes.md': `# Engine notes

Notes on the analytical engine, tagged inline #math and #history/computing.

\`\`\`
#notatag inside code about the analytical engine
\`\`\`
`,
  'notes/person-by-field.md': `---
type: person
status: Active
---
# Grace Hopper

Grace worked on the analytical engine of her day, the compiler.
`,
  'people/not-a-person.md': `---
type: company
---
# Engine Works

A company that builds the analytical engine.
`,
};

describe('search filters', function () {
  let s: TestServer;
  let read: string;
  let write: string;
  let between = '';

  const search = async (query: Array<[string, string]>) => s.request('GET', `/api/v1/brains/main/search?${new URLSearchParams(query).toString()}`, { token: read });
  const found = async (query: Array<[string, string]>) => {
    const r = await search([['q', 'analytical engine'], ['limit', '20'], ...query]);
    assert.equal(r.status, 200, r.text);
    return (r.body.hits as Array<{ path: string }>).map((h) => h.path).sort();
  };

  before(async () => {
    s = await startTestServer();
    read = s.credential('Read');
    write = s.credential('Write');
    for (const [path, markdown] of Object.entries(FIXTURE)) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown } });
      assert.equal(r.status, 201, r.text);
    }
    await new Promise((r) => setTimeout(r, 20));
    between = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/late.md', markdown: '---\ntags: [math]\n---\n# Late\n\nThe analytical engine, revisited.\n' } });
    assert.equal(r.status, 201, r.text);
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  for (const mode of ['exact', 'semantic', 'hybrid']) {
    describe(`${mode} mode`, () => {
      const m: [string, string] = ['mode', mode];
      it('tag matches frontmatter tags (list or string) and inline #tags, case-insensitively, not inside code', async () => {
        assert.deepEqual(await found([m, ['tag', 'math']]), ['notes/engine-notes.md', 'notes/late.md', 'people/ada-lovelace.md', 'people/charles-babbage.md']);
        assert.deepEqual(await found([m, ['tag', 'INVENTOR']]), ['people/charles-babbage.md']);
        assert.deepEqual(await found([m, ['tag', '#history/computing']]), ['notes/engine-notes.md']);
        assert.deepEqual(await found([m, ['tag', 'notatag']]), []);
      });
      it('several tags AND, and AND with folder', async () => {
        assert.deepEqual(await found([m, ['tag', 'math'], ['tag', 'pioneer']]), ['people/ada-lovelace.md']);
        assert.deepEqual(await found([m, ['tag', 'math'], ['folder', 'notes']]), ['notes/engine-notes.md', 'notes/late.md']);
      });
      it('type: the frontmatter type, else the schema folder of that entity type', async () => {
        assert.deepEqual(await found([m, ['type', 'person']]), ['notes/person-by-field.md', 'people/ada-lovelace.md', 'people/charles-babbage.md']);
        assert.deepEqual(await found([m, ['type', 'Company']]), ['people/not-a-person.md']);
      });
      it('fm.<key> is equality, case-insensitive, and ANDs with type and tag', async () => {
        assert.deepEqual(await found([m, ['fm.status', 'active']]), ['notes/person-by-field.md', 'people/ada-lovelace.md']);
        assert.deepEqual(await found([m, ['fm.status', 'active'], ['tag', 'math']]), ['people/ada-lovelace.md']);
        assert.deepEqual(await found([m, ['fm.status', 'retired'], ['type', 'person']]), ['people/charles-babbage.md']);
      });
      it('updatedAfter and updatedBefore bound the update time', async () => {
        assert.deepEqual(await found([m, ['updatedAfter', between]]), ['notes/late.md']);
        const before = await found([m, ['updatedBefore', between]]);
        assert.ok(!before.includes('notes/late.md') && before.includes('people/ada-lovelace.md'), before.join());
        assert.deepEqual(await found([m, ['updatedAfter', '2999-01-01']]), []);
        assert.ok((await found([m, ['updatedAfter', '2000-01-01'], ['updatedBefore', '2999-01-01']])).length >= 6);
      });
    });
  }

  describe('bad input', () => {
    it('an unknown filter is a 400 problem naming it', async () => {
      const r = await search([['q', 'engine'], ['tags', 'math'], ['colour', 'red']]);
      assert.equal(r.status, 400);
      assert.match(r.headers.get('content-type') ?? '', /problem\+json/);
      assert.equal(r.body.code, 'unknown_parameter');
      assert.match(r.body.detail, /tags, colour/);
    });
    it('a bad date is a 400 problem', async () => {
      for (const d of ['yesterday', '2024-13-01', '2024-02-30', '2024-05-01T25:00:00Z']) {
        const r = await search([['q', 'engine'], ['updatedAfter', d]]);
        assert.equal(r.status, 400, d);
        assert.equal(r.body.code, 'invalid_parameter', d);
      }
      const r = await search([['q', 'engine'], ['updatedBefore', '2024-05-01T10:00']]);
      assert.equal(r.status, 200);
    });
    it('an empty fm key or value is a 400 problem', async () => {
      assert.equal((await search([['q', 'engine'], ['fm.status', '']])).status, 400);
    });
  });

  describe('MCP', () => {
    let mcp: Client;
    before(async () => {
      mcp = new Client({ name: 'brainkeep-test', version: '1.0.0' });
      await mcp.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${read}` } } }));
    });
    after(async () => mcp.close());
    const call = async (args: Record<string, unknown>) => (await mcp.callTool({ name: 'search', arguments: { brain: 'main', q: 'analytical engine', limit: 20, ...args } })) as { isError?: boolean; structuredContent?: any; content: any };
    const paths = (r: { structuredContent?: any; content: any }) => (r.structuredContent.hits as Array<{ path: string }>).map((h) => h.path).sort();

    it('takes tags, type, frontmatter, updatedAfter and updatedBefore', async () => {
      assert.deepEqual(paths(await call({ tags: ['math', 'pioneer'] })), ['people/ada-lovelace.md']);
      assert.deepEqual(paths(await call({ type: 'person', frontmatter: { status: 'retired' } })), ['people/charles-babbage.md']);
      assert.deepEqual(paths(await call({ mode: 'exact', updatedAfter: between })), ['notes/late.md']);
      assert.deepEqual(paths(await call({ mode: 'semantic', tags: ['math'], updatedBefore: between, folder: 'notes' })), ['notes/engine-notes.md']);
    });
    it('refuses unknown arguments and bad dates', async () => {
      const unknown = await call({ tag: 'math', colour: 'red' });
      assert.equal(unknown.isError, true);
      assert.match(unknown.content[0].text, /colour/);
      const bad = await call({ updatedAfter: 'soon' });
      assert.equal(bad.isError, true);
      assert.match(bad.content[0].text, /updatedAfter/);
    });
  });

  describe('a brain created while the server runs', () => {
    it('type filters by its schema folders from the first search (the schema is read then, not only at start)', async () => {
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'fresh', name: 'Fresh' }, { ownerUserId: s.c.identity.users()[0]!.id });
      const w = s.credential('Write', 'fresh');
      const put = await s.request('PUT', '/api/v1/brains/fresh/pages', { token: w, body: { path: 'people/lin-wei.md', markdown: '# Lin Wei\n\nLin maintains the analytical engine replica.\n' } });
      assert.equal(put.status, 201, put.text);
      const r = await s.request('GET', '/api/v1/brains/fresh/search?q=analytical+engine&mode=exact&type=person', { token: s.credential('Read', 'fresh') });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual((r.body.hits as Array<{ path: string }>).map((h) => h.path), ['people/lin-wei.md']);
    });
  });

  describe('the facet tables follow writes', () => {
    it('an edit changes the tags, a delete forgets them, a reindex rebuilds them', async () => {
      const put = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'people/ada-lovelace.md', markdown: '---\ntags: [poet]\nstatus: active\n---\n# Ada Lovelace\n\nAda wrote about the analytical engine.\n' } });
      assert.ok(put.status === 200, put.text);
      assert.deepEqual(await found([['mode', 'exact'], ['tag', 'pioneer']]), []);
      assert.deepEqual(await found([['mode', 'exact'], ['tag', 'poet']]), ['people/ada-lovelace.md']);
      const brainId = s.c.access.findBrain('main')!.id;
      await s.c.writes.rebuild(brainId);
      assert.deepEqual(await found([['mode', 'exact'], ['tag', 'poet']]), ['people/ada-lovelace.md']);
      assert.deepEqual(await found([['mode', 'exact'], ['fm.status', 'retired']]), ['people/charles-babbage.md']);
      const del = await s.request('DELETE', '/api/v1/brains/main/pages?path=people/ada-lovelace.md', { token: write });
      assert.ok(del.status === 200 || del.status === 204, del.text);
      assert.deepEqual(await found([['mode', 'exact'], ['tag', 'poet']]), []);
      const db = s.c.db;
      assert.equal((db.prepare("SELECT COUNT(*) AS n FROM page_tags WHERE tag = 'poet'").get() as { n: number }).n, 0);
    });
  });
});

// A filter admitting a quarter of the pages is applied inside the FTS5 ranking: the query's best
// matches all lie outside it, and the filtered pages are still found, in the unfiltered order.
describe('search filters: a quarter of the brain, which the best matches lie outside', function () {
  let s: TestServer;
  let read: string;
  const rare = Array.from({ length: 16 }, (_, i) => `rare/page-${String(i).padStart(2, '0')}.md`);

  before(async () => {
    s = await startTestServer();
    read = s.credential('Read');
    const write = s.credential('Write');
    const pages: Array<[string, string]> = [
      // Strong matches (the word in the title, twice in the text), none admitted by the filter.
      ...Array.from({ length: 48 }, (_, i): [string, string] => [`common/page-${i}.md`, `---\nkind: common\n---\n# Zebra ${i}\n\nZebra zebra grazing on the plain.\n`]),
      // Weak matches (the word once in a longer text), all admitted.
      ...rare.map((path, i): [string, string] => [path, `---\nkind: rare\n---\n# Savanna ${i}\n\nA long walk over the plain, past the river and the hills, where a zebra was seen once by the guide.\n`]),
    ];
    for (const [path, markdown] of pages) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown } });
      assert.equal(r.status, 201, r.text);
    }
  });
  after(async () => s.stop());

  it('finds the filtered pages, the same as asking for all of them', async () => {
    const paths = async (limit: number) => {
      const r = await s.request('GET', `/api/v1/brains/main/search?${new URLSearchParams({ q: 'zebra', mode: 'exact', limit: String(limit), 'fm.kind': 'rare' })}`, { token: read });
      assert.equal(r.status, 200, r.text);
      return (r.body.hits as Array<{ path: string }>).map((h) => h.path);
    };
    const all = await paths(50);
    assert.deepEqual([...all].sort(), rare);
    const top = await paths(3);
    assert.deepEqual(top, all.slice(0, 3));
  });
});
