// The page index and the write path ported to PostgreSQL (issue 27), one module each serving both
// backends: the same cases run on SQLite (a fresh in-memory database per case) and on PostgreSQL
// (PGlite behind pglite-socket, reached by the `pg` driver through the synchronous bridge; emptied
// between cases). The cross-node write lock needs sessions that really lock each other, which
// PGlite (one backend for every connection) does not have: it runs against the machine's own
// PostgreSQL server when one is installed (test/helpers/realPg.ts) and is skipped, saying so, when not.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migratePostgres, openPostgres } from '../../src/storage/postgres/database.js';
import { migrate, type Db } from '../../src/storage/sqlite/database.js';
import { PostgresDb } from '../../src/storage/postgres/pgBridge.js';
import { PgBrainLock, brainLockKey, openNodeWriteLock } from '../../src/storage/postgres/brainLock.js';
import type { SyncDb } from '../../src/storage/syncDb.js';
import { BrainsRepo, type BrainRow } from '../../src/storage/sqlite/brainsRepo.js';
import { AuditRepo } from '../../src/storage/sqlite/auditRepo.js';
import { FileIndexRepo } from '../../src/storage/sqlite/fileIndexRepo.js';
import { PageIndexRepo, type ChangeStamp, type IndexEntry, type IndexedPage, type PageIndexHook } from '../../src/storage/sqlite/pageIndexRepo.js';
import { RepoRegistry } from '../../src/storage/repoRegistry.js';
import { BrainConfigCache } from '../../src/storage/git/brainConfig.js';
import { WritePath } from '../../src/storage/writePath.js';
import { EventsRepo } from '../../src/storage/sqlite/eventsRepo.js';
import { WRITE_LOCK_KEY } from '../../src/storage/postgres/pgBridge.js';
import { isPostgres } from '../../src/storage/syncDb.js';
import { LinkGraphRepo } from '../../src/storage/sqlite/linkGraphRepo.js';
import { SearchIndexRepo } from '../../src/storage/sqlite/searchIndexRepo.js';
import { EmbeddingRepo } from '../../src/storage/sqlite/embeddingRepo.js';
import { EmbeddingContextHook } from '../../src/storage/sqlite/embeddingContextHook.js';
import { nameKey } from '../../src/domain/pageRefs.js';
import { RESOLUTION_TABLE, VAULT_PAGES, vaultWithLinks } from '../fixtures/multiScriptVault.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { startTestPostgres, type TestPostgres } from '../helpers/pg.js';
import { realPostgresMissing, startRealPostgres, type RealPostgres } from '../helpers/realPg.js';
import { sqliteBackend, type RepoBackend } from '../helpers/backends.js';

/** The PGlite server's URL, once the PostgreSQL backend is set up. */
let pgliteUrl: string | null = null;

function postgresBackend(): RepoBackend {
  let server: TestPostgres | null = null;
  let db: PostgresDb | null = null;
  return {
    name: 'PostgreSQL',
    async setUp() {
      server = await startTestPostgres();
      pgliteUrl = server.url;
      ({ db } = openPostgres(server.url));
    },
    fresh() {
      // brains cascades to pages, page_changes and pending_writes
      db!.exec('TRUNCATE brains, audit, files, file_text, file_links, search_links RESTART IDENTITY CASCADE');
      return db!;
    },
    async tearDown() {
      await db?.close();
      await server?.stop();
    },
  };
}

const T0 = '2026-01-01T00:00:00.000Z';

function brain(id: string): BrainRow {
  return {
    id, slug: id, name: id, description: null, visibility: 0, templateKey: 'default', embeddingProvider: 0, embeddingModel: null,
    embeddingDimensions: 100, createdAt: T0, createdBy: null,
  };
}

/** The brain configuration the index asks for: no partitions, no link typing rules. */
const NO_CONFIG = { partitionFolderOf: () => null, relationRulesOf: () => null };

function stamp(commit: string, at = T0, byName = 'Ada'): ChangeStamp {
  return { commit, at, byName, byRef: `user:${byName.toLowerCase()}` };
}

function put(p: string, markdown: string, blobOid = `blob-${p}`): IndexEntry {
  return { op: 'put', path: p, markdown, blobOid };
}

/** What the hooks were told, in order. */
function recorder(): PageIndexHook & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    batchStart: (b) => seen.push(`start ${b}`),
    pagePut: (_b, page: IndexedPage, _d, isNew, previous) => seen.push(`put ${page.path} #${page.id} v${page.version}${isNew ? ' new' : ` was "${previous?.title}"`}`),
    pageRemoved: (_b, id, p, previous) => seen.push(`removed ${p} #${id} was "${previous?.title}"`),
    flush: (b) => seen.push(`flush ${b}`),
    brainCleared: (b) => seen.push(`cleared ${b}`),
  };
}

/** What every link graph query answered on SQLite (run first): PostgreSQL must answer the same, in the same order. */
const graphAnswers = new Map<string, unknown>();

