// `brainkeep reindex` derives again the pages an older version of derivation indexed, or the brain's
// schema as it was (domain/pageDerivation.ts DERIVATION_VERSION and the schema's rules, recorded
// per page row, pageIndexRepo derivationStamp): their chunks, names, links
// and facets are made again by the running code, without a change in the feed or an event, each
// row keeping its version and stamp, chunks whose text is the same keeping their vectors and a
// changed chunk embedded again. A brain already at the code's version is left exactly as it is.
// On SQLite and on PostgreSQL.
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers/server.js';
import { describeOnBothBackends } from '../helpers/serverBackends.js';
import { pathKey } from '../../src/domain/pageRefs.js';

/** A schema whose one relation types the links after "works with" (the default cue table does not). */
const SCHEMA = {
  folders: [{ path: 'people', description: 'People', entityType: 'person' }],
  entityTypes: [{ name: 'person', folder: 'people', description: 'A person.', fields: [{ name: 'title', type: 'string', required: true }] }],
  relations: { mentor_of: { before: ['works with'] } },
};

describeOnBothBackends('reindex derives again what an older derivation made', (b) => {
  let s: TestServer;
  before(async function () {
    this.timeout(180_000);
    s = await b.startServer();
    const write = s.credential('Write');
    for (let i = 0; i < 6; i++) {
      // The last page long enough for several chunks.
      const long = i === 5 ? ['History', 'Projects', 'Plans'].map((h, k) => `\n## ${h}\n\n${Array.from({ length: 260 }, (_, w) => `word${k}x${w % 40}`).join(' ')}.\n`).join('') : '';
      const markdown = `---\ntags: [topic${i % 2}, shared]\nstatus: open\n---\n# Person ${i}\n\nReports to [[people/p${(i + 1) % 6}]] and works with [[people/p${(i + 2) % 6}]].\n\n## Notes\n\nSome words about subject ${i}.\n${long}`;
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: `people/p${i}.md`, markdown } });
      assert.ok(r.status === 200 || r.status === 201, `${r.status} ${r.text}`);
    }
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  const brain = () => s.c.access.findBrain('main')!;
  const all = (sql: string) => s.c.db.prepare(sql).all(s.mainBrainId) as Array<Record<string, unknown>>;
  // Every derived row of the brain, in a stable order (ids included: a row made again is a change).
  const derivedRows = () => ({
    pages: all('SELECT id, path, title, summary, frontmatter, version, blob_oid, commit_oid, updated_at, updated_by, derivation FROM pages WHERE brain_id = ? ORDER BY path'),
    chunks: all('SELECT id, page_id, ordinal, heading, meta, hash FROM search_chunks WHERE brain_id = ? ORDER BY id'),
    links: all('SELECT l.from_page_id, l.ordinal, l.to_page_id, l.kind, l.heading, l.line, l.type FROM search_links l JOIN pages p ON p.id = l.from_page_id WHERE p.brain_id = ? ORDER BY l.from_page_id, l.ordinal'),
    keys: all('SELECT page_id, key, kind, label FROM search_page_keys WHERE brain_id = ? ORDER BY page_id, kind, key'),
    tags: all('SELECT page_id, tag FROM page_tags WHERE brain_id = ? ORDER BY page_id, tag'),
    fields: all('SELECT page_id, key, value FROM page_fields WHERE brain_id = ? ORDER BY page_id, key, value'),
    vectors: all('SELECT chunk_id AS id FROM search_embeddings WHERE brain_id = ? ORDER BY chunk_id'),
  });
  const marks = () => ({ feed: s.c.pageIndex.latestSeq(s.mainBrainId), events: s.c.events.latestSeq(s.mainBrainId) });

  it('a brain at the current version: nothing is derived again, no row changes', async () => {
    const rows = derivedRows();
    const stamp = s.c.pageIndex.derivationStampOf(s.mainBrainId);
    assert.ok(rows.pages.length === 6 && rows.pages.every((p) => p.derivation === stamp), JSON.stringify([stamp, rows.pages.map((p) => p.derivation)]));
    assert.ok(rows.links.length > 0 && rows.tags.length > 0 && rows.vectors.length > 0);
    const before = marks();
    const pagesPut: string[] = [];
    const off = s.c.searchIndex.onPagePut((_id, p) => pagesPut.push(p));
    try {
      const r = await s.c.reindex.reindex([brain()]);
      assert.equal(r.brains[0]!.refreshed, 0);
      assert.equal(r.brains[0]!.corrected, 0);
    } finally {
      off();
    }
    assert.deepEqual(pagesPut, [], 'no page went through the index hooks');
    assert.deepEqual(derivedRows(), rows);
    assert.deepEqual(marks(), before);
  });

  it('after a derivation bump every page is derived again: rows restored, no feed entry nor event, vectors kept', async () => {
    const rows = derivedRows();
    const before = marks();
    const embedded = s.c.embeddings.status(brain()).embedded;
    const id = (p: string) => (rows.pages.find((r) => r.path === p)!.id as number);
    // The index as an older derivation left it: every row stamped with an older version, and
    // derived rows that differ from what the current code makes of the same markdown.
    s.c.db.prepare("UPDATE pages SET derivation = '0' WHERE brain_id = ?").run(s.mainBrainId);
    s.c.db.prepare("UPDATE search_links SET type = 'mentions' WHERE from_page_id = ?").run(id('people/p1.md'));
    s.c.db.prepare('DELETE FROM page_tags WHERE page_id = ?').run(id('people/p2.md'));
    s.c.db.prepare("UPDATE page_fields SET value = 'closed' WHERE page_id = ? AND key = 'status'").run(id('people/p3.md'));
    s.c.db.prepare('DELETE FROM search_page_keys WHERE page_id = ?').run(id('people/p4.md'));
    assert.notDeepEqual(derivedRows().links, rows.links, 'the spoilt link types differ');

    const r = await s.c.reindex.reindex([brain()]);
    assert.equal(r.brains[0]!.refreshed, 6);
    assert.equal(r.brains[0]!.corrected, 0);
    assert.equal(r.brains[0]!.commits, 0);
    assert.deepEqual(derivedRows(), rows, 'every derived row as the current code makes it, ids, versions and stamps kept');
    assert.deepEqual(marks(), before, 'no feed entry, no event');
    const status = s.c.embeddings.status(brain());
    assert.equal(status.embedded, embedded);
    assert.equal(status.pending, 0);

    // Done once: the next reindex finds nothing to derive again.
    const again = await s.c.reindex.reindex([brain()]);
    assert.equal(again.brains[0]!.refreshed, 0);
  });

  it('a chunk the older derivation cut differently is replaced and embedded again; the others keep their vectors', async () => {
    const rows = derivedRows();
    const page = rows.pages.find((p) => p.path === 'people/p5.md')!;
    const chunks = rows.chunks.filter((c) => c.page_id === page.id);
    assert.ok(chunks.length >= 2, JSON.stringify(chunks));
    const changed = chunks[chunks.length - 1]!;
    // An older derivation hashed (cut) this chunk differently from the current code.
    s.c.db.prepare("UPDATE search_chunks SET hash = 'from-an-older-derivation' WHERE id = ?").run(changed.id);
    s.c.db.prepare("UPDATE pages SET derivation = '0' WHERE id = ?").run(page.id);
    const before = marks();

    const r = await s.c.reindex.reindex([brain()]);
    assert.equal(r.brains[0]!.refreshed, 1);
    const after = derivedRows();
    const ids = (list: Array<Record<string, unknown>>) => list.map((c) => c.id as number);
    assert.ok(!ids(after.chunks).includes(changed.id as number), 'the old chunk is gone');
    const fresh = after.chunks.filter((c) => !ids(rows.chunks).includes(c.id as number));
    assert.equal(fresh.length, 1);
    assert.equal(fresh[0]!.hash, rows.chunks.find((c) => c.id === changed.id)!.hash, 'the current hash');
    assert.deepEqual(
      after.chunks.filter((c) => c.id !== fresh[0]!.id),
      rows.chunks.filter((c) => c.id !== changed.id),
      'every other chunk kept',
    );
    // The reindex embedded the new chunk itself; the kept chunks kept their vectors.
    assert.deepEqual(ids(after.vectors), [...ids(rows.vectors).filter((x) => x !== changed.id), fresh[0]!.id as number].sort((x, y) => x - y));
    assert.equal(s.c.embeddings.status(brain()).pending, 0);
    assert.deepEqual(marks(), before);
    // The new chunk's words are found (its full-text row went in with it): a word only the replaced
    // last chunk ('Plans') holds.
    const hit = await s.request('GET', `/api/v1/brains/main/search?${new URLSearchParams({ q: 'word2x5', mode: 'exact' })}`, { token: s.credential('Read') });
    assert.equal(hit.status, 200, hit.text);
    assert.equal(hit.body.hits[0]?.path, 'people/p5.md', JSON.stringify(hit.body.hits));
  });

  it("a schema's new relation retypes the links of pages written before it, at the next reindex", async () => {
    const typeOf = (from: string, to: string) =>
      all(`SELECT l.type FROM search_links l JOIN search_link_targets t ON t.id = l.target_id JOIN pages f ON f.id = l.from_page_id WHERE t.brain_id = ? AND f.path = '${from}' AND t.target = '${to}'`).map((r) => r.type);
    const typed = typeOf('people/p0.md', 'people/p2');
    assert.equal(typed.length, 1);
    assert.notDeepEqual(typed, ['mentor_of']);
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: s.credential('Admin'), body: { path: '.brain/schema.json', markdown: JSON.stringify(SCHEMA) } });
    assert.ok(r.status === 200 || r.status === 201, r.text);
    // The pages written before the schema keep the types they were written with until a reindex.
    await s.c.brains.schemaOf(s.mainBrainId);
    assert.equal(s.c.pageIndex.staleDerivations(s.mainBrainId).size, 6);
    const before = marks();
    const done = await s.c.reindex.reindex([brain()]);
    assert.equal(done.brains[0]!.refreshed, 6);
    assert.deepEqual(typeOf('people/p0.md', 'people/p2'), ['mentor_of']);
    assert.deepEqual(marks(), before, 'no feed entry, no event');
    assert.equal(s.c.pageIndex.staleDerivations(s.mainBrainId).size, 0);
  });

  it('pages cut by another CHUNKING_VERSION are refused in place with nothing changed, and reindex --full takes them', async () => {
    // A page as another chunking cut it (its stamp names chunking version 0).
    s.c.db.prepare("UPDATE pages SET derivation = '1.0:0123456789ab' WHERE brain_id = ? AND path = 'people/p1.md'").run(s.mainBrainId);
    const rows = derivedRows();
    const before = marks();
    await assert.rejects(s.c.reindex.reindex([brain()]), (e: unknown) => /people\/p1\.md/.test((e as Error).message) && /reindex --full/.test((e as Error).message));
    assert.deepEqual(derivedRows(), rows, 'nothing was derived again');
    assert.deepEqual(marks(), before);
    assert.deepEqual(s.c.pageIndex.cutByOtherChunking(s.mainBrainId), ['people/p1.md']);
    await s.c.reindex.reindex([brain()], {}, { full: true });
    assert.deepEqual(s.c.pageIndex.cutByOtherChunking(s.mainBrainId), []);
    assert.equal(s.c.pageIndex.staleDerivations(s.mainBrainId).size, 0);
  });

  it('links keyed by derivation 1 (relative links, markdown hrefs as joined paths) are keyed again by an in-place reindex', async () => {
    const path = 'people/team/rel.md';
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: s.credential('Write'), body: { path, markdown: '# Rel\n\n[[../p1]], [p2](../p2.md) and [p3](p3.md).\n' } });
    assert.ok(r.status === 200 || r.status === 201, `${r.status} ${r.text}`);
    const targets = () => s.c.linkGraph.outgoing(s.mainBrainId, path).map((l) => l.toPath);
    assert.deepEqual(targets(), ['people/p1.md', 'people/p2.md', 'people/p3.md']);
    const stamp = s.c.pageIndex.derivationStampOf(s.mainBrainId);
    assert.match(stamp, /^2\./, 'DERIVATION_VERSION 2: link keys changed');
    // The page as derivation 1 left it: `../p1` keyed as a path from the root and `p3.md` as the
    // path beside the page, both wanted; stamped with version 1.
    const id = s.c.db.prepare('SELECT id FROM pages WHERE brain_id = ? AND path = ?').get(s.mainBrainId, path) as { id: number };
    const old: Record<string, string> = { '../p1': pathKey('../p1'), '../p2.md': pathKey('people/p2'), 'p3.md': pathKey('people/team/p3') };
    for (const [target, key] of Object.entries(old)) s.c.db.prepare('UPDATE search_link_targets SET key = ? WHERE brain_id = ? AND target = ?').run(key, s.mainBrainId, target);
    s.c.db.prepare("UPDATE search_links SET to_page_id = NULL WHERE from_page_id = ? AND ordinal <> 1").run(id.id);
    s.c.db.prepare('UPDATE pages SET derivation = ? WHERE id = ?').run(stamp.replace(/^2\./, '1.'), id.id);
    assert.deepEqual(targets(), [null, 'people/p2.md', null]);
    const again = await s.c.reindex.reindex([brain()]);
    assert.equal(again.brains[0]!.refreshed, 1);
    assert.deepEqual(targets(), ['people/p1.md', 'people/p2.md', 'people/p3.md']);
    assert.equal(s.c.pageIndex.staleDerivations(s.mainBrainId).size, 0);
  });
});

