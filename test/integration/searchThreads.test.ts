// Exact searches on the search threads (services/searchThreads.ts): the same answer as the event
// loop's SearchService, byte for byte; a search sent after a write's answer sees the write
// (read-your-writes across the two connections); refusals as before; BRAINKEEP_SEARCH_THREADS=0
// keeps every search on the event loop. The thread's own checks and caches: a brain trashed or a
// partition archived through a second connection (as the CLI does) between searches is seen by
// the thread itself; its caches are kept inside its read transactions and dropped on such a commit.
// Failures: a thread that hangs (the deadline), is killed mid-search, keeps failing (logged, a
// back-off), or is closed with a search in hand (503, not run again).
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import pino from 'pino';
import * as sqliteVec from 'sqlite-vec';
import { loadConfig } from '../../src/config.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { searchThreadFallbacks } from '../../src/metrics.js';
import type { SearchParams } from '../../src/services/searchService.js';
import { SearchThreads, type SearchReply } from '../../src/services/searchThreads.js';
import { BrainsRepo } from '../../src/storage/sqlite/brainsRepo.js';
import { databaseFile } from '../../src/storage/sqlite/database.js';
import { EmbeddingRepo } from '../../src/storage/sqlite/embeddingRepo.js';
import { SearchIndexRepo } from '../../src/storage/sqlite/searchIndexRepo.js';
import type { PoolThread, ThreadJobs } from '../../src/workerThread.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** The pool inside a SearchThreads (private there): its threads, to end one or hand it a stand-in. */
const poolOf = (st: SearchThreads) => (st as unknown as { pool: ThreadJobs<PoolThread, object, SearchReply> }).pool;
const fallbacksBy = async (reason: string) => (await searchThreadFallbacks.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;
/** A thread that never answers (a search stuck in it), and one that answers every search with a failure. */
const HUNG = 'setInterval(() => {}, 1 << 30);';
const FAILING = "const { parentPort } = require('node:worker_threads'); parentPort.on('message', (j) => parentPort.postMessage({ id: j.id, error: 'broken', refused: false }));";
const standIn = (st: SearchThreads, code: string) => {
  const worker = new Worker(code, { eval: true });
  return { worker, exited: new Promise<void>((resolve) => worker.once('exit', () => resolve())) , thread: poolOf(st).add({ worker, busy: 0 }, 'A search thread stopped.') };
};

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
    s = await startTestServer({ BRAINKEEP_SEARCH_THREADS: '1' });
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

  it('keeps its caches inside the read transaction of a query-only connection, and drops them on another connection\'s commit', async () => {
    const file = databaseFile(s.dataDir);
    const ran: string[] = [];
    const open = (queryOnly: boolean) => {
      const db = new Database(file, { fileMustExist: true, verbose: (sql) => ran.push(String(sql)) });
      if (queryOnly) db.pragma('query_only = ON');
      sqliteVec.load(db);
      return db;
    };
    const counted = () => ran.filter((sql) => sql.includes('SELECT COUNT(*) FROM pages')).length;
    const brainReads = () => ran.filter((sql) => sql.includes('FROM brains WHERE id')).length;
    const filters = { folder: null, partition: null, includeArchived: false, tags: ['history'] };
    const twice = (db: Database.Database, index: SearchIndexRepo, brains: BrainsRepo) => {
      db.exec('BEGIN');
      index.readBegun(); // as the search thread does after its BEGIN
      for (let i = 0; i < 2; i++) {
        assert.ok(index.facetPlan(s.mainBrainId, filters));
        assert.ok(brains.byId(s.mainBrainId));
      }
      db.exec('COMMIT');
    };
    const reader = open(true);
    const writer = open(false);
    try {
      const index = new SearchIndexRepo(reader, new EmbeddingRepo(reader));
      const brains = new BrainsRepo(reader);
      twice(reader, index, brains);
      assert.equal(counted(), 1, 'the page count is kept inside the transaction');
      assert.equal(brainReads(), 1, 'the brain row is kept inside the transaction');
      twice(reader, index, brains);
      assert.equal(counted(), 1, 'and across transactions while nothing changed');
      assert.equal(brainReads(), 1);
      // Another connection commits (the CLI renaming the brain): both are read again.
      // (A real change: SQLite writes nothing for a row rewritten as it was.)
      writer.prepare("UPDATE brains SET name = name || ' (renamed)' WHERE id = ?").run(s.mainBrainId);
      await new Promise((resolve) => setImmediate(resolve)); // the configuration cache looks once per run of the event loop
      ran.length = 0;
      twice(reader, index, brains);
      assert.equal(counted(), 1, 'counted again after another connection committed');
      assert.equal(brainReads(), 1);
      // A connection that may write keeps nothing inside a transaction, as before.
      ran.length = 0;
      twice(writer, new SearchIndexRepo(writer, new EmbeddingRepo(writer)), new BrainsRepo(writer));
      assert.equal(counted(), 2);
      assert.equal(brainReads(), 2);
    } finally {
      reader.close();
      writer.close();
    }
  });

  it('sees another connection\'s commit between two read transactions of one synchronous run (the data_version read is its transaction\'s)', () => {
    // Both transactions run without an await between them: the microtask that forgets the
    // data_version read cannot run in between, so only readBegun after BEGIN keeps the second
    // transaction from being served the first one's state (its facet count, page count).
    const file = databaseFile(s.dataDir);
    const reader = new Database(file, { fileMustExist: true });
    reader.pragma('query_only = ON');
    sqliteVec.load(reader);
    const writer = new Database(file, { fileMustExist: true });
    sqliteVec.load(writer);
    const filters = { folder: null, partition: null, includeArchived: false, tags: ['history'] };
    const index = new SearchIndexRepo(reader, new EmbeddingRepo(reader));
    const tagged = () => {
      reader.exec('BEGIN');
      index.readBegun();
      try {
        return index.facetPlan(s.mainBrainId, filters)?.pages;
      } finally {
        reader.exec('COMMIT');
      }
    };
    const tag = "INSERT INTO page_tags (brain_id, tag, page_id) SELECT brain_id, 'history', id FROM pages WHERE brain_id = ? AND path = 'notes/reunion.md'";
    try {
      assert.equal(tagged(), 1);
      assert.equal(writer.prepare(tag).run(s.mainBrainId).changes, 1);
      assert.equal(tagged(), 2, 'the second transaction sees the commit made before it began');
    } finally {
      writer.prepare("DELETE FROM page_tags WHERE brain_id = ? AND tag = 'history' AND page_id = (SELECT id FROM pages WHERE brain_id = ? AND path = 'notes/reunion.md')").run(s.mainBrainId, s.mainBrainId);
      reader.close();
      writer.close();
    }
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

describe('search threads: the thread\'s own checks, deadlines, failures and shutdown', function () {
  this.timeout(60_000);
  let s: TestServer;
  let brainId: string;
  let read: string;
  const params = (q: Record<string, unknown>) => ({ mode: 'exact', ...q }) as SearchParams;
  const local = async (q: Record<string, unknown>, brain = 'main') => JSON.stringify(await s.c.search.search({ kind: 'system', name: 'test' }, brain, params(q)));
  const exact = (query: Record<string, string>) => s.request('GET', `/api/v1/brains/${brainId}/search?${new URLSearchParams({ ...query, mode: 'exact' })}`, { token: read });
  /** A second connection to the database, as the CLI opens one. */
  const cli = (sql: string, ...args: unknown[]) => {
    const db = new Database(databaseFile(s.dataDir), { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 10000');
      db.prepare(sql).run(...args);
    } finally {
      db.close();
    }
  };
  const own = (timeoutMs = 10_000, lines: string[] = []) =>
    new SearchThreads(s.c.search, s.c.access, databaseFile(s.dataDir), s.c.config, 1, pino({ level: 'info' }, { write: (l: string) => lines.push(l) }), timeoutMs);

  before(async () => {
    s = await startTestServer({ BRAINKEEP_SEARCH_THREADS: '1' });
    brainId = (await s.c.brains.create(SYSTEM_ACTOR, { slug: 'agency', templateKey: 'agency' })).id;
    read = s.credential('Read', 'agency');
    const admin = s.credential('Admin', 'agency');
    const write = s.credential('Write', 'agency');
    const made = await s.request('POST', `/api/v1/brains/${brainId}/partitions`, { token: admin, body: { name: 'Acme Corp' } });
    assert.equal(made.status, 201, made.text);
    const pages: Record<string, string> = {
      'clients/acme-corp/turbine.md': '---\ntags: [plant]\n---\n# Acme turbine\n\nThe turbine hall at Acme.\n',
      'notes/turbine.md': '---\ntags: [plant]\n---\n# Turbine notes\n\nA turbine, in general.\n',
    };
    for (const [path, markdown] of Object.entries(pages)) {
      const r = await s.request('PUT', `/api/v1/brains/${brainId}/pages`, { token: write, body: { path, markdown } });
      assert.equal(r.status, 201, r.text);
    }
  });
  after(async () => s.stop());

  it('leaves out a partition archived through a second connection between searches, as the event loop does', async () => {
    const queries: Array<Record<string, string>> = [{ q: 'turbine' }, { q: 'turbine', tag: 'plant' }, { q: 'turbine', partition: 'acme-corp' }, { q: 'turbine', includeArchived: 'true' }];
    const paths = async (q: Record<string, string>) => {
      const r = await exact(q);
      assert.equal(r.status, 200, r.text);
      const want: Record<string, unknown> = { ...q };
      if (q.tag) (want.tags = [q.tag]), delete want.tag;
      assert.equal(r.text, await local(want, 'agency'), JSON.stringify(q));
      return r.body.hits.map((h: { path: string }) => h.path).sort();
    };
    const answered = s.c.searchThreads.answered;
    for (const q of queries) assert.ok((await paths(q)).includes('clients/acme-corp/turbine.md'), JSON.stringify(q));
    cli("UPDATE partitions SET archived_at = '2026-01-01T00:00:00.000Z' WHERE brain_id = ? AND key = 'acme-corp'", brainId);
    assert.deepEqual(await paths({ q: 'turbine' }), ['notes/turbine.md'], 'the default leaves the archived partition out');
    assert.deepEqual(await paths({ q: 'turbine', tag: 'plant' }), ['notes/turbine.md'], 'a kept facet entry does not bring it back');
    await paths({ q: 'turbine', partition: 'acme-corp' });
    assert.ok((await paths({ q: 'turbine', includeArchived: 'true' })).includes('clients/acme-corp/turbine.md'));
    cli("UPDATE partitions SET archived_at = NULL WHERE brain_id = ? AND key = 'acme-corp'", brainId);
    assert.deepEqual(await paths({ q: 'turbine', tag: 'plant' }), ['clients/acme-corp/turbine.md', 'notes/turbine.md']);
    assert.equal(s.c.searchThreads.answered - answered, queries.length * 2 + 1, 'every search ran on the thread');
    assert.equal(s.c.searchThreads.fallbacks, 0);
  });

  it('refuses on the thread itself a brain trashed through a second connection after the thread last found it', async () => {
    const st = own();
    try {
      st.start();
      const pool = poolOf(st);
      const ask = () => pool.post(pool.threads[0]!, { actor: SYSTEM_ACTOR, brain: 'agency', params: params({ q: 'turbine' }) });
      const first = await ask();
      assert.ok('json' in first, JSON.stringify(first)); // the thread has the brain row now
      cli("UPDATE brains SET deleted_at = '2026-01-01T00:00:00.000Z', deleted_by = 'cli' WHERE id = ?", brainId);
      const refused = await ask();
      assert.ok('error' in refused && refused.refused, JSON.stringify(refused));
      assert.equal((await exact({ q: 'turbine' })).status, 404, 'the event loop refuses it too');
      cli('UPDATE brains SET deleted_at = NULL, deleted_by = NULL WHERE id = ?', brainId);
      assert.ok('json' in (await ask()), 'found again once restored');
      assert.equal((await exact({ q: 'turbine' })).status, 200);
    } finally {
      await st.close();
    }
  });

  it('ends a thread past its deadline: its searches run on the event loop, each answered once; a fresh thread follows', async () => {
    const st = own(300);
    const hung = standIn(st, HUNG);
    const before = await fallbacksBy('timeout');
    try {
      const [a, b] = await Promise.all([st.searchJson(SYSTEM_ACTOR, 'main', params({ q: 'engine' })), st.searchJson(SYSTEM_ACTOR, 'main', params({ q: 'Babbage' }))]);
      assert.equal(a, await local({ q: 'engine' }));
      assert.equal(b, await local({ q: 'Babbage' }));
      assert.equal(st.fallbacks, 2);
      assert.equal(st.answered, 0);
      assert.equal((await fallbacksBy('timeout')) - before, 2, 'counted in brainkeep_search_thread_fallbacks_total');
      await hung.exited;
      assert.ok(!poolOf(st).threads.includes(hung.thread));
      // The fresh thread loads from the TypeScript sources here (seconds on a busy machine): a deadline for that.
      (st as unknown as { timeoutMs: number }).timeoutMs = 60_000;
      assert.equal(await st.searchJson(SYSTEM_ACTOR, 'main', params({ q: 'engine' })), await local({ q: 'engine' }));
      assert.equal(st.answered, 1, 'a fresh thread answered the next search');
    } finally {
      await st.close();
    }
  });

  it('answers a search once when its thread is killed mid-search', async () => {
    const st = own();
    try {
      // A stand-in that never answers: the search is surely in hand when the thread ends.
      const hung = standIn(st, HUNG);
      const pending = st.searchJson(SYSTEM_ACTOR, 'main', params({ q: 'engine' }));
      await hung.worker.terminate();
      assert.equal(await pending, await local({ q: 'engine' }));
      assert.equal(st.fallbacks, 1);
      // A real thread ended just after the search was sent: it answered, or the event loop did; once.
      st.start();
      const racing = st.searchJson(SYSTEM_ACTOR, 'main', params({ q: 'Babbage' }));
      void poolOf(st).threads[0]!.worker.terminate();
      assert.equal(await racing, await local({ q: 'Babbage' }));
      assert.equal(st.answered + st.fallbacks, 2);
    } finally {
      await st.close();
    }
  });

  it('logs a failing thread once, rests it after three failures in a row, and tries again after the back-off', async () => {
    const lines: string[] = [];
    const st = own(10_000, lines);
    standIn(st, FAILING);
    const before = await fallbacksBy('error');
    try {
      const q = params({ q: 'engine' });
      for (let i = 0; i < 3; i++) assert.equal(await st.searchJson(SYSTEM_ACTOR, 'main', q), await local({ q: 'engine' }));
      assert.equal(st.fallbacks, 3);
      assert.equal((await fallbacksBy('error')) - before, 3);
      const logged = lines.map((l) => JSON.parse(l) as { level: number; msg: string; retryInMs?: number });
      assert.deepEqual(logged.map((l) => l.level), [40, 50], 'one warning for the streak, one error when the pool rests');
      assert.equal(logged[1]!.retryInMs, 1000);
      // Resting: searches run once, on the event loop, without asking the thread.
      assert.equal(st.handles(q), false);
      assert.equal(await st.searchJson(SYSTEM_ACTOR, 'main', q), await local({ q: 'engine' }));
      assert.equal(st.fallbacks, 3, 'not a fallback: the thread was not asked');
      // After the back-off one search tries the thread again; failing, the pool rests twice as long.
      (st as unknown as { restUntil: number }).restUntil = 0;
      assert.equal(st.handles(q), true);
      await st.searchJson(SYSTEM_ACTOR, 'main', q);
      assert.equal(st.fallbacks, 4);
      assert.equal(st.handles(q), false);
      assert.equal((JSON.parse(lines.at(-1)!) as { retryInMs: number }).retryInMs, 2000);
    } finally {
      await st.close();
    }
  });

  it('runs a search on the event loop when its thread already has 32 searches queued', async () => {
    const st = own();
    const hung = standIn(st, HUNG);
    try {
      hung.thread.busy = 32;
      const before = await fallbacksBy('busy');
      assert.equal(await st.searchJson(SYSTEM_ACTOR, 'main', params({ q: 'engine' })), await local({ q: 'engine' }));
      assert.equal((await fallbacksBy('busy')) - before, 1);
      assert.equal(hung.thread.busy, 32, 'not sent to the thread');
    } finally {
      hung.thread.busy = 0;
      await st.close();
    }
  });

  it('answers 503 for a search in hand when closed, and does not run it on the event loop', async () => {
    const st = own();
    standIn(st, HUNG);
    const refused = assert.rejects(st.searchJson(SYSTEM_ACTOR, 'main', params({ q: 'engine' })), (e: { status?: number }) => e.status === 503);
    await st.close();
    await refused;
    await assert.rejects(st.searchJson(SYSTEM_ACTOR, 'main', params({ q: 'engine' })), (e: { status?: number }) => e.status === 503);
    assert.equal(st.fallbacks, 0);
  });

  it('caps BRAINKEEP_SEARCH_THREADS at 4', () => {
    assert.equal(loadConfig({ BRAINKEEP_SEARCH_THREADS: '4' }).searchThreads, 4);
    assert.throws(() => loadConfig({ BRAINKEEP_SEARCH_THREADS: '5' }), /BRAINKEEP_SEARCH_THREADS/);
  });
});