for (const backend of [sqliteBackend(), postgresBackend()]) {
  describe(`page index and write path on ${backend.name}`, function () {
    this.timeout(180_000);
    let db: SyncDb;
    before(() => backend.setUp());
    after(() => backend.tearDown());
    beforeEach(() => {
      db = backend.fresh();
      const brains = new BrainsRepo(db);
      brains.insert(brain('b1'));
      brains.insert(brain('b2'));
    });

    describe('pageIndexRepo', () => {
      it('applies puts, moves and deletes in one batch, with versions, ids, hooks and the changes feed', () => {
        const repo = new PageIndexRepo(db, NO_CONFIG);
        const hook = recorder();
        repo.addHook(hook);
        const c1 = repo.apply('b1', stamp('c1'), [put('people/ada.md', '# Ada\n\nMathematician.'), put('people/bob.md', '# Bob\n')]);
        assert.deepEqual(c1.map((c) => [c.seq, c.op, c.path, c.version]), [[1, 'put', 'people/ada.md', 1], [2, 'put', 'people/bob.md', 1]]);
        const ada = repo.getPage('b1', 'people/ada.md')!;
        assert.equal(typeof ada.id, 'number');
        assert.deepEqual(
          { ...ada, id: 0 },
          {
            id: 0, brainId: 'b1', path: 'people/ada.md', folder: 'people', title: 'Ada', summary: ada.summary, frontmatter: {}, markdown: '# Ada\n\nMathematician.',
            version: 1, blobOid: 'blob-people/ada.md', commit: 'c1', partition: null, updatedAt: T0, updatedBy: 'Ada',
          },
        );
        assert.equal(repo.indexedCommit('b1'), 'c1');
        assert.equal(repo.countPages('b1'), 2);
        assert.equal(repo.countPages('b2'), 0);

        const bobId = repo.getPage('b1', 'people/bob.md')!.id;
        const c2 = repo.apply('b1', stamp('c2', '2026-01-02T00:00:00.000Z', 'Eve'), [
          put('people/ada.md', '# Ada Lovelace\n'),
          { op: 'move', path: 'people/robert.md', fromPath: 'people/bob.md', markdown: '# Robert\n', blobOid: 'x' },
        ]);
        assert.deepEqual(c2.map((c) => [c.op, c.path, c.fromPath, c.version, c.by]), [
          ['put', 'people/ada.md', null, 2, 'Eve'],
          ['move', 'people/robert.md', 'people/bob.md', 2, 'Eve'],
        ]);
        assert.equal(repo.getPage('b1', 'people/ada.md')!.id, ada.id, 'an update keeps the row');
        assert.equal(repo.getPage('b1', 'people/bob.md'), null);
        // (SQLite may give the moved page the id its old row had, the highest then freed; PostgreSQL does not.)
        const robert = repo.getPage('b1', 'people/robert.md')!;

        const c3 = repo.apply('b1', stamp('c3'), [{ op: 'delete', path: 'people/ada.md' }, { op: 'delete', path: 'people/nobody.md' }]);
        assert.deepEqual(c3.map((c) => [c.op, c.path, c.version]), [['delete', 'people/ada.md', 3]]);
        // History continues across delete and re-create.
        const c4 = repo.apply('b1', stamp('c4'), [put('people/ada.md', '# Ada again\n')]);
        assert.equal(c4[0]!.version, 4);
        assert.deepEqual(hook.seen, [
          'start b1', `put people/ada.md #${ada.id} v1 new`, `put people/bob.md #${bobId} v1 new`, 'flush b1',
          'start b1', `put people/ada.md #${ada.id} v2 was "Ada"`, `removed people/bob.md #${bobId} was "Bob"`, `put people/robert.md #${robert.id} v2 new`, 'flush b1',
          'start b1', `removed people/ada.md #${ada.id} was "Ada Lovelace"`, 'flush b1',
          'start b1', `put people/ada.md #${repo.getPage('b1', 'people/ada.md')!.id} v4 new`, 'flush b1',
        ]);

        assert.equal(repo.latestSeq('b1'), 6);
        assert.equal(repo.latestSeq('b2'), 0);
        assert.deepEqual(repo.changesSince('b1', 2, 2).map((c) => c.seq), [3, 4]);
        assert.deepEqual(repo.recentChanges('b1', 2).map((c) => c.seq), [6, 5]);
        assert.deepEqual(repo.historyOf('b1', 'people/ada.md').map((c) => [c.op, c.version, c.commit]), [['put', 4, 'c4'], ['delete', 3, 'c3'], ['put', 2, 'c2'], ['put', 1, 'c1']]);
        assert.deepEqual(repo.historyOf('b1', 'people/ada.md', 5).map((c) => c.version), [2, 1]);
        assert.deepEqual(repo.historyOf('b1', 'people/robert.md').map((c) => [c.op, c.fromPath]), [['move', 'people/bob.md']]);
      });

      it('a group commit applied as one batch (applyGroup) writes what its members applied one by one write: rows, feed, events, links, chunks, files', () => {
        // Every index hook the server registers, in its order; the embedding requeues are recorded.
        const repo = new PageIndexRepo(db, NO_CONFIG);
        const embeddings = new EmbeddingRepo(db);
        const requeued = new Map<string, Set<number>>();
        const requeue = embeddings.requeuePages.bind(embeddings);
        embeddings.requeuePages = (b, ids, at) => {
          for (const id of ids) (requeued.get(b) ?? requeued.set(b, new Set()).get(b)!).add(id);
          requeue(b, ids, at);
        };
        const context = new EmbeddingContextHook(db, embeddings);
        (context as unknown as { anyVector: { get: () => number } }).anyVector = { get: () => 1 }; // as if vectors were stored
        for (const h of [new SearchIndexRepo(db, embeddings), context.before, new LinkGraphRepo(db), context.after, new FileIndexRepo(db)]) repo.addHook(h);
        const st = (byName: string) => stamp('g', T0, byName);
        const file = (p: string): IndexEntry => ({ op: 'put', path: p, blobOid: `o-${p}`, file: { contentType: 'text/plain', size: 1, sha256: `s-${p}` } });
        const seed = [
          put('a/x.md', '# X\n\nlinks [[a/y]] and [[a/d]]\n'),
          put('a/y.md', '# Y\n\nlinks [[a/x]]\n'),
          put('a/d.md', '# D\n\ndoomed, links [[a/y]]\n'),
          put('a/z.md', '# Z\n\nwants [[a/n]] and [[a/m]]\n'),
          file('att/old.txt'),
          ...Array.from({ length: 14 }, (_, i) => put(`f/p${i}.md`, `# P${i}\n\nsee [[f/p${(i + 1) % 14}]]\n`)),
        ];
        // New pages later members link to, a page created last that earlier links resolve to, a delete
        // of a linked page, attachments between pages, and more than 16 paths (the batched lookups).
        const group = [
          { stamp: st('Ada'), entries: [file('att/one.txt')] },
          { stamp: st('Ada'), entries: [put('a/m.md', '# M\n\nnew, links [[a/n]] [[a/x]]\n')] },
          { stamp: st('Bob'), entries: [put('a/x.md', '# X renamed\n\nnow links [[a/m]] and [[a/n]]\n')] },
          { stamp: st('Cy'), entries: [file('att/two.txt')] },
          { stamp: st('Ada'), entries: [{ op: 'delete' as const, path: 'a/d.md' }] },
          { stamp: st('Cy'), entries: [{ op: 'delete' as const, path: 'att/old.txt' }] },
          { stamp: st('Dee'), entries: [put('a/y.md', '# Y2\n\nlinks [[a/x]] and [[a/d]]\n')] },
          { stamp: st('Bob'), entries: [put('a/n.md', '# N\n\ncreated last, links [[a/m]]\n')] },
          ...Array.from({ length: 12 }, (_, i) => ({ stamp: st(`W${i}`), entries: [put(`f/p${i}.md`, `# P${i} again\n\nsee [[f/p${(i + 2) % 14}]] [[a/n]]\n`)] })),
        ];
        const seqs = new Map<string, number>();
        for (const b of ['b1', 'b2']) {
          repo.apply(b, stamp('seed', T0, 'Seeder'), seed);
          seqs.set(b, Number((db.prepare('SELECT COALESCE(MAX(seq), 0) AS n FROM brain_events WHERE brain_id = ?').get(b) as { n: number }).n));
        }
        requeued.clear();
        const grouped = repo.applyGroup('b1', group);
        const oneByOne = group.map((m) => repo.apply('b2', m.stamp, m.entries));
        const answers = (a: typeof grouped) => a.map((changes) => changes.map((c) => [c.op, c.path, c.version, c.by]));
        assert.deepEqual(answers(grouped), answers(oneByOne));
        assert.deepEqual(grouped.map((changes) => changes.length), group.map((m) => (m.entries[0]!.path.startsWith('att/') ? 0 : 1)));
        const q = (b: string, sql: string, ...more: unknown[]) => db.prepare(sql).all(b, ...more) as Array<Record<string, unknown>>;
        const pathsOf = (b: string, ids: Set<number> | undefined) => {
          const byId = new Map(q(b, 'SELECT id, path FROM pages WHERE brain_id = ?').map((r) => [Number(r.id), r.path as string]));
          return [...new Set([...(ids ?? [])].map((id) => byId.get(id) ?? 'gone'))].sort();
        };
        const snapshot = (b: string) => ({
          pages: q(b, 'SELECT path, version, title, commit_oid, updated_by FROM pages WHERE brain_id = ? ORDER BY path'),
          changes: q(b, 'SELECT op, path, from_path, version, commit_oid, by_name, by_ref FROM page_changes WHERE brain_id = ? ORDER BY seq'),
          events: q(b, 'SELECT type, path, version, by_name FROM brain_events WHERE brain_id = ? AND seq > ? ORDER BY seq', seqs.get(b)),
          links: q(b, `SELECT f.path AS "from", l.ordinal, t.target, p.path AS "to" FROM search_links l JOIN pages f ON f.id = l.from_page_id
                       JOIN search_link_targets t ON t.id = l.target_id LEFT JOIN pages p ON p.id = l.to_page_id WHERE f.brain_id = ? ORDER BY f.path, l.ordinal`),
          targets: q(b, 'SELECT key, target FROM search_link_targets WHERE brain_id = ? ORDER BY key, target'),
          keys: q(b, 'SELECT k.key, k.kind, p.path FROM search_page_keys k JOIN pages p ON p.id = k.page_id WHERE p.brain_id = ? ORDER BY k.key, p.path'),
          chunks: q(b, 'SELECT p.path, c.ordinal, c.hash FROM search_chunks c JOIN pages p ON p.id = c.page_id WHERE c.brain_id = ? ORDER BY p.path, c.ordinal'),
          files: q(b, 'SELECT path, version, updated_by, deleted FROM files WHERE brain_id = ? ORDER BY path'),
          // A page deleted in the group may be asked for one by one (its chunks are gone either way).
          requeued: pathsOf(b, requeued.get(b)).filter((p) => p !== 'gone'),
        });
        const live = snapshot('b1');
        assert.deepEqual(live, snapshot('b2'));
        // The events come in the members' arrival order, attachments among the pages.
        assert.deepEqual(
          live.events.slice(0, 8).map((e) => `${e.type} ${e.path} ${e.by_name}`),
          ['file.put att/one.txt Ada', 'page.put a/m.md Ada', 'page.put a/x.md Bob', 'file.put att/two.txt Cy', 'page.delete a/d.md Ada', 'file.delete att/old.txt Cy', 'page.put a/y.md Dee', 'page.put a/n.md Bob'],
        );
      });

      it('a large batch (looked up with one query per kind) keeps ids and versions as point lookups do', () => {
        const repo = new PageIndexRepo(db, NO_CONFIG);
        const paths = Array.from({ length: 40 }, (_, i) => `notes/n${String(i).padStart(2, '0')}.md`);
        repo.apply('b1', stamp('c1'), paths.map((p) => put(p, `# ${p}\n`)));
        const ids = new Map(paths.map((p) => [p, repo.getPage('b1', p)!.id]));
        assert.equal(new Set(ids.values()).size, 40);
        const hook = recorder();
        repo.addHook(hook);
        const changes = repo.apply('b1', stamp('c2'), paths.map((p) => put(p, `# ${p} edited\n`)));
        assert.ok(changes.every((c) => c.version === 2));
        for (const p of paths) assert.equal(repo.getPage('b1', p)!.id, ids.get(p));
        assert.equal(hook.seen.filter((s) => s.includes(' was "notes/')).length, 40, 'every page saw its previous title');
        assert.equal(repo.countPages('b1'), 40);
      });

      it('lists pages by path in byte order, page by page and under a prefix, as SQLite orders them', () => {
        const repo = new PageIndexRepo(db, NO_CONFIG);
        const paths = ['a/a.md', 'a/B.md', 'a/Z.md', 'a/é.md', 'a/_x.md', 'a/ab/c.md', 'ab.md', 'b/x.md'];
        repo.apply('b1', stamp('c1'), paths.map((p) => put(p, '# t\n')));
        const all = repo.listPages('b1', { limit: 100 }).map((p) => p.path);
        assert.deepEqual(all, [...paths].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))));
        assert.deepEqual(all, ['a/B.md', 'a/Z.md', 'a/_x.md', 'a/a.md', 'a/ab/c.md', 'a/é.md', 'ab.md', 'b/x.md']);
        const first = repo.listPages('b1', { prefix: 'a/', limit: 3 }).map((p) => p.path);
        const rest = repo.listPages('b1', { prefix: 'a/', afterPath: first.at(-1)!, limit: 10 }).map((p) => p.path);
        assert.deepEqual([...first, ...rest], ['a/B.md', 'a/Z.md', 'a/_x.md', 'a/a.md', 'a/ab/c.md', 'a/é.md']);
        assert.deepEqual(repo.listPages('b2', { limit: 10 }), []);
      });

      it('finds pages by name (title or file name, ASCII case folded) and by what they mention', () => {
        const repo = new PageIndexRepo(db, NO_CONFIG);
        repo.apply('b1', stamp('c1'), [
          put('people/Ada Lovelace.md', '# Ada Lovelace\n'),
          put('people/emile.md', '# Émile Zola\n'),
          put('notes/one.md', '# One\n\nMet ADA LOVELACE and Émile Zola.'),
          put('notes/two.md', '# Two\n\nNothing here. 100%_done'),
        ]);
        assert.deepEqual(repo.pagesNamed('b1', 'ada lovelace'), ['people/Ada Lovelace.md']);
        assert.deepEqual(repo.pagesNamed('b1', 'ONE'), ['notes/one.md']);
        assert.deepEqual(repo.pagesNamed('b1', 'people/emile'), ['people/emile.md']);
        // Only ASCII letters fold, on both backends: 'É' and 'é' differ.
        assert.deepEqual(repo.pagesNamed('b1', 'Émile Zola'), []);
        assert.deepEqual(repo.pagesNamed('b1', 'émile zola'), []);
        assert.deepEqual(repo.pagesNamed('b1', 'nobody'), []);
        assert.deepEqual(repo.pagesMentioning('b1', ['Ada Lovelace'], 'people/Ada Lovelace.md').map((p) => p.path), ['notes/one.md']);
        assert.deepEqual(repo.pagesMentioning('b1', ['Émile Zola'], 'none').map((p) => p.path), ['notes/one.md', 'people/emile.md']);
        // LIKE wildcards are plain characters here
        assert.deepEqual(repo.pagesMentioning('b1', ['0%_d'], 'none').map((p) => p.path), ['notes/two.md']);
        assert.deepEqual(repo.pagesMentioning('b1', ['_%'], 'none').map((p) => p.path), []);
      });

      it('clears one brain for a rebuild, leaving the others', () => {
        const repo = new PageIndexRepo(db, NO_CONFIG);
        const hook = recorder();
        repo.addHook(hook);
        repo.apply('b1', stamp('c1'), [put('x.md', '# X\n')]);
        repo.apply('b2', stamp('d1'), [put('x.md', '# X\n')]);
        repo.clearBrain('b1');
        assert.equal(repo.countPages('b1'), 0);
        assert.equal(repo.latestSeq('b1'), 0);
        assert.equal(repo.indexedCommit('b1'), null);
        assert.equal(repo.countPages('b2'), 1);
        assert.equal(repo.indexedCommit('b2'), 'd1');
        assert.ok(hook.seen.includes('cleared b1'));
      });

      it('keeps the write journal: rows per brain, oldest first, removed by id', () => {
        const repo = new PageIndexRepo(db, NO_CONFIG);
        repo.insertPending({ id: 'w2', brain_id: 'b2', base_commit: null, new_commit: 'n2', payload: '{}', created_at: '2026-01-01T00:00:02.000Z' });
        repo.insertPending({ id: 'w1', brain_id: 'b1', base_commit: 'h', new_commit: 'n1', payload: '{"a":1}', created_at: '2026-01-01T00:00:01.000Z' });
        repo.insertPending({ id: 'w3', brain_id: 'b1', base_commit: 'n1', new_commit: 'n3', payload: '{}', created_at: '2026-01-01T00:00:03.000Z' });
        assert.deepEqual(repo.brainsWithPending(), ['b1', 'b2']);
        assert.deepEqual(repo.pendingOf('b1'), [
          { id: 'w1', brain_id: 'b1', base_commit: 'h', new_commit: 'n1', payload: '{"a":1}', created_at: '2026-01-01T00:00:01.000Z' },
          { id: 'w3', brain_id: 'b1', base_commit: 'n1', new_commit: 'n3', payload: '{}', created_at: '2026-01-01T00:00:03.000Z' },
        ]);
        repo.removePending('w1');
        repo.removePending('w2');
        assert.deepEqual(repo.pendingOf('b1').map((r) => r.id), ['w3']);
        assert.deepEqual(repo.brainsWithPending(), ['b1']);
      });
    });

    describe('fileIndexRepo', () => {
      const pdf = (p: string, blobOid: string, size = 10): IndexEntry => ({ op: 'put', path: p, blobOid, file: { contentType: 'application/pdf', size, sha256: `sha-${blobOid}` } });
      const png = (p: string, blobOid: string): IndexEntry => ({ op: 'put', path: p, blobOid, file: { contentType: 'image/png', size: 3, sha256: `sha-${blobOid}` } });

      it('indexes attachments as a page index hook: versions across delete and re-create, links from pages, listings', () => {
        const pages = new PageIndexRepo(db, NO_CONFIG);
        const files = new FileIndexRepo(db);
        pages.addHook(files);
        pages.apply('b1', stamp('c1'), [
          pdf('docs/report.pdf', 'o1', 3_000_000_000),
          png('docs/Z.png', 'o2'),
          png('docs/a.png', 'o3'),
          put('notes/a.md', '# A\n\nSee [the report](../docs/report.pdf) and ![pic](../docs/a.png).'),
          put('notes/b.md', '# B\n\n[again](../docs/report.pdf)'),
        ]);
        const report = files.get('b1', 'docs/report.pdf')!;
        assert.deepEqual({ ...report, id: 0 }, {
          id: 0, brainId: 'b1', path: 'docs/report.pdf', contentType: 'application/pdf', size: 3_000_000_000, sha256: 'sha-o1', blobOid: 'o1', version: 1,
          commit: 'c1', updatedAt: T0, updatedBy: 'Ada',
        });
        assert.deepEqual(files.list('b1', { prefix: 'docs/', limit: 10 }).map((f) => f.path), ['docs/Z.png', 'docs/a.png', 'docs/report.pdf']);
        assert.deepEqual(files.list('b1', { prefix: 'docs/', afterPath: 'docs/Z.png', limit: 1 }).map((f) => f.path), ['docs/a.png']);
        assert.deepEqual(files.pagesLinkingTo('b1', 'docs/report.pdf'), ['notes/a.md', 'notes/b.md']);
        assert.deepEqual(files.filesLinkedFrom('b1', 'notes/a.md'), ['docs/a.png', 'docs/report.pdf']);
        assert.deepEqual(files.links('b1', 10), [
          { from: 'notes/a.md', to: 'docs/a.png' }, { from: 'notes/a.md', to: 'docs/report.pdf' }, { from: 'notes/b.md', to: 'docs/report.pdf' },
        ]);

        // An edit drops the page's old links; the same link twice is kept once.
        pages.apply('b1', stamp('c2'), [put('notes/a.md', '# A\n\n![pic](../docs/a.png) ![pic](../docs/a.png)'), { op: 'delete', path: 'notes/b.md' }]);
        assert.deepEqual(files.pagesLinkingTo('b1', 'docs/report.pdf'), []);
        assert.deepEqual(files.filesLinkedFrom('b1', 'notes/a.md'), ['docs/a.png']);

        pages.apply('b1', stamp('c3'), [{ op: 'delete', path: 'docs/Z.png' }]);
        assert.equal(files.get('b1', 'docs/Z.png'), null);
        assert.deepEqual(files.lastVersion('b1', 'docs/Z.png'), { version: 2, live: false });
        pages.apply('b1', stamp('c4'), [png('docs/Z.png', 'o4')]);
        assert.deepEqual(files.lastVersion('b1', 'docs/Z.png'), { version: 3, live: true });
        assert.deepEqual(files.lastVersion('b1', 'docs/none.png'), { version: 0, live: false });
        assert.equal(files.get('b1', 'docs/Z.png')!.blobOid, 'o4');

        pages.clearBrain('b1');
        assert.deepEqual(files.list('b1', { limit: 10 }), []);
        assert.deepEqual(files.links('b1', 10), []);
      });

      it('extracts PDF text once per version and finds files by every word, accents aside, under a folder', () => {
        const pages = new PageIndexRepo(db, NO_CONFIG);
        const files = new FileIndexRepo(db);
        pages.addHook(files);
        pages.apply('b1', stamp('c1'), [pdf('docs/menu.pdf', 'm1'), pdf('other/memo.pdf', 'n1'), png('docs/pic.png', 'p1')]);
        pages.apply('b2', stamp('d1'), [pdf('docs/menu.pdf', 'x1')]);
        const pending = files.pendingText(10).map((f) => `${f.brainId}:${f.path}`);
        assert.deepEqual(pending, ['b1:docs/menu.pdf', 'b1:other/memo.pdf', 'b2:docs/menu.pdf']);
        const menu = files.get('b1', 'docs/menu.pdf')!;
        assert.deepEqual(files.textState(menu), { status: null, text: '', failure: null });
        files.setText(menu, 'Crème brûlée with fresh berries, served cold. Dessert menu of the house.', 'extracted');
        files.setText(files.get('b1', 'other/memo.pdf')!, 'A memo about berries and creme.', 'extracted');
        files.setText(files.get('b2', 'docs/menu.pdf')!, null, 'too_large');
        assert.equal(files.textOf(menu), 'Crème brûlée with fresh berries, served cold. Dessert menu of the house.');
        assert.deepEqual(files.textState(files.get('b2', 'docs/menu.pdf')!), { status: 'too_large', text: '', failure: null });
        assert.deepEqual(files.pendingText(10), []);

        const found = (q: string, folder: string | null = null) => files.searchText('b1', q, { folder, limit: 10 }).map((h) => h.path).sort();
        assert.deepEqual(found('"creme" "berries"'), ['docs/menu.pdf', 'other/memo.pdf']);
        assert.deepEqual(found('"BRULEE"'), ['docs/menu.pdf']);
        assert.deepEqual(found('"creme" "dessert"'), ['docs/menu.pdf']);
        assert.deepEqual(found('"creme"', 'docs'), ['docs/menu.pdf']);
        assert.deepEqual(found('"pizza"'), []);
        assert.deepEqual(files.searchText('b2', '"creme"', { folder: null, limit: 10 }), []);
        const hit = files.searchText('b1', '"dessert"', { folder: null, limit: 10 })[0]!;
        assert.equal(hit.contentType, 'application/pdf');
        assert.match(hit.snippet, /\*\*Dessert\*\*/);
        assert.equal(typeof hit.rank, 'number');

        // Text extracted for an older version is not recorded; a new version waits for its own.
        pages.apply('b1', stamp('c2'), [pdf('docs/menu.pdf', 'm2')]);
        files.setText(menu, 'stale text', 'extracted');
        const menu2 = files.get('b1', 'docs/menu.pdf')!;
        assert.equal(menu2.version, 2);
        assert.equal(files.textState(menu), null);
        assert.deepEqual(files.textState(menu2), { status: null, text: '', failure: null });
        assert.deepEqual(found('"stale"'), []);
        assert.deepEqual(found('"dessert"'), [], 'the old version\'s text is gone');
        pages.apply('b1', stamp('c3'), [{ op: 'delete', path: 'other/memo.pdf' }]);
        assert.deepEqual(found('"berries"'), []);
      });

      it("stores why a PDF's text failed and when it is tried again; a start makes every failure not the file's own due; a new version or a delete clears it", () => {
        const pages = new PageIndexRepo(db, NO_CONFIG);
        const files = new FileIndexRepo(db);
        pages.addHook(files);
        pages.apply('b1', stamp('c1'), [pdf('docs/a.pdf', 'a1'), pdf('docs/b.pdf', 'b1'), pdf('docs/c.pdf', 'c1')]);
        const [a, b, c] = ['a', 'b', 'c'].map((n) => files.get('b1', `docs/${n}.pdf`)!);
        const T1 = '2026-01-01T00:01:00.000Z';
        files.setText(a!, null, 'failed', { error: 'damaged', attempts: 0, retryAt: null });
        files.setText(b!, null, 'failed', { error: 'no parser', attempts: 1, retryAt: T1 });
        files.setText(c!, null, 'failed', { error: 'timed out', attempts: 4, retryAt: null });
        assert.deepEqual(files.textState(a!), { status: 'failed', text: '', failure: { error: 'damaged', attempts: 0, retryAt: null } });
        assert.deepEqual(files.textState(b!), { status: 'failed', text: '', failure: { error: 'no parser', attempts: 1, retryAt: T1 } });
        assert.deepEqual(files.pendingText(10), []);
        assert.deepEqual(files.dueText('2026-01-01T00:00:59.999Z', 10), []);
        assert.equal(files.nextTextRetry(), T1);
        assert.deepEqual(files.dueText(T1, 10).map((f) => f.path), ['docs/b.pdf']);
        // A start: the waiting one and the one whose retries were spent are due now; the damaged one is not.
        assert.equal(files.retryNow(T0), 2);
        assert.deepEqual(files.dueText(T0, 10).map((f) => f.path), ['docs/b.pdf', 'docs/c.pdf']);
        assert.deepEqual(files.textState(c!)!.failure, { error: 'timed out', attempts: 4, retryAt: T0 });
        files.setText(b!, 'the text at last', 'extracted');
        assert.deepEqual(files.textState(b!), { status: 'extracted', text: 'the text at last', failure: null });
        assert.deepEqual(files.dueText(T1, 10).map((f) => f.path), ['docs/c.pdf']);
        // A new version of c and a delete of a: their failures go with the versions that had them.
        pages.apply('b1', stamp('c2'), [pdf('docs/c.pdf', 'c2'), { op: 'delete', path: 'docs/a.pdf' }]);
        assert.deepEqual(files.textState(files.get('b1', 'docs/c.pdf')!), { status: null, text: '', failure: null });
        assert.equal(files.nextTextRetry(), null);
        assert.deepEqual(
          db.prepare('SELECT path, text_error, text_attempts, text_retry_at FROM files WHERE brain_id = ? ORDER BY path').all('b1'),
          [
            { path: 'docs/a.pdf', text_error: null, text_attempts: 0, text_retry_at: null },
            { path: 'docs/b.pdf', text_error: null, text_attempts: 0, text_retry_at: null },
            { path: 'docs/c.pdf', text_error: null, text_attempts: 0, text_retry_at: null },
          ],
        );
      });

      it('rows a node on the code before 036 wrote: an extracted row with a retry time left is never due; a failure without a reason is retried at a start', () => {
        const pages = new PageIndexRepo(db, NO_CONFIG);
        const files = new FileIndexRepo(db);
        pages.addHook(files);
        pages.apply('b1', stamp('c1'), [pdf('docs/a.pdf', 'a1'), pdf('docs/b.pdf', 'b1')]);
        files.setText(files.get('b1', 'docs/a.pdf')!, null, 'failed', { error: 'no parser', attempts: 1, retryAt: T0 });
        // The old code's setText: the status only.
        db.exec("UPDATE files SET text_status = 'extracted' WHERE path = 'docs/a.pdf'");
        db.exec("UPDATE files SET text_status = 'failed' WHERE path = 'docs/b.pdf'");
        assert.deepEqual(files.dueText('9999-01-01T00:00:00.000Z', 10), []);
        assert.equal(files.nextTextRetry(), null);
        assert.deepEqual(files.textState(files.get('b1', 'docs/b.pdf')!)!.failure, { error: '', attempts: 0, retryAt: null });
        assert.equal(files.retryNow(T0), 1);
        assert.deepEqual(files.dueText(T0, 10).map((f) => f.path), ['docs/b.pdf']);
      });

      it('migration 036 (SQLite) / 019 (PostgreSQL) on a files table with failed rows: they wait for the indexer again, whatever failed them', () => {
        const pages = new PageIndexRepo(db, NO_CONFIG);
        const files = new FileIndexRepo(db);
        pages.addHook(files);
        pages.apply('b1', stamp('c1'), [pdf('docs/failed.pdf', 'f1'), pdf('docs/read.pdf', 'r1'), png('docs/pic.png', 'p1')]);
        files.setText(files.get('b1', 'docs/read.pdf')!, 'Read before the migration.', 'extracted');
        // The table as it was before the migration: no reason kept, a failure for good.
        const pg = isPostgres(db);
        db.exec('DROP INDEX files_text_retry');
        for (const column of ['text_error', 'text_attempts', 'text_retry_at']) db.exec(`ALTER TABLE files DROP COLUMN ${column}`);
        db.prepare('DELETE FROM schema_migrations WHERE version = ?').run(pg ? 19 : 36);
        db.exec("UPDATE files SET text_status = 'failed' WHERE path = 'docs/failed.pdf'");

        assert.deepEqual(pg ? migratePostgres(db as PostgresDb) : migrate(db as Db), [pg ? 19 : 36]);
        const after = new FileIndexRepo(db);
        assert.deepEqual(after.pendingText(10).map((f) => f.path), ['docs/failed.pdf']);
        assert.deepEqual(after.textState(after.get('b1', 'docs/failed.pdf')!), { status: null, text: '', failure: null });
        assert.deepEqual(after.textState(after.get('b1', 'docs/read.pdf')!), { status: 'extracted', text: 'Read before the migration.', failure: null });
        assert.deepEqual(
          db.prepare('SELECT path, text_status, text_error, text_attempts, text_retry_at FROM files WHERE brain_id = ? ORDER BY path').all('b1'),
          [
            { path: 'docs/failed.pdf', text_status: null, text_error: null, text_attempts: 0, text_retry_at: null },
            { path: 'docs/pic.png', text_status: 'none', text_error: null, text_attempts: 0, text_retry_at: null },
            { path: 'docs/read.pdf', text_status: 'extracted', text_error: null, text_attempts: 0, text_retry_at: null },
          ],
        );
        // The new columns work as a fresh database's: a failure is kept with its reason.
        after.setText(after.get('b1', 'docs/failed.pdf')!, null, 'failed', { error: 'damaged', attempts: 0, retryAt: null });
        assert.deepEqual(after.textState(after.get('b1', 'docs/failed.pdf')!)!.failure, { error: 'damaged', attempts: 0, retryAt: null });
      });
    });

    describe('linkGraphRepo (the resolution order in every script)', () => {
      const files = vaultWithLinks();
      const linking = [...new Set(RESOLUTION_TABLE.map(([from]) => from))];
      const graphOf = (graph: LinkGraphRepo, brainId: string) =>
        linking.flatMap((from) => graph.outgoing(brainId, from).map((l) => [from, l.target, l.toPath] as const)).sort((a, b) => (a.join('\u0000') < b.join('\u0000') ? -1 : 1));
      const setUp = () => {
        const pages = new PageIndexRepo(db, NO_CONFIG);
        const graph = new LinkGraphRepo(db);
        pages.addHook(graph);
        return { pages, graph };
      };
      /** A brain's link rows, targets and names as the graph stores them, in a stable order. */
      const linkRows = (brainId: string) => ({
        links: db.prepare(
          `SELECT f.path AS "from", l.ordinal, t.key, t.target, p.path AS "to", l.kind, l.heading, l.line, l.type
           FROM search_links l JOIN pages f ON f.id = l.from_page_id JOIN search_link_targets t ON t.id = l.target_id LEFT JOIN pages p ON p.id = l.to_page_id
           WHERE f.brain_id = ? ORDER BY f.path, l.ordinal`,
        ).all(brainId) as Array<{ from: string; target: string; to: string | null }>,
        targets: db.prepare('SELECT key, target FROM search_link_targets WHERE brain_id = ? ORDER BY key, target').all(brainId) as Array<{ target: string }>,
        names: db.prepare('SELECT key, kind, path, label FROM search_page_keys WHERE brain_id = ? ORDER BY key, kind, path').all(brainId),
      });

      it('links every table row where the order says, in one batch and page by page (links before their targets), and a going page sends its links on', () => {
        const { pages, graph } = setUp();
        pages.apply('b1', stamp('c1'), Object.entries(files).map(([p, md]) => put(p, md)));
        const wrong: string[] = [];
        for (const [from, target, expected] of RESOLUTION_TABLE) {
          const got = graph.outgoing('b1', from).find((l) => l.target === target);
          assert.ok(got, `${from} has its link to ${target}`);
          if (got.toPath !== expected) wrong.push(`[[${target}]] from ${from}: ${got.toPath} (expected ${expected})`);
        }
        assert.deepEqual(wrong, []);
        let n = 0;
        for (const from of linking) pages.apply('b2', stamp(`d${n++}`), [put(from, files[from]!)]);
        for (const [p, md] of Object.entries(VAULT_PAGES)) pages.apply('b2', stamp(`d${n++}`), [put(p, md)]);
        assert.deepEqual(graphOf(graph, 'b2'), graphOf(graph, 'b1'));
        pages.apply('b1', stamp('c2'), [{ op: 'delete', path: 'topics/Themes.md' }]);
        assert.equal(graph.outgoing('b1', 'index.md').find((l) => l.target === 'Themes')!.toPath, 'a/Thèmes.md');
        assert.equal(graph.resolveKey('b1', nameKey('Themes')), 'a/Thèmes.md');
      });

      it('answers every graph query as SQLite does, in the same order and with the same counts', () => {
        const { pages, graph } = setUp();
        pages.apply('b1', stamp('c1'), [
          ...Object.entries(files).map(([p, md]) => put(p, md)),
          // Two spellings of one page on one line (the backlink's target is the first one's), a
          // typed link, a self-link and links wanted more than once.
          put('people/ada.md', '---\naliases: [Countess]\n---\n# Ada\n\nSee [[Ada Lovelace]] and [[people/ada-lovelace]], [[Ghost]].\n\nworks_at:: [[Projects/Alpha]]\n\n[[Ada]] [[Ghost]] [[Ghost town]]'),
          put('notes/x.md', '# X\n\n[[Ada]] [[Countess]] [[ghost]]\n[[Ada]]\n[md](../people/ada.md)'),
        ]);
        const answers = {
          outgoing: ['index.md', 'people/ada.md', 'notes/x.md'].map((p) => graph.outgoing('b1', p)),
          backlinks: ['people/ada.md', 'people/ada-lovelace.md', 'work/Projects/Alpha.md', 'el/Κόσμος.md', 'nope.md'].map((p) => graph.backlinks('b1', p)),
          allEdges: graph.allEdges('b1'),
          linkCount: graph.linkCount('b1'),
          mostLinked: graph.mostLinked('b1', 5),
          allNames: graph.allNames('b1'),
          wanted: graph.wanted('b1', 10),
          allPages: graph.allPages('b1'),
          edges: (['out', 'in', 'both'] as const).flatMap((d) => [
            graph.edgesTouching('b1', ['people/ada.md', 'notes/x.md', 'people/ada-lovelace.md'], d),
            graph.edgesTouching('b1', ['people/ada.md'], d, ['works_at']),
          ]),
          resolved: ['Ada', 'ada', 'Countess', 'Ghost', 'ΚΌΣΜΟΣ', 'Plan'].map((n) => [graph.resolveKey('b1', nameKey(n)), graph.resolveKey('b1', nameKey(n), 'work/index.md')]),
          resolveFirst: graph.resolveFirst('b1', [nameKey('Ghost'), nameKey('Alpha')], 'work/x.md'),
          pagesNamed: graph.pagesNamed('b1', [nameKey('Plan'), nameKey('Alpha'), nameKey('Ghost'), nameKey('Ada')]),
        };
        // A few of them spelled out, so that SQLite's answers are checked too.
        assert.deepEqual(answers.backlinks[0]!.map((b) => [b.fromPath, b.line, b.type, b.count]), [['notes/x.md', 3, 'mentions', 4]], 'its own links left out');
        assert.deepEqual(answers.wanted[0], { target: 'Ghost', count: 3 });
        assert.ok(answers.wanted.some((w) => w.target === 'Figma' && w.count === 1), 'Figma wanted once (behind the table rows whose targets sort first)');
        assert.ok(answers.edges[1]!.every((e) => e.type === 'works_at') && answers.edges[1]!.length === 1);
        assert.deepEqual(answers.pagesNamed.find((p) => p.key === nameKey('Plan')), { key: nameKey('Plan'), path: 'home/Plan.md', ambiguous: true });
        if (!isPostgres(db)) graphAnswers.set('vault', answers);
        else if (graphAnswers.has('vault')) assert.deepEqual(answers, graphAnswers.get('vault'));
      });

      it('page-by-page edits, moves and deletes leave the links, targets and names a rebuild makes', () => {
        const { pages } = setUp();
        const current = new Map(Object.entries(files));
        pages.apply('b1', stamp('c1'), [...current].map(([p, md]) => put(p, md)));
        const edit = (entries: IndexEntry[]) => {
          pages.apply('b1', stamp('e'), entries);
          for (const e of entries) {
            if (e.op === 'delete') current.delete(e.path);
            else {
              if (e.op === 'move') current.delete(e.fromPath!);
              current.set(e.path, e.markdown!);
            }
          }
        };
        edit([put('index.md', '# Index\n\nNow only [[Plan]], [[Ghost]] and [[Κόσμος]].\n')]); // links dropped: their targets go
        edit([put('concepts/difference-engine.md', '---\naliases: [Colour, Engine]\n---\n# Difference Engine\n')]); // an alias gone, one new
        edit([{ op: 'delete', path: 'home/Plan.md' }]);
        edit([{ op: 'move', path: 'archive/Beta.md', fromPath: 'Projects/Beta.md', markdown: '# Beta at the root\n', blobOid: 'b' }]);
        edit([put('Ghost.md', '# Ghost\n\nSee [[Engine]] and [[Beta]].\n')]); // a wanted target created
        const snapshot = () => linkRows('b1');
        const live = snapshot();
        const linkOf = (from: string, target: string) => (live.links as Array<{ from: string; target: string; to: string | null }>).find((l) => l.from === from && l.target === target)?.to;
        assert.equal(linkOf('index.md', 'Plan'), 'work/notes/Plan.md', 'the next page in the order once home/Plan.md went');
        assert.equal(linkOf('index.md', 'Ghost'), 'Ghost.md');
        assert.equal(linkOf('Ghost.md', 'Engine'), 'concepts/difference-engine.md');
        assert.equal(linkOf('Ghost.md', 'Beta'), 'archive/Beta.md', 'the moved page, the shorter path');
        assert.ok(!(live.targets as Array<{ target: string }>).some((t) => t.target === 'STRASSE'), 'a target no link names any more is gone');
        pages.clearBrain('b1');
        pages.apply('b1', stamp('r'), [...current].map(([p, md]) => put(p, md)));
        assert.deepEqual(snapshot(), live);
      });

      it('a page written and then written again, moved or deleted in the same batch leaves what a rebuild makes', () => {
        // The links a batch's first put stored are dropped again inside the batch (a second put, a
        // move, a delete): their targets and prefixes must leave with them (linkGraphRepo dropPage).
        const { pages } = setUp();
        pages.apply('b1', stamp('c1'), [
          put('a.md', '# A\n\n[[B]] [[Ghost]]\n'),
          put('a.md', '# A\n\n[[b]] [[B|x]]\n'),
          { op: 'move', path: 'c/a.md', fromPath: 'a.md', markdown: '# A\n\n[[B]]\n', blobOid: 'moved' },
          put('d.md', '# D\n\n[[Gone]]\n'),
          { op: 'delete', path: 'd.md' },
          put('B.md', '# B\n'),
        ]);
        const live = linkRows('b1');
        assert.deepEqual(live.links.map((l) => [l.from, l.target, l.to]), [['c/a.md', 'B', 'B.md']]);
        assert.deepEqual(live.targets.map((t) => t.target).filter((t) => t === 'Ghost' || t === 'Gone'), [], 'targets no stored link names are gone');
        pages.clearBrain('b1');
        pages.apply('b1', stamp('r'), [put('c/a.md', '# A\n\n[[B]]\n'), put('B.md', '# B\n')]);
        assert.deepEqual(linkRows('b1'), live);
      });

      it('keeps long names and targets (past what one B-tree entry holds on PostgreSQL) and removes a brain\'s links with it', () => {
        const { pages, graph } = setUp();
        const long = `Long ${'Ünïcode wörds '.repeat(300)}end`;
        pages.apply('b1', stamp('c1'), [put('long.md', `# ${long}\n`), put('from.md', `# From\n\n[[${long}]] [[${long}x]]`)]);
        assert.deepEqual(graph.outgoing('b1', 'from.md').map((l) => l.toPath), ['long.md', null]);
        assert.equal(graph.resolveKey('b1', nameKey(long.toUpperCase())), 'long.md');
        pages.apply('b1', stamp('c2'), [put('from.md', `# From\n\n[[${long}]] [[${long}]]`)]);
        assert.deepEqual(graph.wanted('b1'), []);
        pages.apply('b2', stamp('d1'), [put('a.md', '# A\n\n[[B]] [[C]]'), put('b.md', '# B\n')]);
        const count = (sql: string) => db.prepare(sql).pluck().get() as number;
        const before = count('SELECT COUNT(*) FROM search_links');
        new BrainsRepo(db).delete('b2');
        assert.equal(count('SELECT COUNT(*) FROM search_links'), before - 2);
        assert.equal(count("SELECT COUNT(*) FROM search_link_targets WHERE brain_id = 'b2'"), 0);
        assert.equal(count("SELECT COUNT(*) FROM search_page_keys WHERE brain_id = 'b2'"), 0);
        assert.equal(graph.linkCount('b1'), 2);
      });
    });

    describe('page and file events (brain_events triggers)', () => {
      const pdf = (p: string, blobOid: string): IndexEntry => ({ op: 'put', path: p, blobOid, file: { contentType: 'application/pdf', size: 10, sha256: `sha-${blobOid}` } });

      it('a page put, move and delete and a file add, new version and delete each add their event in the transaction, in seq order, with the change\'s stamp', () => {
        const pages = new PageIndexRepo(db, NO_CONFIG);
        pages.addHook(new FileIndexRepo(db));
        const events = new EventsRepo(db);
        const T1 = '2026-01-02T00:00:00.000Z';
        const c1 = pages.apply('b1', stamp('c1'), [put('a.md', '# A\n'), pdf('docs/r.pdf', 'o1'), put('b.md', '# B\n')]);
        const c2 = pages.apply('b1', stamp('c2', T1, 'Eve'), [
          { op: 'move', path: 'c.md', fromPath: 'b.md', markdown: '# C\n', blobOid: 'x' },
          pdf('docs/r.pdf', 'o2'),
          { op: 'delete', path: 'a.md' },
        ]);
        pages.apply('b1', stamp('c3', T1), [{ op: 'delete', path: 'docs/r.pdf' }]);
        // A batch rolled back leaves no event.
        assert.throws(() => db.transaction(() => {
          pages.apply('b1', stamp('c4'), [put('z.md', '# Z\n')]);
          throw new Error('undone');
        })());
        const all = events.after(0, 100);
        assert.deepEqual(all.map((e) => [e.brainId, e.type, e.path, e.fromPath, e.version, e.commit, e.by, e.at]), [
          // (a batch's files are indexed before its pages)
          ['b1', 'file.put', 'docs/r.pdf', null, 1, 'c1', 'Ada', T0],
          ['b1', 'page.put', 'a.md', null, 1, 'c1', 'Ada', T0],
          ['b1', 'page.put', 'b.md', null, 1, 'c1', 'Ada', T0],
          ['b1', 'file.put', 'docs/r.pdf', null, 2, 'c2', 'Eve', T1],
          ['b1', 'page.move', 'c.md', 'b.md', 2, 'c2', 'Eve', T1],
          ['b1', 'page.delete', 'a.md', null, 2, 'c2', 'Eve', T1],
          ['b1', 'file.delete', 'docs/r.pdf', null, 3, 'c3', 'Ada', T1],
        ]);
        for (let i = 1; i < all.length; i++) assert.ok(all[i]!.seq > all[i - 1]!.seq);
        // Each page event points at its change (the /changes cursor resumes from it).
        const pageSeqs = db.prepare("SELECT page_seq FROM brain_events WHERE type LIKE 'page.%' ORDER BY seq").pluck().all();
        assert.deepEqual(pageSeqs, [...c1, ...c2].map((c) => c.seq));
        assert.equal(events.seqOfChange('b1', c1[1]!.seq), all[2]!.seq);
        assert.equal(events.isCreate(all[1]!), true);
      });

      it('a muted brain (its index being rebuilt) makes no event for changes stamped before the rebuild; other brains and later changes do', () => {
        const pages = new PageIndexRepo(db, NO_CONFIG);
        pages.addHook(new FileIndexRepo(db));
        const events = new EventsRepo(db);
        events.muteReplayedHistory('b1');
        pages.apply('b1', stamp('c1'), [put('old.md', '# Old\n'), pdf('old.pdf', 'o1')]); // replayed: stamped T0, before the mark
        pages.apply('b2', stamp('d1'), [put('other.md', '# Other\n'), pdf('other.pdf', 'o2')]);
        const later = '2999-01-01T00:00:00.000Z';
        pages.apply('b1', stamp('c2', later), [put('new.md', '# New\n'), pdf('old.pdf', 'o3')]);
        assert.deepEqual(events.after(0, 100).map((e) => [e.brainId, e.type, e.path]), [
          ['b2', 'file.put', 'other.pdf'], ['b2', 'page.put', 'other.md'], ['b1', 'file.put', 'old.pdf'], ['b1', 'page.put', 'new.md'],
        ]);
        assert.equal(pages.latestSeq('b1'), 3, 'the muted changes are in the feed all the same');
        // Muted and replayed in one transaction: the trigger sees the mark its transaction wrote.
        db.transaction(() => {
          events.muteReplayedHistory('b2');
          pages.apply('b2', stamp('d2'), [put('again.md', '# Again\n'), pdf('again.pdf', 'o4')]);
        }).immediate();
        assert.equal(events.after(0, 100).length, 4);
      });

      it('on PostgreSQL a transaction that adds a page change or a file version holds the write lock from its first statement (event order is commit order)', function () {
        if (!isPostgres(db)) this.skip();
        const held = () => db.prepare("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = ? AND granted AND pid = pg_backend_pid()").pluck().get(WRITE_LOCK_KEY);
        const changed = db.transaction(() => {
          db.prepare("INSERT INTO page_changes (brain_id, op, path, version, commit_oid, at, by_name) VALUES ('b1', 'put', 'a.md', 1, 'c', ?, 'x')").run(T0);
          return held();
        });
        assert.equal(changed.deferred(), 1, 'a page change takes it');
        // Muted: no event is inserted, and the change still takes the lock (its seq is read past too).
        new EventsRepo(db).muteReplayedHistory('b1');
        assert.equal(changed.deferred(), 1, 'a muted page change takes it');
        const file = db.transaction((version: number) => {
          db.prepare("INSERT INTO files (brain_id, path, content_type, size, sha256, blob_oid, version, commit_oid, updated_at, updated_by) VALUES ('b2', 'f.png', 'image/png', 1, 's', 'o', 1, 'c', ?, 'x') ON CONFLICT (brain_id, path) DO UPDATE SET version = ?").run(T0, version);
          return held();
        });
        assert.equal(file.deferred(1), 1, 'a new file takes it');
        assert.equal(file.deferred(2), 1, 'a new version takes it');
        assert.equal(db.transaction(() => (db.prepare("UPDATE files SET text_status = 'x' WHERE path = 'f.png'").run(), held())).deferred(), 0, 'no new version, no lock');
        assert.equal(held(), 0, 'released at commit');
      });
    });

    describe('write path', () => {
      let dataDir: string;
      beforeEach(() => {
        dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-index-both-'));
      });
      afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

      it('commits, indexes and audits writes (group commit included), and recovery finishes or discards journaled ones', async () => {
        const repos = new RepoRegistry(dataDir, false);
        await repos.get('b1').init();
        const index = new PageIndexRepo(db, new BrainConfigCache(repos));
        const audit = new AuditRepo(db);
        const writes = new WritePath(db, repos, index, audit);
        const plan = (p: string, text: string) => () => ({ ops: [{ op: 'put' as const, path: p, content: Buffer.from(text) }], message: `Update ${p}`, opName: 'put', audit: { action: 'page.put', target: p } });
        const one = await writes.write('b1', SYSTEM_ACTOR, plan('people/ada.md', '# Ada\n'));
        assert.equal(index.getPage('b1', 'people/ada.md')!.commit, one.commit);
        assert.equal(index.indexedCommit('b1'), one.commit);
        // Several at once: they queue behind each other and may share commits.
        const many = await Promise.all(
          ['a', 'b', 'c', 'd'].map((n) => writes.write('b1', SYSTEM_ACTOR, plan(`notes/${n}.md`, `# ${n}\n`), { paths: [`notes/${n}.md`] })),
        );
        for (const [i, n] of ['a', 'b', 'c', 'd'].entries()) assert.equal(index.getPage('b1', `notes/${n}.md`)!.commit, many[i]!.commit);
        assert.equal(index.countPages('b1'), 5);
        assert.equal(index.pendingOf('b1').length, 0);
        assert.equal(audit.list('b1', 50).length, 5);

        // A journaled write whose commit landed (the branch is at it) and one whose commit never did.
        const head = repos.get('b1').head()!;
        index.insertPending({ id: 'landed', brain_id: 'b1', base_commit: null, new_commit: head, payload: JSON.stringify({ actor: SYSTEM_ACTOR, audit: { action: 'page.put', target: 'x' } }), created_at: T0 });
        index.insertPending({ id: 'lost', brain_id: 'b1', base_commit: head, new_commit: 'f'.repeat(40), payload: JSON.stringify({ actor: SYSTEM_ACTOR, audit: { action: 'page.put', target: 'y' } }), created_at: T0 });
        assert.deepEqual(await writes.recover(['b1']), { finished: 1, discarded: 1 });
        assert.deepEqual(index.brainsWithPending(), []);
        await writes.drained();
      });

      it("a node's write lock across nodes (as buildContainer opens it): a session of its own on PostgreSQL, none on SQLite", async () => {
        const url = isPostgres(db) ? pgliteUrl : null;
        const nodeLock = openNodeWriteLock(db, url);
        try {
          if (!isPostgres(db)) return assert.equal(nodeLock.lock, null);
          assert.ok(nodeLock.lock instanceof PgBrainLock);
          assert.equal(await nodeLock.lock.hold('b1', async () => nodeLock.lock!.holds('b1')), true);
          assert.equal(nodeLock.lock.holds('b1'), false);
          assert.throws(() => openNodeWriteLock(db, null), /URL/);
        } finally {
          await nodeLock.close();
        }
      });

      it('fails the writes waiting for a cross-node lock that cannot be taken, and stays usable', async () => {
        const repos = new RepoRegistry(dataDir, false);
        await repos.get('b1').init();
        const index = new PageIndexRepo(db, new BrainConfigCache(repos));
        let refuse = true;
        const lock = {
          hold<T>(_key: string, fn: () => Promise<T>): Promise<T> {
            return refuse ? Promise.reject(new Error('another node holds the brain')) : fn();
          },
        };
        const writes = new WritePath(db, repos, index, new AuditRepo(db), undefined, lock);
        const plan = (p: string) => () => ({ ops: [{ op: 'put' as const, path: p, content: Buffer.from('# x\n') }], message: `Update ${p}`, opName: 'put', audit: { action: 'page.put', target: p } });
        const outcomes = await Promise.allSettled(['a', 'b', 'c'].map((n) => writes.write('b1', SYSTEM_ACTOR, plan(`notes/${n}.md`))));
        for (const o of outcomes) assert.equal(o.status, 'rejected');
        assert.match(String((outcomes[0] as PromiseRejectedResult).reason), /another node holds the brain/);
        assert.equal(index.countPages('b1'), 0);
        assert.equal(repos.get('b1').head(), null, 'nothing was committed');
        refuse = false;
        await writes.write('b1', SYSTEM_ACTOR, plan('notes/d.md'));
        assert.equal(index.countPages('b1'), 1);
        await writes.drained();
      });
    });
  });
}

