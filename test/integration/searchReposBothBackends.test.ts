// Search's repositories ported to PostgreSQL (issue 27, step 3): searchIndexRepo and embeddingRepo,
// one module each serving both backends. The same cases run on SQLite (a fresh in-memory database
// per case), on PostgreSQL with pgvector (PGlite behind pglite-socket, emptied between cases) and on
// the machine's own PostgreSQL server, which has pg_trgm and unaccent but no pgvector: there the
// exact cases run as everywhere and the vector cases show search staying exact only, said plainly.
// The real server is skipped, saying why, where none is installed.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { EMBEDDING_PROVIDER } from '../../src/domain/enums.js';
import { EmbeddingService } from '../../src/services/embeddings/embeddingService.js';
import { EmbeddingWorker } from '../../src/jobs/embeddingWorker.js';
import { fitSearchExtensions } from '../../src/storage/postgres/migrations/010_search_terms.js';
import { openPostgres, vectorSearchNotice, type ExtensionReport } from '../../src/storage/postgres/database.js';
import type { PostgresDb } from '../../src/storage/postgres/pgBridge.js';
import { isPostgres, type SyncDb } from '../../src/storage/syncDb.js';
import { BrainsRepo, type BrainRow } from '../../src/storage/sqlite/brainsRepo.js';
import { PageIndexRepo, type ChangeStamp, type IndexEntry } from '../../src/storage/sqlite/pageIndexRepo.js';
import { SearchIndexRepo, type FtsTable, type SearchFilters } from '../../src/storage/sqlite/searchIndexRepo.js';
import { EmbeddingRepo, PGVECTOR_MISSING, type QueuedChunk } from '../../src/storage/sqlite/embeddingRepo.js';
import { allTermsExpression, anyTermExpression, parseQuery } from '../../src/domain/searchQuery.js';
import { cjkAnyExpression, cjkExpression, cjkRuns } from '../../src/domain/scriptFolding.js';
import { tsquerySql } from '../../src/storage/postgres/ftsQuery.js';
import { startTestPostgres, type TestPostgres } from '../helpers/pg.js';
import { realPostgresMissing, realPostgresOrSkip, startRealPostgres, type RealPostgres } from '../helpers/realPg.js';
import { sqliteBackend, type RepoBackend } from '../helpers/backends.js';
import { VAULT_PAGES } from '../fixtures/multiScriptVault.js';

type SearchBackend = RepoBackend & { vectors: boolean; extensions?: () => ExtensionReport | null; missing?: () => string | null };

const TRUNCATE =
  'TRUNCATE brains, partitions, search_chunks, page_tags, page_fields, search_embeddings, search_page_vectors, search_embed_queue, search_embed_state, search_embed_models, search_brain_terms, search_brain_terms_state RESTART IDENTITY CASCADE';

function pgliteBackend(): SearchBackend {
  let server: TestPostgres | null = null;
  let db: PostgresDb | null = null;
  let report: ExtensionReport | null = null;
  return {
    name: 'PostgreSQL (PGlite, pgvector)',
    vectors: true,
    extensions: () => report,
    async setUp() {
      server = await startTestPostgres();
      ({ db, extensions: report } = openPostgres(server.url));
    },
    fresh() {
      dropVectorTables(db!);
      db!.exec(TRUNCATE);
      return db!;
    },
    async tearDown() {
      await db?.close();
      await server?.stop();
    },
  };
}

/** The machine's PostgreSQL 15 (pg_trgm and unaccent, no pgvector); null setUp when none is installed. */
function realBackend(): SearchBackend {
  let server: RealPostgres | null = null;
  let db: PostgresDb | null = null;
  let report: ExtensionReport | null = null;
  return {
    name: 'PostgreSQL (a real server without pgvector)',
    vectors: false,
    extensions: () => report,
    missing: realPostgresMissing,
    async setUp() {
      server = await startRealPostgres();
      ({ db, extensions: report } = openPostgres(server.url));
    },
    fresh() {
      db!.exec(TRUNCATE);
      return db!;
    },
    async tearDown() {
      await db?.close();
      await server?.stop();
    },
  };
}

/** Vector tables are made on first use, one per size: a case starts without them, as a new database does. */
function dropVectorTables(db: PostgresDb): void {
  const names = db.queryRaw("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename ~ '^vec_(chunks|pages)_[0-9]+$'").rows.map((r) => r[0] as string);
  for (const n of names) db.exec(`DROP TABLE ${n}`);
}

const T0 = '2026-01-01T00:00:00.000Z';

function brain(id: string): BrainRow {
  return {
    id, slug: id, name: id, description: null, visibility: 0, templateKey: 'default', embeddingProvider: 0, embeddingModel: null,
    embeddingDimensions: 4, createdAt: T0, createdBy: null,
  };
}

const NO_CONFIG = { partitionFolderOf: () => null, relationRulesOf: () => null };

function stamp(commit: string, at = T0): ChangeStamp {
  return { commit, at, byName: 'Ada', byRef: 'user:ada' };
}

function put(p: string, markdown: string): IndexEntry {
  return { op: 'put', path: p, markdown, blobOid: `blob-${p}-${markdown.length}` };
}

const ALL: SearchFilters = { folder: null, partition: null, includeArchived: true };

const PAGES: Record<string, string> = {
  'places/zurich.md': '# Café Zürich\n\nA small café near the lake, with crème brûlée on Sundays.',
  'places/moscow.md': '# Москва\n\nСтолица России. Встреча в Ёлках была в субботу.',
  'places/tokyo.md': '# 東京の会議\n\n北斗精機と連携の打ち合わせは東京都で行われた。',
  'places/cairo.md': '# القاهرة\n\nمدينة كبيرة على نهر النيل.',
  'notes/running.md': '# Training log\n\nShe runs every morning; the runner analysis is in the appendix.',
  'notes/contacts.md': '# Contacts\n\nWrite to ada@example.com about the v5.7.6 release.',
  'work/plan.md': '---\ntags: [project, urgent]\nstatus: active\ntype: project\n---\n# Roadmap plan\n\nThe lake project plan for the quarter.',
  'archive/old.md': '# Old lake notes\n\nThe lake was frozen.',
};

