// A facet filter is applied inside the rankings when it admits a small share of the brain (its
// pages' chunks, kept until the index changes) and after them, in a widened window, when it admits
// a large one (issue 24: filtered search within 1.2× of unfiltered). Either way a filtered search
// finds exactly the pages of the unfiltered one that the filter admits; the kept chunks follow
// edits, deletes and commits by another connection at once.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { databaseFile } from '../../src/storage/sqlite/database.js';
import type { SearchFilters } from '../../src/storage/sqlite/searchIndexRepo.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const HERD = Array.from({ length: 12 }, (_, i) => `herd/zebra-${String(i).padStart(2, '0')}.md`);
const STRAYS = Array.from({ length: 8 }, (_, i) => `strays/zebra-${i}.md`);

describe('search filters: pushed down or windowed, kept or read again', function () {
  this.timeout(60_000);
  let s: TestServer;
  let read: string;
  let write: string;
  let brainId: string;

  const put = async (path: string, markdown: string) => {
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown } });
    assert.ok(r.status === 200 || r.status === 201, r.text);
  };
  const search = async (mode: string, filter: Array<[string, string]>, q = 'zebra') => {
    const r = await s.request('GET', `/api/v1/brains/main/search?${new URLSearchParams([['q', q], ['mode', mode], ['limit', '100'], ...filter])}`, { token: read });
    assert.equal(r.status, 200, r.text);
    return (r.body.hits as Array<{ path: string }>).map((h) => h.path);
  };
  const FILTERS: Array<{ name: string; query: [string, string]; facets: Partial<SearchFilters> }> = [
    { name: 'a tag', query: ['tag', 'herd'], facets: { tags: ['herd'] } },
    { name: 'a frontmatter field', query: ['fm.kind', 'herd'], facets: { fields: [['kind', 'herd']] } },
    // No schema folder has the type: its set is the pages whose frontmatter names it.
    { name: 'an entity type', query: ['type', 'herd'], facets: { type: { name: 'herd', folders: [], except: [] } } },
  ];
  const plan = (facets: Partial<SearchFilters>) => s.c.searchIndex.facetPlan(brainId, { folder: null, partition: null, includeArchived: false, ...facets });

  /** Each mode's filtered hits beside its unfiltered hits cut down to the pages the filter admits. */
  async function assertFilteredSubset(admitted: Set<string>): Promise<void> {
    for (const f of FILTERS) {
      for (const mode of ['exact', 'semantic', 'hybrid']) {
        const filtered = await search(mode, [f.query]);
        const expected = (await search(mode, [])).filter((p) => admitted.has(p));
        assert.ok(expected.length > 0, `${mode}: the unfiltered search found none of the admitted pages`);
        // The fused order depends on each list's other members: the same pages, in any order.
        if (mode === 'hybrid') assert.deepEqual([...filtered].sort(), [...expected].sort(), `${mode} by ${f.name}`);
        else assert.deepEqual(filtered, expected, `${mode} by ${f.name}`);
      }
    }
  }

  before(async () => {
    s = await startTestServer();
    read = s.credential('Read');
    write = s.credential('Write');
    brainId = s.mainBrainId;
    // Strong and weak matches on both sides of the filter.
    for (const [i, path] of HERD.entries()) await put(path, `---\ntags: [herd]\nkind: herd\ntype: herd\n---\n# Grazer ${i}\n\n${'zebra '.repeat(1 + (i % 4))}on the plain by the river, number ${i}.\n`);
    for (const [i, path] of STRAYS.entries()) await put(path, `---\nkind: stray\n---\n# Zebra stray ${i}\n\nA zebra ${i % 2 ? 'zebra ' : ''}alone on the plain by the river.\n`);
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  it('finds the same pages whether the filter is applied after the rankings or inside them', async () => {
    // 12 pages of 20: a wide filter, applied to a widened window of the best matches.
    for (const f of FILTERS) assert.equal(plan(f.facets)!.pushdown, false, f.name);
    await assertFilteredSubset(new Set(HERD));
    // 40 more pages neither filter admits: 12 of 60 is a narrow filter, applied inside the rankings.
    for (let i = 0; i < 40; i++) await put(`other/pelican-${i}.md`, `# Pelican ${i}\n\nA pelican over the harbour, fishing at dawn, number ${i}.\n`);
    await s.c.embeddings.drain();
    for (const f of FILTERS) assert.equal(plan(f.facets)!.pushdown, true, f.name);
    await assertFilteredSubset(new Set(HERD));
  });

  it('the chunks kept for a filter follow edits, deletes and other connections’ commits', async () => {
    const admitted = new Set(HERD);
    for (const f of FILTERS) assert.equal(plan(f.facets)!.pushdown, true, f.name);
    // Asked twice: the second search takes the kept chunks.
    for (let i = 0; i < 2; i++) await assertFilteredSubset(admitted);
    // A new page the filters admit, an edited one they no longer do, a deleted one.
    await put('herd/zebra-new.md', '---\ntags: [herd]\nkind: herd\ntype: herd\n---\n# Newcomer\n\nA zebra zebra zebra joined the herd on the plain.\n');
    admitted.add('herd/zebra-new.md');
    await put(HERD[0]!, '---\ntags: [stray]\nkind: stray\ntype: stray\n---\n# Grazer 0\n\nzebra on the plain by the river, number 0.\n');
    admitted.delete(HERD[0]!);
    const del = await s.request('DELETE', `/api/v1/brains/main/pages?path=${encodeURIComponent(HERD[1]!)}`, { token: write });
    assert.ok(del.status === 200 || del.status === 204, del.text);
    admitted.delete(HERD[1]!);
    await s.c.embeddings.drain();
    for (const mode of ['exact', 'semantic']) {
      for (const f of FILTERS) {
        const found = await search(mode, [f.query]);
        assert.ok(found.includes('herd/zebra-new.md') && !found.includes(HERD[0]!) && !found.includes(HERD[1]!), `${mode} by ${f.name}: ${found.join()}`);
      }
    }
    await assertFilteredSubset(admitted);
    // Another connection (the operator's CLI, another process) takes a page's tag, field and type away.
    const other = new Database(databaseFile(s.dataDir));
    try {
      const id = (other.prepare('SELECT id FROM pages WHERE brain_id = ? AND path = ?').pluck().get(brainId, HERD[2]!) as number);
      other.prepare("DELETE FROM page_tags WHERE page_id = ? AND tag = 'herd'").run(id);
      other.prepare("DELETE FROM page_fields WHERE page_id = ? AND key = 'kind'").run(id);
      other.prepare("DELETE FROM page_fields WHERE page_id = ? AND key = 'type'").run(id);
    } finally {
      other.close();
    }
    for (const mode of ['exact', 'semantic', 'hybrid']) {
      for (const f of FILTERS) {
        const found = await search(mode, [f.query]);
        assert.ok(found.length > 0 && !found.includes(HERD[2]!), `${mode} by ${f.name}: ${found.join()}`);
      }
    }
  });

  it('a filter that admits no page finds nothing, in every mode', async () => {
    for (const mode of ['exact', 'semantic', 'hybrid']) {
      assert.deepEqual(await search(mode, [['tag', 'no-such-tag']]), []);
      assert.deepEqual(await search(mode, [['fm.kind', 'unicorn']]), []);
    }
  });
});