describe('the per-brain write lock across nodes (a real PostgreSQL server)', function () {
  this.timeout(180_000);
  let server: RealPostgres | null = null;
  const sessions: PostgresDb[] = [];
  const session = () => {
    const s = new PostgresDb(server!.url, { statementTimeoutMs: 20_000 });
    sessions.push(s);
    return s;
  };

  before(async function () {
    const missing = realPostgresMissing();
    if (missing) {
      console.log(`      (skipped: ${missing}; PGlite shares one session between connections, so locks cannot be shown there)`);
      this.skip();
    }
    server = await startRealPostgres();
  });
  after(async () => {
    for (const s of sessions) await s.close();
    await server?.stop();
  });

  it('keys each brain by a stable signed 64-bit hash', () => {
    assert.equal(brainLockKey('b1'), brainLockKey('b1'));
    assert.notEqual(brainLockKey('b1'), brainLockKey('b2'));
    for (const id of ['b1', 'b2', 'a-much-longer-brain-id-0123456789']) {
      const k = BigInt(brainLockKey(id));
      assert.ok(k >= -(2n ** 63n) && k < 2n ** 63n);
    }
  });

  it('serialises two holders of one brain on two connections; another brain goes on meanwhile', async () => {
    const nodeA = new PgBrainLock(session());
    const nodeB = new PgBrainLock(session());
    const order: string[] = [];
    let releaseA!: () => void;
    const aHolding = new Promise<void>((r) => (releaseA = r));
    let aIn!: () => void;
    const aEntered = new Promise<void>((r) => (aIn = r));
    const a = nodeA.hold('b1', async () => {
      order.push('A in');
      aIn();
      await aHolding;
      order.push('A out');
    });
    await aEntered;
    assert.equal(nodeA.holds('b1'), true);
    const b = nodeB.hold('b1', async () => {
      order.push('B in');
      assert.equal(nodeB.holds('b1'), true);
    });
    // Another brain is not held up by b1's holder.
    await nodeB.hold('b2', async () => {
      order.push('B b2');
    });
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(order, ['A in', 'B b2'], 'B waits while A holds b1');
    releaseA();
    await Promise.all([a, b]);
    assert.deepEqual(order, ['A in', 'B b2', 'A out', 'B in']);
    assert.equal(nodeA.holds('b1'), false);
    assert.equal(nodeB.holds('b1'), false);
  });

  it('a holder that dies (its connection closed) releases the lock', async () => {
    const dying = session();
    const nodeA = new PgBrainLock(dying);
    const nodeB = new PgBrainLock(session());
    let aIn!: () => void;
    const aEntered = new Promise<void>((r) => (aIn = r));
    // A takes the lock and never gives it back itself: its process "dies" mid-commit.
    void nodeA.hold('b1', () => {
      aIn();
      return new Promise<void>(() => {});
    });
    await aEntered;
    let bIn = false;
    const b = nodeB.hold('b1', async () => {
      bIn = true;
    });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(bIn, false, 'B waits while A is alive');
    await dying.close(); // the session ends, and its advisory locks with it
    await b;
    assert.equal(bIn, true);
  });

  it("a starting node's recovery leaves another node's write in flight alone: it waits for the brain's lock", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-lock-recover-'));
    const { db } = openPostgres(server!.url, { statementTimeoutMs: 20_000 });
    sessions.push(db);
    try {
      db.exec('TRUNCATE brains, audit RESTART IDENTITY CASCADE');
      new BrainsRepo(db).insert(brain('b1'));
      const repos = new RepoRegistry(dataDir, false);
      await repos.get('b1').init();
      const index = new PageIndexRepo(db, new BrainConfigCache(repos));
      const audit = new AuditRepo(db);
      // Node A is mid-write: it holds b1's lock and its journal row names a commit not landed yet.
      const nodeA = new PgBrainLock(session());
      let finishA!: () => void;
      let aIn!: () => void;
      const aEntered = new Promise<void>((r) => (aIn = r));
      const a = nodeA.hold('b1', async () => {
        index.insertPending({ id: 'in-flight', brain_id: 'b1', base_commit: null, new_commit: 'e'.repeat(40), payload: JSON.stringify({ actor: SYSTEM_ACTOR, audit: { action: 'page.put' } }), created_at: T0 });
        aIn();
        await new Promise<void>((r) => (finishA = r));
        index.removePending('in-flight'); // indexed and answered, as the write path does
      });
      await aEntered;
      // Node B starts and recovers: without the lock it would discard A's live row.
      const nodeB = new WritePath(db, repos, index, audit, undefined, new PgBrainLock(session()));
      let recovered: { finished: number; discarded: number } | null = null;
      const r = nodeB.recover(['b1']).then((x) => (recovered = x));
      await new Promise((res) => setTimeout(res, 300));
      assert.equal(recovered, null, 'recovery waits for the brain');
      assert.deepEqual(index.pendingOf('b1').map((p) => p.id), ['in-flight']);
      finishA();
      await a;
      await r;
      assert.deepEqual(recovered, { finished: 0, discarded: 0 });
      await nodeB.drained();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('two nodes writing one page of one brain at once (a write path each, its own connections, one repository volume) serialise: no lost update, no conflict, events in commit order', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-lock-two-nodes-'));
    const closers: Array<() => Promise<void>> = [];
    try {
      let inside = 0;
      let most = 0;
      const node = (name: string) => {
        const { db } = openPostgres(server!.url, { statementTimeoutMs: 20_000 });
        closers.push(() => db.close());
        // As buildContainer does: the lock's own session on the node's database.
        const nodeLock = openNodeWriteLock(db, server!.url);
        closers.push(() => nodeLock.close());
        assert.ok(nodeLock.lock);
        // Both nodes live in this process here, so whether their holders ever overlap can be counted.
        const counted = {
          hold: <T>(key: string, fn: () => Promise<T>) =>
            nodeLock.lock!.hold(key, async () => {
              most = Math.max(most, ++inside);
              try {
                return await fn();
              } finally {
                inside--;
              }
            }),
        };
        const repos = new RepoRegistry(dataDir, false);
        const index = new PageIndexRepo(db, new BrainConfigCache(repos));
        const writes = new WritePath(db, repos, index, new AuditRepo(db), undefined, counted);
        // Each write appends a line to what the page holds when it is planned (under the brain's lock).
        const append = (i: number) =>
          writes.write('b1', SYSTEM_ACTOR, () => {
            const now = index.getPage('b1', 'log.md')?.markdown ?? '# Log\n';
            return { ops: [{ op: 'put' as const, path: 'log.md', content: Buffer.from(`${now}- ${name} ${i}\n`) }], message: `Append ${name} ${i}`, opName: 'put', audit: { action: 'page.put', target: 'log.md' } };
          });
        return { db, repos, index, writes, append };
      };
      const a = node('A');
      a.db.exec('TRUNCATE brains, audit, search_links RESTART IDENTITY CASCADE');
      new BrainsRepo(a.db).insert(brain('b1'));
      await a.repos.get('b1').init();
      const b = node('B');
      const n = 8;
      const outcomes = await Promise.allSettled(Array.from({ length: n }, (_, i) => [a.append(i), b.append(i)]).flat());
      assert.deepEqual(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)), []);
      assert.equal(most, 1, "the two nodes never held the brain's lock at once");
      const page = b.index.getPage('b1', 'log.md')!;
      const lines = page.markdown.split('\n').filter((l) => l.startsWith('- '));
      assert.equal(lines.length, 2 * n, 'no write lost another\'s line');
      assert.deepEqual(new Set(lines).size, 2 * n);
      assert.equal(page.version, 2 * n);
      assert.equal(a.index.getPage('b1', 'log.md')!.commit, b.repos.get('b1').head(), 'each node reads the other\'s writes');
      // One page.put event per write, in the order of the changes (commit order).
      const events = new EventsRepo(a.db).after(0, 100).filter((e) => e.type === 'page.put');
      assert.deepEqual(events.map((e) => e.version), Array.from({ length: 2 * n }, (_, i) => i + 1));
      await a.writes.drained();
      await b.writes.drained();
    } finally {
      for (const close of closers.reverse()) await close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a write waits while another node holds its brain, then commits and indexes on PostgreSQL', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-lock-write-'));
    const { db } = openPostgres(server!.url, { statementTimeoutMs: 20_000 });
    sessions.push(db);
    try {
      db.exec('TRUNCATE brains, audit RESTART IDENTITY CASCADE');
      new BrainsRepo(db).insert(brain('b1'));
      const repos = new RepoRegistry(dataDir, false);
      await repos.get('b1').init();
      const index = new PageIndexRepo(db, new BrainConfigCache(repos));
      const writes = new WritePath(db, repos, index, new AuditRepo(db), undefined, new PgBrainLock(session()));
      const other = new PgBrainLock(session());
      let release!: () => void;
      let otherIn!: () => void;
      const otherEntered = new Promise<void>((r) => (otherIn = r));
      const held = other.hold('b1', () => {
        otherIn();
        return new Promise<void>((r) => (release = r));
      });
      await otherEntered;
      let done = false;
      const w = writes
        .write('b1', SYSTEM_ACTOR, () => ({ ops: [{ op: 'put', path: 'a.md', content: Buffer.from('# A\n') }], message: 'Add a.md', opName: 'put', audit: { action: 'page.put' } }))
        .then((o) => {
          done = true;
          return o;
        });
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(done, false, 'the write waits for the other node');
      release();
      await held;
      const outcome = await w;
      assert.equal(index.getPage('b1', 'a.md')!.commit, outcome.commit);
      await writes.drained();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