for (const backend of [sqliteBackend() as SearchBackend, pgliteBackend(), realBackend()]) {
  const vectors = backend.vectors ?? true;
  describe(`search repositories on ${backend.name}`, function () {
    this.timeout(240_000);
    let db: SyncDb;
    let pages: PageIndexRepo;
    let index: SearchIndexRepo;
    let embeddings: EmbeddingRepo;
    before(async function () {
      const missing = backend.missing?.();
      if (missing) {
        console.log(`      (skipped: ${missing})`);
        this.skip();
      }
      await backend.setUp();
    });
    after(() => backend.tearDown());
    beforeEach(() => {
      db = backend.fresh();
      const brains = new BrainsRepo(db);
      brains.insert(brain('b1'));
      brains.insert(brain('b2'));
      embeddings = new EmbeddingRepo(db);
      index = new SearchIndexRepo(db, embeddings);
      pages = new PageIndexRepo(db, NO_CONFIG);
      pages.addHook(index);
      pages.apply('b1', stamp('c1'), Object.entries(PAGES).map(([p, md]) => put(p, md)));
      // Another brain with the same words: never found from b1.
      pages.apply('b2', stamp('d1'), [put('places/zurich.md', PAGES['places/zurich.md']!)]);
    });

    const paths = (table: FtsTable, expr: string | null, filters: SearchFilters = ALL, brainId = 'b1') =>
      expr ? index.matchPages(brainId, table, expr, filters, 10).map((h) => h.path) : [];
    const all = (q: string) => allTermsExpression(parseQuery(q));

    it('finds pages in every script by their words as written, accents and case aside', () => {
      assert.deepEqual(paths('exact', all('cafe zurich')), ['places/zurich.md']);
      assert.deepEqual(paths('exact', all('CRÈME Brulee')), ['places/zurich.md']);
      assert.deepEqual(paths('exact', all('москва')), ['places/moscow.md']);
      // ё is е (domain/scriptFolding), on both sides.
      assert.deepEqual(paths('exact', all('елках')), ['places/moscow.md']);
      assert.deepEqual(paths('exact', all('القاهرة')), ['places/cairo.md']);
      assert.deepEqual(paths('exact', all('النيل')), ['places/cairo.md']);
      assert.deepEqual(paths('exact', all('nowhere')), []);
      // An e-mail address and a version are their words in a row, not one token.
      assert.deepEqual(paths('exact', all('ada@example.com')), ['notes/contacts.md']);
      assert.deepEqual(paths('exact', all('example')), ['notes/contacts.md']);
      assert.deepEqual(paths('exact', all('"v5.7.6"')), ['notes/contacts.md']);
      assert.deepEqual(paths('exact', all('"5.7.6"')), [], 'v5 is one word, 5 another');
      assert.deepEqual(paths('exact', all('"7.6 release"')), ['notes/contacts.md']);
      assert.deepEqual(paths('exact', all('"release v5"')), [], 'a phrase keeps its order');
      // Prefixes, OR and alternatives.
      assert.deepEqual(paths('exact', all('analy*')), ['notes/running.md']);
      assert.deepEqual(paths('exact', anyTermExpression(parseQuery('москва القاهرة'))).sort(), ['places/cairo.md', 'places/moscow.md']);
      assert.deepEqual(paths('exact', '("zzz" OR "frozen") AND "lake"'), ['archive/old.md']);
      // Many query shapes (each a ranking statement of its own text on PostgreSQL) keep a bounded
      // number of statements.
      const shapes = new Set<string>();
      for (let i = 0; i < 600; i++) {
        const expr = Array.from({ length: 11 }, (_, j) => `"w${j}"`).reduce((a, w, j) => `${a} ${(i >> (j - 1)) & 1 ? 'OR' : 'AND'} ${w}`);
        shapes.add(tsquerySql(expr, 'simple', {})!);
        paths('exact', expr);
      }
      assert.ok(shapes.size > 512, `${shapes.size} shapes`);
      if (isPostgres(db)) assert.ok((index as unknown as { statements: Map<string, unknown> }).statements.size <= 512);
      // Another brain's pages are not this brain's hits.
      assert.deepEqual(paths('exact', all('cafe'), ALL, 'b2'), ['places/zurich.md']);
    });

    it('finds stems, and CJK words inside a run of text by substring', () => {
      assert.deepEqual(paths('exact', all('run')), []);
      assert.deepEqual(paths('stem', all('run')), ['notes/running.md']);
      assert.deepEqual(paths('stem', all('mornings')), ['notes/running.md']);
      assert.deepEqual(paths('exact', all('mornings')), []);
      // Words inside a run of CJK text: not a word of their own, found through the CJK table.
      assert.deepEqual(paths('exact', all('東京')), []);
      assert.deepEqual(paths('cjk', cjkExpression(cjkRuns('東京'))), ['places/tokyo.md']);
      assert.deepEqual(paths('cjk', cjkExpression(cjkRuns('会議'))), ['places/tokyo.md']);
      assert.deepEqual(paths('cjk', cjkExpression(cjkRuns('北斗精機'))), ['places/tokyo.md']);
      assert.deepEqual(paths('cjk', cjkExpression(cjkRuns('東'))), ['places/tokyo.md'], 'one character: as a prefix of its bigrams');
      assert.deepEqual(paths('cjk', cjkExpression(cjkRuns('大阪'))), []);
      // A run not found whole: the chunks holding some of its bigrams.
      assert.deepEqual(paths('cjk', cjkExpression(cjkRuns('北斗精機との打ち合わせ'))), []);
      assert.deepEqual(paths('cjk', cjkAnyExpression(cjkRuns('北斗精機との打ち合わせ'))), ['places/tokyo.md']);
    });

    it('ranks a title match above a body match, the same order on every backend', () => {
      const hits = index.matchPages('b1', 'exact', all('lake')!, ALL, 10);
      assert.equal(hits[0]!.path, 'archive/old.md', 'the title holds the word');
      assert.ok(hits.every((h) => h.raw < 0), 'lower is better, as bm25');
      for (let i = 1; i < hits.length; i++) assert.ok(hits[i - 1]!.raw <= hits[i]!.raw);
      assert.deepEqual(new Set(hits.map((h) => h.path)), new Set(['archive/old.md', 'places/zurich.md', 'work/plan.md']));
      // A hit carries its page and chunk; its text is cut for the snippet.
      const top = hits[0]!;
      assert.equal(top.title, 'Old lake notes');
      assert.equal(top.folder, 'archive');
      assert.equal(typeof top.chunkId, 'number');
      const bodies = index.hitBodies(hits);
      assert.match(bodies.get(top.chunkId!)!, /frozen/);
      assert.deepEqual([...index.chunkBodies([top.chunkId!]).values()], [bodies.get(top.chunkId!)]);
    });

    it('filters by folder, partition, archived partition, tag, field, type and date', () => {
      const lake = all('lake')!;
      assert.deepEqual(paths('exact', lake, { ...ALL, folder: 'work' }), ['work/plan.md']);
      db.prepare('INSERT INTO partitions (brain_id, key, name, folder, archived_at, created_at) VALUES (?, ?, ?, ?, ?, ?)').run('b1', 'work', 'Work', 'work', null, T0);
      db.prepare('INSERT INTO partitions (brain_id, key, name, folder, archived_at, created_at) VALUES (?, ?, ?, ?, ?, ?)').run('b1', 'old', 'Old', 'archive', T0, T0);
      assert.deepEqual(paths('exact', lake, { ...ALL, partition: 'work' }), ['work/plan.md']);
      assert.deepEqual(paths('exact', lake, { ...ALL, includeArchived: false }).sort(), ['places/zurich.md', 'work/plan.md']);
      assert.deepEqual(paths('exact', lake, { ...ALL, tags: ['urgent'] }), ['work/plan.md']);
      assert.deepEqual(paths('exact', lake, { ...ALL, tags: ['urgent', 'nope'] }), []);
      assert.deepEqual(paths('exact', lake, { ...ALL, fields: [['status', 'active']] }), ['work/plan.md']);
      assert.deepEqual(paths('exact', lake, { ...ALL, type: { name: 'project', folders: [], except: [] } }), ['work/plan.md']);
      assert.deepEqual(paths('exact', lake, { ...ALL, type: { name: 'place', folders: ['places'], except: [] } }), ['places/zurich.md']);
      assert.deepEqual(paths('exact', lake, { ...ALL, updatedAfter: '2026-02-01T00:00:00.000Z' }), []);
      assert.deepEqual(paths('exact', lake, { ...ALL, updatedBefore: '2026-02-01T00:00:00.000Z' }).length, 3);
      // A narrow facet filter is pushed into the ranking (its chunk ids); the plan says so.
      const plan = index.facetPlan('b1', { ...ALL, tags: ['urgent'] })!;
      assert.equal(plan.pages, 1);
      assert.equal(plan.pushdown, true);
      assert.equal(JSON.parse(index.admittedChunks('b1', { ...ALL, tags: ['urgent'] })!).length, 1);
      assert.deepEqual(index.filteredChunkIds('b1', { ...ALL, folder: 'work' }, 100)!.length, 1);
      assert.deepEqual(index.pagesByPath('b1', ['work/plan.md', 'archive/old.md'], { ...ALL, includeArchived: false }).map((h) => h.path), ['work/plan.md']);
      assert.deepEqual(index.tagCounts('b1', 10), [{ tag: 'project', pages: 1 }, { tag: 'urgent', pages: 1 }]);
    });

    it('admits exactly the pages of an entity type, pushed down or not (its set needs no check on the pages found)', () => {
      // Type `sailor` is the folders `crew` and `crew/deep` (a page there is in both folders' ranges),
      // except the subfolder `crew/bots` (another type's); a frontmatter type wins over the folder either way.
      const kelp = (head = '') => `${head}# Kelp\n\nKelp on the deck.`;
      const TYPED: Record<string, string> = {
        'crew/a.md': kelp('---\ntags: [deck]\n---\n'),
        'crew/b.md': kelp('---\ntype: robot\ntags: [deck]\n---\n'),
        'crew/bots/c.md': kelp('---\ntags: [deck]\n---\n'),
        'crew/bots/d.md': kelp('---\ntype: sailor\ntags: [deck]\n---\n'),
        'elsewhere/e.md': kelp('---\ntype: sailor\n---\n'),
        'crewmate/f.md': kelp(),
        'crew/deep/g.md': kelp(),
      };
      pages.apply('b2', stamp('t1'), Object.entries(TYPED).map(([p, md]) => put(p, md)));
      const sailor: SearchFilters = { ...ALL, type: { name: 'sailor', folders: ['crew', 'crew/deep'], except: ['crew/bots'] } };
      const expected = ['crew/a.md', 'crew/bots/d.md', 'crew/deep/g.md', 'elsewhere/e.md'];
      const kelpPaths = (filters: SearchFilters) => paths('exact', all('kelp'), filters, 'b2').sort();
      // 4 of b2's 8 pages (g counted once, not once per folder): a wide filter, checked on the pages found.
      assert.equal(index.facetPlan('b2', sailor)!.pages, 4);
      assert.equal(index.facetPlan('b2', sailor)!.pushdown, false);
      assert.deepEqual(kelpPaths(sailor), expected);
      assert.deepEqual(kelpPaths({ ...sailor, tags: ['deck'] }), ['crew/a.md', 'crew/bots/d.md']);
      // 4 of 24: narrow, pushed into the ranking; the same pages, each chunk once.
      pages.apply('b2', stamp('t2'), Array.from({ length: 16 }, (_, i) => put(`other/p${i}.md`, kelp())));
      assert.equal(index.facetPlan('b2', sailor)!.pushdown, true);
      assert.equal(JSON.parse(index.admittedChunks('b2', sailor)!).length, 4);
      assert.deepEqual(kelpPaths(sailor), expected);
      assert.deepEqual(kelpPaths({ ...sailor, tags: ['deck'] }), ['crew/a.md', 'crew/bots/d.md']);
      assert.equal(index.filteredChunkIds('b2', sailor, 100)!.length, 4);
      // With a date: the type's pages written since, pushed down and checked on no page found.
      pages.apply('b2', stamp('t3', '2026-03-01T00:00:00.000Z'), [put('crew/deep/g.md', kelp()), put('crew/b.md', kelp('---\ntype: robot\n---\n'))]);
      const since = { ...sailor, updatedAfter: '2026-02-01T00:00:00.000Z' };
      assert.equal(index.facetPlan('b2', since)!.pushdown, true);
      assert.equal(JSON.parse(index.admittedChunks('b2', since)!).length, 1);
      assert.deepEqual(kelpPaths(since), ['crew/deep/g.md']);
    });

    it('indexes a page whose frontmatter is larger than a tsvector holds (its words cut on PostgreSQL)', () => {
      // 120,000 distinct words (about 1.5 MB as a tsvector) in the first chunk's frontmatter text.
      const notes = Array.from({ length: 120_000 }, (_, i) => `note${i.toString(36)}word`).join(' ');
      pages.apply('b1', stamp('c9'), [put('big/fm.md', `---\nnotes: ${notes}\n---\n# Big frontmatter\n\nA body about marmalade.\n\n## Second\n\nMore marmalade.`)]);
      assert.deepEqual(paths('exact', all('marmalade')), ['big/fm.md']);
      assert.deepEqual(paths('exact', all('note0word')), ['big/fm.md']);
    });

    it('an edit and a delete take the old words, chunks and facets out', () => {
      assert.deepEqual(paths('exact', all('frozen')), ['archive/old.md']);
      pages.apply('b1', stamp('c2', '2026-03-01T00:00:00.000Z'), [put('archive/old.md', '# Old lake notes\n\nThe lake was thawed.')]);
      assert.deepEqual(paths('exact', all('frozen')), []);
      assert.deepEqual(paths('exact', all('thawed')), ['archive/old.md']);
      // The word counts follow (PostgreSQL: search_terms, kept by its trigger).
      assert.equal(index.termDocs(['frozen']).docs.get('frozen'), 0);
      assert.deepEqual(index.termsStartingWith('fro', 10), []);
      assert.deepEqual(index.termsStartingWith('thaw', 10), [{ term: 'thawed', docs: 1 }]);
      assert.deepEqual(paths('exact', all('lake'), { ...ALL, updatedAfter: '2026-02-01T00:00:00.000Z' }), ['archive/old.md']);
      pages.apply('b1', stamp('c3'), [put('work/plan.md', '# Roadmap plan\n\nNo tags now.')]);
      assert.deepEqual(paths('exact', all('plan'), { ...ALL, tags: ['urgent'] }), []);
      assert.deepEqual(index.tagCounts('b1', 10), []);
      const chunksBefore = index.chunkCount('b1');
      pages.apply('b1', stamp('c4'), [{ op: 'delete', path: 'places/moscow.md' }]);
      assert.deepEqual(paths('exact', all('москва')), []);
      assert.ok(index.chunkCount('b1') < chunksBefore);
      // A rebuild clears the brain's index and leaves the other brain's.
      index.brainCleared('b1');
      assert.equal(index.chunkCount('b1'), 0);
      assert.deepEqual(index.termsStartingWith('caf', 10), [{ term: 'cafe', docs: 1 }], "b2's café only");
      assert.deepEqual(index.termsStartingWith('thaw', 10), []);
      assert.deepEqual(paths('exact', all('cafe')), []);
      assert.deepEqual(paths('exact', all('cafe'), ALL, 'b2'), ['places/zurich.md']);
      // Pages without chunks (a rebuild's, or a database indexed before search) are indexed again.
      assert.equal(index.indexMissingPages([]), pages.countPages('b1'));
      assert.equal(index.indexMissingPages([]), 0);
      assert.deepEqual(paths('exact', all('cafe')), ['places/zurich.md']);
      assert.deepEqual(paths('cjk', cjkExpression(cjkRuns('会議'))), ['places/tokyo.md']);
    });

    it("counts words' chunks and lists indexed words by prefix (typo candidates)", () => {
      const { chunks, docs } = index.termDocs(['lake', 'cafe', 'nowhere', 'москва']);
      assert.ok(chunks >= Object.keys(PAGES).length);
      // Every brain's chunks count, as bm25's statistics do: b2 holds a café and a lake too.
      assert.equal(docs.get('lake'), 4);
      assert.equal(docs.get('cafe'), 2);
      assert.equal(docs.get('nowhere'), 0);
      assert.equal(docs.get('москва'), 1);
      const words = index.termsStartingWith('ru', 10).map((t) => t.term);
      assert.ok(words.includes('runs') && words.includes('runner'), words.join(' '));
      assert.ok(words.every((w) => w.startsWith('ru')));
      assert.deepEqual(index.termsStartingWith('zzq', 10), []);
      assert.deepEqual(index.pageDates('b1', [1, 2]), new Map());
      const texts = index.pageTexts('b1', [pages.getPage('b1', 'work/plan.md')!.id]);
      assert.match([...texts.values()][0]!, /project[\s\S]*lake project plan/);
    });

    const v = (...xs: number[]) => Float32Array.from(xs);
    /** A batch's vectors as the embedding service stores them: with the page contexts read with the batch. */
    const vectorsOf = (batch: QueuedChunk[], vector: (i: number) => Float32Array, read = embeddings.pageContext(batch.map((b) => b.pageId))) =>
      batch.map((b, i) => ({ ...b, context: read.get(b.pageId) ?? null, vector: vector(i) }));

    it(vectors ? 'stores chunk vectors and finds the nearest through the HNSW index, per brain and model' : 'without pgvector: says so, finds no vectors, and stores none', () => {
      assert.equal(embeddings.adoptModel('b1', 'm1', 4, T0), false);
      const batch = embeddings.readyBatch('b1', Date.now(), 100);
      assert.equal(batch.length, index.chunkCount('b1'));
      assert.ok(batch.every((b) => b.input.length > 0));
      const items = vectorsOf(batch, (i) => v(1, i, 0, i % 3));
      if (!vectors) {
        assert.equal(embeddings.vectorsOff, PGVECTOR_MISSING);
        assert.match(vectorSearchNotice(backend.extensions!()!)!, /vector search is off and search is exact \(full text\) only/);
        assert.throws(() => embeddings.store('b1', 'm1', 4, items, T0), /no pgvector extension/);
        assert.deepEqual(embeddings.nearest('b1', 'm1', 4, v(1, 0, 0, 0), 5), []);
        assert.deepEqual(embeddings.distances('b1', 'm1', 4, v(1, 0, 0, 0), [batch[0]!.chunkId]), []);
        assert.equal(embeddings.counts('b1', 'm1', 4).queued, batch.length, 'nothing left the queue');
        // Exact search goes on.
        assert.deepEqual(paths('exact', all('lake')).length, 3);
        return;
      }
      if (isPostgres(db)) assert.equal(vectorSearchNotice(backend.extensions!()!), null);
      assert.equal(embeddings.vectorsOff, null);
      assert.equal(embeddings.store('b1', 'm1', 4, items, T0), batch.length);
      assert.deepEqual(embeddings.counts('b1', 'm1', 4), { chunks: batch.length, embedded: batch.length, queued: 0, failing: 0, lastError: null });
      const near = embeddings.nearest('b1', 'm1', 4, v(1, 2, 0, 2), 3);
      assert.equal(near.length, 3);
      assert.equal(near[0]!.chunkId, items[2]!.chunkId, 'the same vector is nearest');
      assert.ok(near[0]!.distance < 1e-6);
      for (let i = 1; i < near.length; i++) assert.ok(near[i - 1]!.distance <= near[i]!.distance);
      if (isPostgres(db)) {
        // The HNSW index answers this query's shape: without the brain index (which the planner takes
        // for a brain this small, measuring its few vectors exactly) and sequential scans, the plan
        // walks it, and finds the same. (The case's vector tables are dropped between cases.)
        db.exec('DROP INDEX vec_chunks_4_brain');
        db.exec('SET enable_seqscan = off');
        try {
          const plan = (db.prepare("EXPLAIN SELECT rowid FROM vec_chunks_4 WHERE brain_id = 'b1' ORDER BY embedding <=> CAST('[1,2,0,2]' AS vector) LIMIT 3").pluck().all() as string[]).join('\n');
          assert.match(plan, /vec_chunks_4_hnsw/);
          assert.deepEqual(embeddings.nearest('b1', 'm1', 4, v(1, 2, 0, 2), 3).map((n) => n.chunkId), near.map((n) => n.chunkId));
        } finally {
          db.exec('RESET enable_seqscan');
        }
      }
      if (isPostgres(db)) {
        // The HNSW settings were the search's own (SET LOCAL): the connection keeps the server's.
        embeddings.nearest('b1', 'm1', 4, v(1, 2, 0, 2), 300);
        assert.equal(db.prepare("SELECT current_setting('hnsw.iterative_scan')").pluck().get(), 'off');
        assert.equal(db.prepare("SELECT current_setting('hnsw.ef_search')").pluck().get(), '40');
      }
      // Only among given chunks; exact distances of a set; another model or brain has none.
      const within = [items[5]!.chunkId, items[6]!.chunkId];
      assert.deepEqual(embeddings.nearest('b1', 'm1', 4, v(1, 2, 0, 2), 3, JSON.stringify(within)).map((n) => n.chunkId).sort((a, b) => a - b), within.sort((a, b) => a - b));
      const measured = embeddings.distances('b1', 'm1', 4, v(1, 2, 0, 2), [items[2]!.chunkId, items[3]!.chunkId]);
      assert.deepEqual(measured.map((m) => m.chunkId), [items[2]!.chunkId, items[3]!.chunkId]);
      // Read by id (one row each, as an IN list reads them): a repeated id once, an id with no vector not at all.
      assert.deepEqual(embeddings.distances('b1', 'm1', 4, v(1, 2, 0, 2), [items[3]!.chunkId, items[2]!.chunkId, items[3]!.chunkId, 987_654]), measured);
      assert.deepEqual(embeddings.nearest('b1', 'other', 4, v(1, 2, 0, 2), 3), []);
      assert.deepEqual(embeddings.nearest('b2', 'm1', 4, v(1, 2, 0, 2), 3), []);
      assert.deepEqual(embeddings.nearest('b1', 'm1', 4, v(0, 0, 0, 0), 3), [], 'a vector with no direction has no neighbour');
      // Page field vectors.
      const page = pages.getPage('b1', 'work/plan.md')!;
      embeddings.store('b1', 'm1', 4, [], T0, [{ pageId: page.id, vector: v(0, 0, 1, 0) }]);
      assert.deepEqual(embeddings.pageDistances('b1', 'm1', 4, v(0, 0, 1, 0), [page.id]).map((d) => [d.pageId, Math.round(d.distance * 1000)]), [[page.id, 0]]);
      assert.deepEqual(embeddings.pageDistances('b1', 'm1', 4, v(0, 0, 1, 0), [page.id, page.id, 987_654]).map((d) => d.pageId), [page.id]);
      assert.deepEqual(embeddings.pageDistances('b2', 'm1', 4, v(0, 0, 1, 0), [page.id]), [], "another brain's page vector is not measured");
      // An edited chunk's vector goes and the chunk is queued again; a removed page's field vector goes.
      const planChunks = new Set(batch.filter((b) => b.pageId === page.id).map((b) => b.chunkId));
      pages.apply('b1', stamp('c2'), [put('work/plan.md', '# Roadmap plan\n\nSomething else entirely.')]);
      assert.ok(embeddings.queuedCount('b1') >= 1);
      assert.ok(!embeddings.nearest('b1', 'm1', 4, v(1, 2, 0, 2), 50).some((n) => planChunks.has(n.chunkId)));
      pages.apply('b1', stamp('c3'), [{ op: 'delete', path: 'work/plan.md' }]);
      assert.deepEqual(embeddings.pageDistances('b1', 'm1', 4, v(0, 0, 1, 0), [page.id]), []);
      // Semantic fallback: a word search among the chunks still waiting for a vector.
      pages.apply('b1', stamp('c4'), [put('notes/new.md', '# Fresh lake notes\n')]);
      assert.deepEqual(index.matchPages('b1', 'exact', all('lake')!, ALL, 10, 'queued').map((h) => h.path), ['notes/new.md']);
      // A failure waits and shows; a new model drops every vector and queues every chunk.
      const waiting = embeddings.readyBatch('b1', Date.now(), 10).map((b) => b.chunkId);
      embeddings.fail('b1', waiting, 'boom', Date.now() + 60_000, T0);
      assert.equal(embeddings.counts('b1', 'm1', 4).failing, waiting.length);
      // b2's chunk is still ready (never embedded); b1's wait.
      assert.equal(embeddings.nextReadyAt(), 0);
      assert.deepEqual(embeddings.brainsWithReadyWork(Date.now()), ['b2']);
      assert.equal(embeddings.adoptModel('b1', 'm2', 4, T0), true);
      assert.equal(embeddings.vectorCount('b1'), 0);
      assert.equal(embeddings.queuedCount('b1'), index.chunkCount('b1'));
      assert.deepEqual(embeddings.nearest('b1', 'm1', 4, v(1, 2, 0, 2), 3), []);
    });

    it("a chunk whose page's context changed, or queued again, while its batch is embedded gets the vector and stays queued for one made with what changed", function () {
      if (!vectors) this.skip();
      embeddings.adoptModel('b1', 'm1', 4, T0);
      const page = pages.getPage('b1', 'work/plan.md')!;
      const claim = () => {
        const batch = embeddings.claimBatch('b1', Date.now(), 100);
        return { batch, read: embeddings.pageContext(batch.map((b) => b.pageId)) };
      };
      const store = ({ batch, read }: ReturnType<typeof claim>) => embeddings.store('b1', 'm1', 4, vectorsOf(batch, (i) => v(1, i, 0, 1), read), T0);
      const queuedOf = (ids: number[]) => ids.filter((id) => db.prepare('SELECT 1 FROM search_embed_queue WHERE chunk_id = ?').get(id) !== undefined);
      const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
      // The brain's first batch (no vector yet, so nothing is queued again): the page's title
      // changes while it is embedded.
      const first = claim();
      const ofPage = first.batch.filter((b) => b.pageId === page.id).map((b) => b.chunkId);
      assert.ok(ofPage.length >= 1);
      db.prepare('UPDATE pages SET title = ? WHERE id = ?').run('Renamed plan', page.id);
      assert.equal(store(first), first.batch.length, 'every vector is stored');
      assert.deepEqual(queuedOf(ofPage), ofPage, "the page's chunks wait for a vector with the new title");
      assert.deepEqual(queuedOf(first.batch.map((b) => b.chunkId)), ofPage, 'the others are done');
      assert.equal(embeddings.vectorCount('b1'), first.batch.length);
      // Their next batch (ready at once, claimed or not) is stored and dequeued.
      const again = claim();
      assert.deepEqual(sorted(again.batch.map((b) => b.chunkId)), sorted(ofPage));
      assert.equal(store(again), again.batch.length);
      assert.equal(embeddings.queuedCount('b1'), 0);
      // A vocabulary learned again while a batch is in flight queues its chunks again.
      embeddings.requeuePages('b1', [page.id], T0);
      const third = claim();
      assert.deepEqual(sorted(third.batch.map((b) => b.chunkId)), sorted(ofPage));
      embeddings.replaceTerms('b1', 'm1', [], 'mark', ofPage, T0);
      store(third);
      assert.deepEqual(queuedOf(ofPage), ofPage);
      store(claim());
      assert.equal(embeddings.queuedCount('b1'), 0);
      if (!isPostgres(db)) return;
      // A claim that ran out and was taken by another node is not released by the late store.
      embeddings.requeuePages('b1', [page.id], T0);
      const late = claim();
      db.prepare('UPDATE search_embed_queue SET ready_at = ? WHERE brain_id = ?').run(Date.now() + 600_000, 'b1');
      embeddings.replaceTerms('b1', 'm1', [], 'mark', ofPage, T0);
      store(late);
      assert.deepEqual(queuedOf(ofPage), ofPage);
      assert.deepEqual(embeddings.claimBatch('b1', Date.now(), 100), [], "the other node's claim holds");
    });

    it("reads a page's neighbours in one stated order on every backend (first links, then linking pages oldest first)", () => {
      const id = (path: string) => pages.getPage('b1', path)!.id;
      // Four pages, made in the order zebra, mango, apple, kiwi (ids ascending), their titles in another order.
      pages.apply('b1', stamp('n1'), [put('n/zebra.md', '# Zebra\n'), put('n/mango.md', '# Mango\n'), put('n/apple.md', '# Apple\n'), put('n/kiwi.md', '# Kiwi\n')]);
      const link = db.prepare("INSERT INTO search_links (from_page_id, ordinal, target_id, to_page_id, kind, heading, line, type) VALUES (?, ?, 1, ?, 'wiki', NULL, 1, '')");
      // Kiwi links to mango, then zebra, then apple; zebra, apple and mango link to kiwi.
      link.run(id('n/kiwi.md'), 0, id('n/mango.md'));
      link.run(id('n/kiwi.md'), 1, id('n/zebra.md'));
      link.run(id('n/kiwi.md'), 2, id('n/apple.md'));
      link.run(id('n/apple.md'), 0, id('n/kiwi.md'));
      link.run(id('n/zebra.md'), 0, id('n/kiwi.md'));
      link.run(id('n/mango.md'), 0, id('n/kiwi.md'));
      // A row rewritten later (on PostgreSQL: a new place in the heap).
      db.prepare('UPDATE search_links SET line = 2 WHERE from_page_id = ? AND ordinal = 0').run(id('n/zebra.md'));
      assert.equal(embeddings.pageContext([id('n/kiwi.md')]).get(id('n/kiwi.md'))!.neighbours, 'Mango. Zebra. Apple');
      assert.equal(embeddings.pageContext([id('n/apple.md')]).get(id('n/apple.md'))!.neighbours, 'Kiwi');
      // Linked from the three, oldest page first.
      db.prepare('DELETE FROM search_links WHERE from_page_id = ?').run(id('n/kiwi.md'));
      assert.equal(embeddings.pageContext([id('n/kiwi.md')]).get(id('n/kiwi.md'))!.neighbours, 'Zebra. Mango. Apple');
    });

    it('finds k nearest in a brain of many duplicate vectors beside a larger brain (the HNSW walk confirmed exactly when short)', function () {
      if (!vectors) this.skip();
      const dims = 8;
      embeddings.adoptModel('b1', 'm1', dims, T0);
      embeddings.adoptModel('b2', 'm1', dims, T0);
      // The tables and the model's id, as a first store makes them.
      embeddings.store('b1', 'm1', dims, [], T0);
      const modelId = db.prepare('SELECT id FROM search_embed_models WHERE model = ?').pluck().get('m1') as number;
      // b1: 6,000 spread vectors; b2: 4,000, of which 3,900 are copies of 2 vectors.
      const rows: Array<[number, string, number[]]> = [];
      const int8 = (x: number) => Math.max(-127, Math.min(127, Math.round(x)));
      for (let i = 0; i < 6000; i++) rows.push([100_000 + i, 'b1', Array.from({ length: dims }, (_, d) => int8(100 * Math.sin(i * (d + 1) * 0.37 + d)))]);
      for (let i = 0; i < 4000; i++) {
        const j = i < 3900 ? i % 2 : i;
        rows.push([200_000 + i, 'b2', Array.from({ length: dims }, (_, d) => int8(100 * Math.cos(j * (d + 2) * 0.53 + d)))]);
      }
      if (isPostgres(db)) {
        db.prepare(`INSERT INTO vec_chunks_${dims} (rowid, brain_id, embedding) SELECT CAST(x->>0 AS bigint), x->>1, CAST(x->>2 AS vector) FROM json_array_elements(CAST(? AS json)) AS x`)
          .run(JSON.stringify(rows.map(([id, b, e]) => [id, b, `[${e.join(',')}]`])));
        db.prepare("INSERT INTO search_embeddings (chunk_id, brain_id, model_id, dimensions, embedded_at) SELECT CAST(x->>0 AS bigint), x->>1, ?, ?, '' FROM json_array_elements(CAST(? AS json)) AS x")
          .run(modelId, dims, JSON.stringify(rows.map(([id, b]) => [id, b])));
        db.exec(`ANALYZE vec_chunks_${dims}`);
      } else {
        const ins = db.prepare(`INSERT INTO vec_chunks_${dims} (rowid, brain_id, embedding) VALUES (?, ?, vec_int8(?))`);
        const meta = db.prepare("INSERT INTO search_embeddings (chunk_id, brain_id, model_id, dimensions, embedded_at) VALUES (?, ?, ?, ?, '')");
        db.transaction(() => {
          for (const [id, b, e] of rows) {
            ins.run(BigInt(id), b, Buffer.from(Int8Array.from(e).buffer));
            meta.run(id, b, modelId, dims);
          }
        })();
      }
      const ofB2 = rows.filter((r) => r[1] === 'b2').map((r) => r[0]);
      const check = (label: string) => {
        for (const q of [rows[0]![2], rows[3]![2], rows[6000]![2], rows[9999]![2]]) {
          const query = Float32Array.from(q);
          // Every distance of b2's vectors, measured exactly: the k nearest are the k smallest.
          const exact = embeddings.distances('b2', 'm1', dims, query, ofB2).map((d) => d.distance);
          for (const k of [23, 100, 400, 1472]) {
            const near = embeddings.nearest('b2', 'm1', dims, query, k);
            assert.equal(near.length, k, `${label}, k = ${k}`);
            assert.ok(near.every((n) => n.chunkId >= 200_000), 'only the brain\'s own vectors');
            for (let i = 1; i < near.length; i++) assert.ok(near[i - 1]!.distance <= near[i]!.distance, `${label}, k = ${k}: ${near[i - 1]!.distance} > ${near[i]!.distance} (${typeof near[i]!.distance})`);
            // vec0 measures exactly: the k smallest distances. (HNSW is approximate, and on a graph of
            // many duplicates its recall varies from one build to the next: not asserted there.)
            if (!isPostgres(db)) assert.deepEqual(near.map((n) => Math.round(n.distance * 1e4)), exact.slice(0, k).map((d) => Math.round(d * 1e4)), `${label}, k = ${k}`);
          }
          // Among given chunks: every one given comes back.
          const given = ofB2.filter((_, i) => i % 97 === 0);
          assert.equal(embeddings.nearest('b2', 'm1', dims, query, given.length, JSON.stringify(given)).length, given.length);
        }
      };
      check('as set up');
      if (isPostgres(db)) {
        // A walk that gives up early (as at hnsw.max_scan_tuples, 20,000 rows of other brains by
        // default, or in a graph stranded by duplicates) comes back short: confirmed exactly, the
        // answer still holds k (the service reads a short answer as "no more vectors").
        db.exec('SET hnsw.max_scan_tuples = 1');
        try {
          check('walk cut short');
        } finally {
          db.exec('RESET hnsw.max_scan_tuples');
        }
      }
      assert.equal(embeddings.nearest('b1', 'm1', dims, Float32Array.from(rows[0]![2]), 50).length, 50);
    });

    it(vectors ? 'the service embeds queued chunks and queries through the provider' : 'without pgvector: nothing queued, no provider call for chunks or queries, the worker idle', async () => {
      // An Ollama-format provider on loopback, counting what it is asked.
      const asked: string[][] = [];
      const provider = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const input = (JSON.parse(body) as { input: string[] }).input;
          asked.push(input);
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ embeddings: input.map((_, i) => [1, i % 5, 0.5, 0]) }));
        });
      });
      await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
      const config = loadConfig({ OLLAMA_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`, BRAINKEEP_EMBEDDINGS_RETRIES: '0' });
      const brains = new BrainsRepo(db);
      brains.insert({ ...brain('b3'), embeddingProvider: EMBEDDING_PROVIDER.Ollama, embeddingModel: 'm' });
      pages.apply('b3', stamp('e1'), [put('notes/lake.md', PAGES['archive/old.md']!), put('notes/cafe.md', PAGES['places/zurich.md']!)]);
      const service = new EmbeddingService(brains, embeddings, config);
      const b3 = brains.byId('b3')!;
      let queuedWakes = 0;
      const unsubscribe = index.onQueued(() => queuedWakes++);
      try {
        if (!vectors) {
          assert.equal(service.vectorsOff, PGVECTOR_MISSING);
          assert.equal(embeddings.queuedCount('b3'), 0, 'indexing queued nothing');
          assert.equal(await service.processNext('b3'), 0);
          assert.equal(embeddings.queuedCount('b3'), 0, 'the worker did not queue the brain for its model either');
          assert.equal(await service.embedQuery(b3, 'lake'), null);
          assert.equal(service.hasPending('b3'), false);
          const worker = new EmbeddingWorker(service, (l) => index.onQueued(l), pino({ level: 'silent' }), { pollMs: 20 });
          worker.start();
          pages.apply('b3', stamp('e2'), [put('notes/more.md', '# More lake notes\n')]);
          await new Promise((resolve) => setTimeout(resolve, 400));
          await worker.stop();
          assert.equal(queuedWakes, 0, 'no write woke the worker');
          assert.deepEqual(asked, [], 'the provider was never called');
          assert.equal(embeddings.queuedCount('b3'), 0);
          return;
        }
        assert.equal(service.vectorsOff, null);
        assert.equal(embeddings.queuedCount('b3'), index.chunkCount('b3'));
        assert.ok((await service.processNext('b3')) > 0);
        assert.equal(embeddings.queuedCount('b3'), 0);
        assert.equal(embeddings.vectorCount('b3'), index.chunkCount('b3'));
        const calls = asked.length;
        assert.ok(calls > 0);
        assert.ok(await service.embedQuery(b3, 'lake'));
        assert.equal(asked.length, calls + 1, 'the query was embedded');
        pages.apply('b3', stamp('e2'), [put('notes/more.md', '# More lake notes\n')]);
        assert.ok(queuedWakes > 0);
      } finally {
        unsubscribe();
        await new Promise((resolve) => provider.close(resolve));
      }
    });

    it('a store that rolls back leaves no vector table believed made (the next store makes it)', function () {
      if (!vectors) this.skip();
      embeddings.adoptModel('b1', 'm6', 6, T0);
      const items = vectorsOf(embeddings.readyBatch('b1', Date.now(), 100), (i) => v(1, i, 0, 2, 0, i % 3));
      const pageId = pages.getPage('b1', 'work/plan.md')!.id;
      // The transaction fails after the tables were made in it.
      if (isPostgres(db)) {
        db.exec("CREATE FUNCTION pgfix_fail() RETURNS trigger LANGUAGE plpgsql AS $$BEGIN RAISE EXCEPTION 'store failed'; END$$");
        db.exec('CREATE TRIGGER pgfix_fail BEFORE INSERT ON search_embeddings FOR EACH ROW EXECUTE FUNCTION pgfix_fail()');
      } else {
        db.exec("CREATE TEMP TRIGGER pgfix_fail BEFORE INSERT ON search_embeddings BEGIN SELECT RAISE(ABORT, 'store failed'); END");
      }
      try {
        assert.throws(() => embeddings.store('b1', 'm6', 6, items, T0, [{ pageId, vector: v(0, 0, 1, 0, 0, 0) }]), /store failed/);
      } finally {
        if (isPostgres(db)) db.exec('DROP TRIGGER pgfix_fail ON search_embeddings; DROP FUNCTION pgfix_fail()');
        else db.exec('DROP TRIGGER pgfix_fail');
      }
      assert.equal(embeddings.vectorCount('b1'), 0);
      assert.equal(embeddings.store('b1', 'm6', 6, items, T0, [{ pageId, vector: v(0, 0, 1, 0, 0, 0) }]), items.length);
      assert.equal(embeddings.nearest('b1', 'm6', 6, v(1, 2, 0, 2, 0, 2), 3)[0]!.chunkId, items[2]!.chunkId);
      assert.equal(embeddings.pageDistances('b1', 'm6', 6, v(0, 0, 1, 0, 0, 0), [pageId]).length, 1);
    });

    it('fits the search index to extensions installed after its migration (unaccent by schema, the trigram index)', function () {
      if (!isPostgres(db)) this.skip();
      const pg = db as PostgresDb;
      // As migration 9 left a database that had neither unaccent nor pg_trgm then.
      pg.exec("CREATE OR REPLACE FUNCTION brainkeep_unaccent(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS 'SELECT t'");
      pg.exec('DROP INDEX IF EXISTS search_chunks_cjk');
      try {
        const notes = fitSearchExtensions(pg);
        assert.equal(notes.length, 2, notes.join('; '));
        assert.match(notes[0]!, /reindex/);
        assert.equal(pg.queryRaw("SELECT to_regclass('search_chunks_cjk') IS NOT NULL").rows[0]![0], true);
        // unaccent by its schema: found whatever the caller's search_path.
        const schema = pg.queryRaw('SELECT current_schema()').rows[0]![0] as string;
        pg.exec('SET search_path = pg_catalog');
        try {
          assert.equal(pg.queryRaw(`SELECT "${schema}".brainkeep_unaccent('Crème brûlée')`).rows[0]![0], 'Creme brulee');
        } finally {
          pg.exec('RESET search_path');
        }
        assert.deepEqual(fitSearchExtensions(pg), [], 'nothing more to do');
        assert.deepEqual(paths('cjk', cjkExpression(cjkRuns('会議'))), ['places/tokyo.md']);
      } finally {
        fitSearchExtensions(pg);
      }
    });

    it('keeps a brain\'s learned vocabulary (int8 term vectors as bytes)', () => {
      const version = embeddings.replaceTerms('b1', 'builtin', [{ term: 'zurich', occurrences: 3, vector: v(0.5, -1, 0.25, 0) }, { term: 'café', occurrences: 2, vector: v(1, 1, 1, 1) }], embeddings.chunkMark('b1'), [], T0);
      assert.equal(version, 1);
      assert.deepEqual(embeddings.termsState('b1'), { model: 'builtin', version: 1, chunks: embeddings.chunkMark('b1'), terms: 2 });
      const loaded = embeddings.loadTerms('b1', 4);
      assert.deepEqual(loaded.terms, ['café', 'zurich'].sort((a, b) => (a < b ? -1 : 1)));
      const z = loaded.terms.indexOf('zurich');
      assert.deepEqual([...loaded.vectors.subarray(z * 4, z * 4 + 4)].map((x) => Math.round(x * 100) / 100), [0.5, -1, 0.25, 0]);
      assert.equal(embeddings.chunksChangedSince('b1', embeddings.chunkMark('b1')), 0);
      embeddings.clearBrain('b1');
      assert.equal(embeddings.termsState('b1'), null);
    });
  });
}

describe('the same hits on SQLite and PostgreSQL for the same pages (every word as written and stemmed, prefix and CJK substring)', function () {
  this.timeout(240_000);
  let server: RealPostgres | null = null;
  let pgDb: PostgresDb | null = null;
  before(async function () {
    server = await realPostgresOrSkip(this);
    ({ db: pgDb } = openPostgres(server.url));
  });
  after(async () => {
    await pgDb?.close();
    await server?.stop();
  });

  it('finds the same pages for each query in a vault of many scripts', () => {
    // Letters unaccent folds and unicode61 keeps (ß, Ł, Æ, ligatures, modifier letters).
    const corpus: Record<string, string> = { ...PAGES, ...VAULT_PAGES, 'notes/letters.md': '# Straße in Łódź\n\nÆrø and Øre; the ʼokina and aː; a ﬁsh; the theatre.' };
    const open = (db: SyncDb) => {
      new BrainsRepo(db).insert(brain('b1'));
      const index = new SearchIndexRepo(db, new EmbeddingRepo(db));
      const pageRepo = new PageIndexRepo(db, NO_CONFIG);
      pageRepo.addHook(index);
      pageRepo.apply('b1', stamp('c1'), Object.entries(corpus).map(([p, md]) => put(p, md)));
      return index;
    };
    const sqlite = sqliteBackend();
    const onSqlite = open(sqlite.fresh());
    const onPg = open(pgDb!);
    const queries: Array<[FtsTable, string]> = [];
    const words = new Set<string>();
    const runs = new Set<string>();
    for (const md of Object.values(corpus)) {
      // Words as a person types them (marks and all): each backend reads them its own way.
      for (const w of md.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? []) words.add(w);
      for (const run of cjkRuns(md)) {
        const chars = [...run];
        for (let n = 1; n <= 3; n++) for (let i = 0; i + n <= chars.length; i++) runs.add(chars.slice(i, i + n).join(''));
      }
    }
    for (const w of words) {
      queries.push(['exact', `"${w}"`], ['stem', `"${w}"`]);
      if ([...w].length > 3) queries.push(['exact', `"${[...w].slice(0, 3).join('')}"*`]);
    }
    for (const r of runs) queries.push(['cjk', cjkExpression([r])!]);
    // Words no page holds as written: folded spellings, other words, typos and short prefixes.
    for (const w of ['strasse', 'aero', 'ærø', 'lodz', 'łódź', 'okina', 'ʼokina', 'fish', 'ore', 'ss', 'oe', 'xylophone', 'teh', 'lakee', 'cafè', 'zürich', 'москвa']) {
      queries.push(['exact', `"${w}"`], ['stem', `"${w}"`]);
    }
    for (const p of ['th', 'st', 'ae', 'æ', 'lo', 'ł', 'o', 'ru', 'zz']) queries.push(['exact', `"${p}"*`], ['stem', `"${p}"*`]);
    const differ: string[] = [];
    for (const [table, expr] of queries) {
      const a = onSqlite.matchPages('b1', table, expr, ALL, 50).map((h) => h.path).sort();
      const b = onPg.matchPages('b1', table, expr, ALL, 50).map((h) => h.path).sort();
      if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(`${table} ${expr}: SQLite ${a.join(',')} / PostgreSQL ${b.join(',')}`);
    }
    // Typo candidates and word counts, as search's correction reads them.
    for (const p of ['th', 'st', 'ae', 'æ', 'lo', 'ł', 'ru', 'ca', 'zz']) {
      const a = onSqlite.termsStartingWith(p, 50);
      const b = onPg.termsStartingWith(p, 50);
      if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(`terms ${p}: SQLite ${JSON.stringify(a)} / PostgreSQL ${JSON.stringify(b)}`);
    }
    const counted = ['lake', 'strasse', 'straße', 'aero', 'ærø', 'lodz', 'łodz', 'the', 'xylophone'];
    const da = onSqlite.termDocs(counted);
    const db2 = onPg.termDocs(counted);
    for (const w of counted) if (da.docs.get(w) !== db2.docs.get(w)) differ.push(`docs ${w}: SQLite ${da.docs.get(w)} / PostgreSQL ${db2.docs.get(w)}`);
    assert.ok(queries.length > 350, `${queries.length} queries`);
    assert.deepEqual(differ, []);
  });
});
