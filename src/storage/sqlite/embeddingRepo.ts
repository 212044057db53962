// Chunk vectors and the embedding queue. Vectors live in sqlite-vec vec0 tables, one per size
// (`vec_chunks_<dims>`, partitioned by brain), created on first use, as int8 (`int8Vector`: a
// quarter of float32's bytes, issue 28's storage that fits); `search_embeddings` records
// the model (its id in `search_embed_models`) and size of every stored vector, and
// `search_embed_state` the model a brain's
// vectors are made with. A vector is only ever stored for the brain's current model and size and
// for the exact chunk text it was computed from (hash check), so nothing stale or mixed is read.
// One module for both backends (docs/postgres.md): on PostgreSQL the vectors are pgvector
// `vector(n)` tables with an HNSW cosine index (pgVecTableSql), holding the same int8 values, so
// distances are SQLite's; without pgvector there are none and search is exact only (vectorSearchOff).
import { withoutFlush, type Db } from './database.js';
import { boundLimit, isPostgres, type SyncDb, type SyncStatement as Statement } from '../syncDb.js';
import { embeddingInput } from '../../domain/chunking.js';
import { chunkTextsOf } from '../../domain/pageDerivation.js';
import { jsonValues } from './searchIndexRepo.js';
import { int8Vector, pgVecTableSql, pgVectorLiteral, vecTableSql } from './vectorFormat.js';
import { unpackMarkdown } from './pageText.js';

/** Event-loop time `chunkInputs` takes before it lets other work run. */
const CHUNK_INPUT_SLICE_MS = 10;

/** A chunk and its page (its text is cut from the page's markdown, read once per page: chunks store none). */
interface ChunkSource {
  id: number;
  pageId: number;
  ordinal: number;
  attempts: number;
  hash: string;
  heading: string;
  title: string;
  path: string;
}

/**
 * A vector as stored, or null when it has no direction: every byte of its int8 form zero (a zero
 * vector, a NaN or infinite component, a subnormal largest one). Such a vector is never stored:
 * cosine distances to it are NULL, which no caller must take for a distance.
 */
function storable(v: Float32Array): Buffer | null {
  const q = int8Vector(v);
  return q.some((b) => b !== 0) ? q : null;
}


export interface QueuedChunk {
  chunkId: number;
  pageId: number;
  hash: string;
  input: string;
  attempts: number;
  /** The queue row's generation when read: storing the vector dequeues the row only if it is unchanged. */
  generation: number;
  /** The row's `ready_at` when read: on PostgreSQL this node's claim (`claimBatch`), 0 on SQLite. */
  readyAt: number;
}

/** What a page's chunk vectors borrow besides their own text (`pageContext`). */
export interface PageContext {
  fields: string;
  neighbours: string;
}

/**
 * A vector computed for a queued chunk, with what it was made from as read: the chunk's hash, its
 * queue row, and its page's context (null when the page had none: it was gone).
 */
export interface StoredVector extends Pick<QueuedChunk, 'chunkId' | 'pageId' | 'hash' | 'generation' | 'readyAt'> {
  context: PageContext | null;
  vector: Float32Array;
}

export interface EmbedState {
  model: string;
  dimensions: number;
  reembedTotal: number | null;
  reembedStartedAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
}

export interface EmbedCounts {
  chunks: number;
  embedded: number;
  queued: number;
  failing: number;
  lastError: string | null;
}

const MAX_DIMENSIONS = 8192;

export function vecTable(dims: number): string {
  if (!Number.isInteger(dims) || dims < 1 || dims > MAX_DIMENSIONS) throw new Error(`invalid vector size ${dims}`);
  return `vec_chunks_${dims}`;
}

/** The vec0 table of page field vectors (title and summary) of one size. */
export function vecPagesTable(dims: number): string {
  return vecTable(dims).replace('vec_chunks_', 'vec_pages_');
}

export class EmbeddingRepo {
  private readonly knownTables = new Set<number>();
  private readonly knownPageTables = new Set<number>();
  /**
   * Tables made inside a store's transaction: known only once it commits (a rollback takes the
   * table with it, and a size kept as known would never be made again).
   */
  private madeInTransaction: Array<[Set<number>, number]> = [];
  /** Prepared once per SQL text: preparing costs more than running most of these statements. */
  private readonly statements = new Map<string, Statement>();
  /** Model ids by name (`search_embed_models`): a row is never changed or removed, so kept once read committed. */
  private readonly modelIds = new Map<string, number>();

  private readonly pg: boolean;
  /**
   * PostgreSQL only: why there is no vector search (pgvector not installed in the database), or
   * null; and whether pgvector scans an HNSW index on past filtered-out rows (0.8's iterative scans).
   */
  readonly vectorsOff: string | null;
  private readonly iterativeScan: boolean;

  constructor(private readonly db: SyncDb) {
    this.pg = isPostgres(db);
    const version = this.pg ? (db.prepare("SELECT extversion FROM pg_extension WHERE extname = 'vector'").pluck().get() as string | undefined) : undefined;
    this.vectorsOff = this.pg && version === undefined ? PGVECTOR_MISSING : null;
    const [major = 0, minor = 0] = (version ?? '0.0').split('.').map(Number);
    this.iterativeScan = major > 0 || minor >= 8;
  }

  /** A row id as the vector tables take it: a BigInt for vec0 (which refuses a float), a number for PostgreSQL. */
  private rowid(id: number): number | bigint {
    return this.pg ? id : BigInt(id);
  }

  /** A vector as the vector tables take it: int8 bytes for vec0 (`vec_int8(?)`), pgvector's text for PostgreSQL. */
  private vectorParam(v: Float32Array): Buffer | string {
    return this.pg ? pgVectorLiteral(int8Vector(v)) : int8Vector(v);
  }

  /**
   * A column SQLite's planner must not pick an index for (`+column`): beside an id list, without
   * table statistics it prefers the brain's index and reads every chunk of the brain, where the
   * list's ids are a few point lookups (EXPLAIN QUERY PLAN: `search_chunks_brain` against
   * `search_chunks_page`). PostgreSQL plans from its statistics and has no unary plus for text.
   */
  private noIndex(column: string): string {
    return this.pg ? column : `+${column}`;
  }

  /** The SQL that reads a vector parameter. */
  private get vecIn(): string {
    return this.pg ? 'CAST(? AS vector)' : 'vec_int8(?)';
  }

  /** The SQL of a cosine distance between a stored vector and a parameter. */
  private distanceTo(column: string): string {
    return this.pg ? `${column} <=> CAST(? AS vector)` : `vec_distance_cosine(${column}, vec_int8(?))`;
  }

  /** A model's id in `search_embed_models`; null when no vector of it was ever stored (unless `create`). */
  private modelId(model: string, create = false): number | null {
    const kept = this.modelIds.get(model);
    if (kept !== undefined) return kept;
    // Made inside a store's transaction, a new row is not kept here: that transaction may roll back.
    if (create) this.sql('INSERT INTO search_embed_models (model) VALUES (?) ON CONFLICT DO NOTHING').run(model);
    const id = this.sql('SELECT id FROM search_embed_models WHERE model = ?').pluck().get(model) as number | undefined;
    if (id === undefined) return null;
    if (!create) this.modelIds.set(model, id);
    return id;
  }

  /** A page's markdown, read once per page where its chunks' texts are cut (never joined to every chunk row). */
  private readonly markdownOf = (pageId: number): string => unpackMarkdown(this.sql('SELECT markdown FROM pages WHERE id = ?').pluck().get(pageId));

  /**
   * Delete the given rows of a vector table. vec0 answers `rowid IN (...)` with a scan of the
   * whole table (a virtual table gets no plan for an IN list): 20 ms a statement at 50,000 vectors,
   * paid by every page write's index transaction. `rowid = ?` is a point lookup, so SQLite deletes
   * one row at a time; PostgreSQL's table has a primary key that serves the list in one statement.
   */
  private deleteVectors(table: string, ids: number[]): void {
    if (!ids.length) return;
    if (this.pg) {
      this.sql(`DELETE FROM ${table} WHERE rowid IN (${jsonValues('?', true)})`).run(JSON.stringify(ids));
      return;
    }
    const del = this.sql(`DELETE FROM ${table} WHERE rowid = ?`);
    for (const id of ids) del.run(this.rowid(id));
  }

  private sql(text: string): Statement {
    let stmt = this.statements.get(text);
    if (!stmt) this.statements.set(text, (stmt = this.db.prepare(text)));
    return stmt;
  }

  private ensureTable(dims: number): string {
    return this.ensureVecTable(vecTable(dims), dims, this.knownTables);
  }

  private ensurePageTable(dims: number): string {
    return this.ensureVecTable(vecPagesTable(dims), dims, this.knownPageTables);
  }

  /** One vec0 table per dimension count, created on first use (chunk vectors and page field vectors alike). */
  private ensureVecTable(name: string, dims: number, known: Set<number>): string {
    if (!known.has(dims)) {
      if (this.vectorsOff) throw new Error(this.vectorsOff);
      this.db.exec(this.pg ? pgVecTableSql(name, dims) : vecTableSql(name, dims));
      if (this.db.inTransaction) this.madeInTransaction.push([known, dims]);
      else known.add(dims);
    }
    return name;
  }

  /** Whether a table exists (created by this node or another). */
  private exists(name: string): boolean {
    if (this.pg) return !this.vectorsOff && this.sql('SELECT to_regclass(CAST(? AS text)) IS NOT NULL').pluck().get(name) === true;
    return this.sql("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
  }

  private pageTableExists(dims: number): boolean {
    if (this.knownPageTables.has(dims)) return true;
    const found = this.exists(vecPagesTable(dims));
    if (found) this.knownPageTables.add(dims);
    return found;
  }

  /** Drop a removed page's field vector. */
  forgetPage(pageId: number): void {
    const dims = this.sql('SELECT dimensions FROM search_page_vectors WHERE page_id = ?').pluck().get(pageId) as number | undefined;
    if (dims == null) return;
    if (this.pageTableExists(dims)) this.sql(`DELETE FROM ${vecPagesTable(dims)} WHERE rowid = ?`).run(this.rowid(pageId));
    this.sql('DELETE FROM search_page_vectors WHERE page_id = ?').run(pageId);
  }

  /**
   * The statement behind `distances` and `pageDistances`: the cosine distance of each listed row
   * (parameters: the vector, the ids as a JSON array, brain, model id, dimensions), nearest first.
   * On SQLite the rows are read one by one by rowid, the id list driving the join (CROSS JOIN fixes
   * the order): vec0 has a plan for `rowid = ?` (a point lookup) but none for `rowid IN (...)`
   * outside a KNN, which it answers by scanning every vector of the table (measured: 40 ids among
   * 10,000 vectors, 23 ms scanning, 0.45 ms by rowid). DISTINCT keeps `IN`'s reading of a repeated id.
   */
  private measureSql(table: string, meta: string, key: string, alias: string): string {
    if (this.pg) {
      return `SELECT * FROM (SELECT v.rowid AS "${alias}", ${this.distanceTo('v.embedding')} AS distance FROM ${table} v
         JOIN ${meta} e ON e.${key} = v.rowid
         WHERE v.rowid IN (${jsonValues('?', true)}) AND e.brain_id = ? AND e.model_id = ? AND e.dimensions = ?) AS d
         WHERE distance IS NOT NULL ORDER BY distance`;
    }
    return `SELECT * FROM (SELECT e.${key} AS "${alias}", ${this.distanceTo('v.embedding')} AS distance
         FROM (SELECT DISTINCT value FROM json_each(?)) j CROSS JOIN ${meta} e CROSS JOIN ${table} v
         WHERE e.${key} = j.value AND v.rowid = e.${key} AND e.brain_id = ? AND e.model_id = ? AND e.dimensions = ?) AS d
         WHERE distance IS NOT NULL ORDER BY distance`;
  }

  /** Field-vector distances of the given pages (those with a vector of the current model). */
  pageDistances(brainId: string, model: string, dims: number, vector: Float32Array, pageIds: number[]): Array<{ pageId: number; distance: number }> {
    const modelId = this.modelId(model);
    if (!pageIds.length || modelId == null || !this.pageTableExists(dims) || this.noDirection(vector)) return [];
    return this.sql(this.measureSql(vecPagesTable(dims), 'search_page_vectors', 'page_id', 'pageId'))
      .all(this.vectorParam(vector), JSON.stringify(pageIds), brainId, modelId, dims) as Array<{ pageId: number; distance: number }>;
  }

  /**
   * PostgreSQL: a vector asked with that has no direction (all zero as int8) has no cosine distance
   * (pgvector answers NaN where sqlite-vec answers NULL): no neighbour at all.
   */
  private noDirection(v: Float32Array): boolean {
    return this.pg && !int8Vector(v).some((b) => b !== 0);
  }

  private tableExists(dims: number): boolean {
    if (this.knownTables.has(dims)) return true;
    const found = this.exists(vecTable(dims));
    if (found) this.knownTables.add(dims);
    return found;
  }

  enqueue(brainId: string, chunkId: number, at: string): void {
    this.sql('INSERT INTO search_embed_queue (chunk_id, brain_id, enqueued_at) VALUES (?, ?, ?) ON CONFLICT (chunk_id) DO UPDATE SET attempts = 0, ready_at = 0, last_error = NULL, generation = search_embed_queue.generation + 1')
      .run(chunkId, brainId, at);
  }

  /** Drop vectors and queue rows of chunks that are gone or changed. */
  forgetChunks(chunkIds: number[]): void {
    if (!chunkIds.length) return;
    const list = JSON.stringify(chunkIds);
    const ids = jsonValues('?', this.pg);
    const stored = this.sql(`SELECT chunk_id AS id, dimensions AS dims FROM search_embeddings WHERE chunk_id IN (${ids})`).all(list) as Array<{ id: number; dims: number }>;
    for (const dims of new Set(stored.map((r) => r.dims))) {
      if (this.tableExists(dims)) this.deleteVectors(vecTable(dims), stored.flatMap((r) => (r.dims === dims ? [r.id] : [])));
    }
    this.sql(`DELETE FROM search_embeddings WHERE chunk_id IN (${ids})`).run(list);
    this.sql(`DELETE FROM search_embed_queue WHERE chunk_id IN (${ids})`).run(list);
  }

  /** Drop every vector of a brain (all sizes) and its queue. */
  clearBrain(brainId: string): void {
    const sizes = this.sql('SELECT DISTINCT dimensions FROM search_embeddings WHERE brain_id = ?').pluck().all(brainId) as number[];
    for (const dims of sizes) {
      if (!this.tableExists(dims)) continue;
      const ids = this.sql('SELECT chunk_id FROM search_embeddings WHERE brain_id = ? AND dimensions = ?').pluck().all(brainId, dims) as number[];
      this.deleteVectors(vecTable(dims), ids);
    }
    this.sql('DELETE FROM search_embeddings WHERE brain_id = ?').run(brainId);
    const pageSizes = this.sql('SELECT DISTINCT dimensions FROM search_page_vectors WHERE brain_id = ?').pluck().all(brainId) as number[];
    for (const dims of pageSizes) {
      if (!this.pageTableExists(dims)) continue;
      const ids = this.sql('SELECT page_id FROM search_page_vectors WHERE brain_id = ? AND dimensions = ?').pluck().all(brainId, dims) as number[];
      this.deleteVectors(vecPagesTable(dims), ids);
    }
    this.sql('DELETE FROM search_page_vectors WHERE brain_id = ?').run(brainId);
    // The learned vocabulary goes with the vectors: the next batch learns it again from the chunks.
    this.sql('DELETE FROM search_brain_terms WHERE vocabulary = (SELECT id FROM search_brain_terms_state WHERE brain_id = ?)').run(brainId);
    this.sql('DELETE FROM search_brain_terms_state WHERE brain_id = ?').run(brainId);
    this.sql('DELETE FROM search_embed_queue WHERE brain_id = ?').run(brainId);
  }

  state(brainId: string): EmbedState | null {
    const r = this.sql('SELECT * FROM search_embed_state WHERE brain_id = ?').get(brainId) as Record<string, unknown> | undefined;
    if (!r) return null;
    return {
      model: r.model as string,
      dimensions: r.dimensions as number,
      reembedTotal: (r.reembed_total as number | null) ?? null,
      reembedStartedAt: (r.reembed_started_at as string | null) ?? null,
      lastError: (r.last_error as string | null) ?? null,
      lastErrorAt: (r.last_error_at as string | null) ?? null,
    };
  }

  /**
   * Make `model`/`dims` the brain's embedding model. When it differs from the one its vectors
   * were made with, drop them all and queue every chunk again. Returns true when it re-queued.
   */
  adoptModel(brainId: string, model: string, dims: number, at: string): boolean {
    const known = this.state(brainId);
    if (known && known.model === model && known.dimensions === dims) return false;
    return this.db.transaction(() => {
      const current = this.state(brainId);
      if (current && current.model === model && current.dimensions === dims) return false;
      this.clearBrain(brainId);
      const queued = this.sql('INSERT INTO search_embed_queue (chunk_id, brain_id, enqueued_at) SELECT id, brain_id, CAST(? AS text) FROM search_chunks WHERE brain_id = ? ON CONFLICT DO NOTHING')
        .run(at, brainId).changes;
      this.sql(
          `INSERT INTO search_embed_state (brain_id, model, dimensions, reembed_total, reembed_started_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (brain_id) DO UPDATE SET model = excluded.model, dimensions = excluded.dimensions,
             reembed_total = excluded.reembed_total, reembed_started_at = excluded.reembed_started_at, last_error = NULL, last_error_at = NULL`,
        )
        .run(brainId, model, dims, current ? queued : null, current ? at : null);
      return current != null;
    }).immediate();
  }

  /** Brains with queue rows ready now, oldest work first. */
  brainsWithReadyWork(nowMs: number): string[] {
    return this.sql('SELECT brain_id FROM search_embed_queue WHERE ready_at <= ? AND brain_id IN (SELECT id FROM brains WHERE deleted_at IS NULL) GROUP BY brain_id ORDER BY MIN(enqueued_at)')
      .pluck()
      .all(nowMs) as string[];
  }

  /** Soonest time a waiting (failed) row becomes ready, or null when none waits. */
  nextReadyAt(): number | null {
    return (this.sql('SELECT MIN(ready_at) FROM search_embed_queue').pluck().get() as number | null) ?? null;
  }

  /**
   * The next batch for this node to embed. On PostgreSQL the rows are claimed first, each node
   * skipping rows another node is claiming at that moment (`FOR UPDATE SKIP LOCKED`): their
   * `ready_at` moves to `nowMs + claimMs`, so another node neither embeds them too (a paid provider
   * called twice for the same chunks) nor waits for them; storing the vectors deletes the rows, a
   * failure sets `ready_at` to its backoff, and a node that died lets them come back when the claim
   * ends. Times are the nodes' clocks, like the rest of the queue's. On SQLite (one node) the batch
   * is read as it is.
   */
  claimBatch(brainId: string, nowMs: number, limit: number, claimMs = 5 * 60_000): QueuedChunk[] {
    if (!this.pg) return this.readyBatch(brainId, nowMs, limit);
    const ids = this.sql(
      `UPDATE search_embed_queue SET ready_at = ? WHERE chunk_id IN (
         SELECT chunk_id FROM search_embed_queue WHERE brain_id = ? AND ready_at <= ? ORDER BY enqueued_at, chunk_id LIMIT ? FOR UPDATE SKIP LOCKED)
       RETURNING chunk_id`,
    )
      .pluck()
      .all(nowMs + claimMs, brainId, nowMs, limit) as number[];
    if (!ids.length) return [];
    return this.batchOf(`q.chunk_id IN (${jsonValues('?', this.pg)})`, [JSON.stringify(ids)], ids.length);
  }

  readyBatch(brainId: string, nowMs: number, limit: number): QueuedChunk[] {
    return this.batchOf('q.brain_id = ? AND q.ready_at <= ?', [brainId, nowMs], limit);
  }

  private batchOf(where: string, params: unknown[], limit: number): QueuedChunk[] {
    const rows = this.sql(
        `SELECT q.chunk_id AS id, q.attempts, q.generation, q.ready_at AS "readyAt", c.page_id AS "pageId", c.ordinal, c.hash, c.heading, p.title, p.path FROM search_embed_queue q
         JOIN search_chunks c ON c.id = q.chunk_id JOIN pages p ON p.id = c.page_id
         WHERE ${where} ORDER BY q.enqueued_at, q.chunk_id LIMIT ${boundLimit(this.db)}`,
      )
      .all(...params, limit) as Array<ChunkSource & { generation: number; readyAt: number }>;
    const texts = chunkTextsOf(rows, this.markdownOf);
    return rows.map((r) => ({ chunkId: r.id, pageId: r.pageId, hash: r.hash, attempts: r.attempts, generation: r.generation, readyAt: Number(r.readyAt), input: embeddingInput(r.title, { headings: r.heading, text: texts.get(r.id) ?? '' }) }));
  }

  /**
   * What a page's chunk vectors borrow besides their own text: the page's fields (title and
   * summary) and the titles of the pages it links with, either way (at most 12). Not its aliases:
   * borrowing them measured no better on the held-out sets (semantic R@5 0.530 against 0.537–0.543
   * and 0.481 against 0.488, hybrid 0.705 against 0.709; docs/search.md "Fields and neighbours").
   */
  pageContext(pageIds: number[]): Map<number, PageContext> {
    const out = new Map<number, PageContext>();
    if (!pageIds.length) return out;
    const list = JSON.stringify([...new Set(pageIds)]);
    const pages = this.sql(`SELECT id, brain_id AS "brainId", path, title, summary FROM pages WHERE id IN (${jsonValues('?', this.pg)})`).all(list) as Array<{ id: number; brainId: string; path: string; title: string; summary: string }>;
    // In a stated order (the page's first links, then the pages linking to it, oldest first): the
    // order SQLite's plans gave unasked (the same 12 titles for each of a 1,500-page vault's pages),
    // which PostgreSQL's heap order does not keep. A vector's input must not change between two
    // reads of the same pages: `store` compares them, and a live index must embed what a reindex does.
    const outTitles = this.sql(
      `SELECT p.title FROM search_links l JOIN pages p ON p.id = l.to_page_id
       WHERE l.from_page_id = ? AND l.to_page_id IS NOT NULL AND l.to_page_id <> l.from_page_id
       GROUP BY p.title ORDER BY MIN(l.ordinal) LIMIT 12`,
    ).pluck();
    const inTitles = this.sql(
      `SELECT p.title FROM search_links l JOIN pages p ON p.id = l.from_page_id
       WHERE l.to_page_id = ? AND l.from_page_id <> l.to_page_id
       GROUP BY p.title ORDER BY MIN(l.from_page_id) LIMIT 12`,
    ).pluck();
    for (const p of pages) {
      const names = new Set<string>([...(outTitles.all(p.id) as string[]), ...(inTitles.all(p.id) as string[])]);
      const fields = [p.title, p.summary].filter((x) => x && x.trim()).join('. ');
      out.set(p.id, { fields, neighbours: [...names].slice(0, 12).join('. ') });
    }
    return out;
  }

  /**
   * Store vectors computed for queued chunks. Skips any chunk that changed or vanished since it was
   * read, and everything when the brain's model moved on meanwhile. Returns how many were stored.
   * A chunk whose page's context (fields, neighbours' titles) is no longer the one its vector was
   * made with, or queued again while it was embedded (the vocabulary was learned again: the row's
   * generation moved on), gets this vector, made from its current text, but stays queued for one
   * made with what changed.
   * No fsync of its own (WAL, synchronous=NORMAL for this commit): vectors are derived data, and a
   * crash that loses the last stores loses their dequeue with them, so those chunks are embedded
   * again; with FULL every batch flushed the WAL on the event loop, stalling the requests and
   * writes behind it (the next durable commit flushes these frames too).
   */
  store(
    brainId: string,
    model: string,
    dims: number,
    items: StoredVector[],
    at: string,
    pages: Array<{ pageId: number; vector: Float32Array }> = [],
  ): number {
    // Inside a caller's transaction a table made here is not known to commit: made again next time.
    const outer = this.db.inTransaction;
    try {
      const stored = this.storeInTransaction(brainId, model, dims, items, at, pages);
      if (!outer) for (const [known, size] of this.madeInTransaction) known.add(size);
      return stored;
    } finally {
      this.madeInTransaction = [];
    }
  }

  private storeInTransaction(
    brainId: string,
    model: string,
    dims: number,
    items: StoredVector[],
    at: string,
    pages: Array<{ pageId: number; vector: Float32Array }>,
  ): number {
    return this.unflushed(() => {
      const state = this.state(brainId);
      if (!state || state.model !== model || state.dimensions !== dims) return 0;
      const table = this.ensureTable(dims);
      const modelId = this.modelId(model, true)!;
      const current = this.sql('SELECT hash FROM search_chunks WHERE id = ?').pluck();
      const delVec = this.sql(`DELETE FROM ${table} WHERE rowid = ?`);
      const insVec = this.sql(`INSERT INTO ${table} (rowid, brain_id, embedding) VALUES (?, ?, ${this.vecIn})`);
      const insMeta = this.sql(
        `INSERT INTO search_embeddings (chunk_id, brain_id, model_id, dimensions, embedded_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (chunk_id) DO UPDATE SET model_id = excluded.model_id, dimensions = excluded.dimensions, embedded_at = excluded.embedded_at`,
      );
      const dequeue = this.sql('DELETE FROM search_embed_queue WHERE chunk_id = ? AND brain_id = ? AND generation = ?');
      // Kept queued: ready at once (on PostgreSQL this node's claim ends here, unless it ran out
      // and another node holds the row now).
      const release = this.sql('UPDATE search_embed_queue SET ready_at = 0 WHERE chunk_id = ? AND brain_id = ? AND ready_at = ?');
      const context = this.pageContext(items.map((it) => it.pageId));
      let stored = 0;
      for (const it of items) {
        if (it.vector.length !== dims || current.get(it.chunkId) !== it.hash) continue;
        delVec.run(this.rowid(it.chunkId));
        // A chunk with no known word has no direction; it is recorded as done but never a neighbour.
        const q = storable(it.vector);
        if (q) insVec.run(this.rowid(it.chunkId), brainId, this.pg ? pgVectorLiteral(q) : q);
        insMeta.run(it.chunkId, brainId, modelId, dims, at);
        const moved = !sameContext(context.get(it.pageId) ?? null, it.context);
        if (moved || dequeue.run(it.chunkId, brainId, it.generation).changes === 0) release.run(it.chunkId, brainId, it.readyAt);
        stored++;
      }
      if (pages.length) {
        const pageTable = this.ensurePageTable(dims);
        const exists = this.sql('SELECT 1 FROM pages WHERE id = ? AND brain_id = ?');
        const delPage = this.sql(`DELETE FROM ${pageTable} WHERE rowid = ?`);
        const insPage = this.sql(`INSERT INTO ${pageTable} (rowid, brain_id, embedding) VALUES (?, ?, ${this.vecIn})`);
        const pageMeta = this.sql(
          `INSERT INTO search_page_vectors (page_id, brain_id, model_id, dimensions, embedded_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (page_id) DO UPDATE SET brain_id = excluded.brain_id, model_id = excluded.model_id, dimensions = excluded.dimensions, embedded_at = excluded.embedded_at`,
        );
        for (const p of pages) {
          if (p.vector.length !== dims || exists.get(p.pageId, brainId) === undefined) continue;
          delPage.run(this.rowid(p.pageId));
          const q = storable(p.vector);
          if (!q) continue;
          insPage.run(this.rowid(p.pageId), brainId, this.pg ? pgVectorLiteral(q) : q);
          pageMeta.run(p.pageId, brainId, modelId, dims, at);
        }
      }
      const s = this.state(brainId);
      if (s?.reembedTotal != null && !this.queuedCount(brainId)) {
        this.sql('UPDATE search_embed_state SET reembed_total = NULL, reembed_started_at = NULL WHERE brain_id = ?').run(brainId);
      }
      if (stored) this.sql('UPDATE search_embed_state SET last_error = NULL, last_error_at = NULL WHERE brain_id = ?').run(brainId);
      return stored;
    });
  }

  /** One immediate transaction committed with synchronous=NORMAL (no flush on the event loop). */
  private unflushed<T>(fn: () => T): T {
    // PostgreSQL's commit is the server's to make durable (no flush on this thread to skip).
    if (this.pg) return this.db.transaction(fn).immediate();
    return withoutFlush(this.db as Db, () => this.db.transaction(fn).immediate());
  }

  /** Record a failed attempt: the rows wait until `readyAtMs`, the error shows in the status. */
  fail(brainId: string, chunkIds: number[], error: string, readyAtMs: number, at: string): void {
    this.db.transaction(() => {
      this.sql(`UPDATE search_embed_queue SET attempts = attempts + 1, ready_at = ?, last_error = ? WHERE chunk_id IN (${jsonValues('?', this.pg)})`)
        .run(readyAtMs, error, JSON.stringify(chunkIds));
      this.sql('UPDATE search_embed_state SET last_error = ?, last_error_at = ? WHERE brain_id = ?').run(error, at, brainId);
    }).immediate();
  }

  queuedCount(brainId: string): number {
    return this.sql('SELECT COUNT(*) FROM search_embed_queue WHERE brain_id = ?').pluck().get(brainId) as number;
  }

  counts(brainId: string, model: string, dims: number): EmbedCounts {
    const chunks = this.sql('SELECT COUNT(*) FROM search_chunks WHERE brain_id = ?').pluck().get(brainId) as number;
    const modelId = this.modelId(model);
    const embedded = modelId == null ? 0 : (this.sql('SELECT COUNT(*) FROM search_embeddings WHERE brain_id = ? AND model_id = ? AND dimensions = ?')
      .pluck()
      .get(brainId, modelId, dims) as number);
    const q = this.sql('SELECT COUNT(*) AS queued, SUM(CASE WHEN attempts > 0 THEN 1 ELSE 0 END) AS failing FROM search_embed_queue WHERE brain_id = ?')
      .get(brainId) as { queued: number; failing: number | null };
    return { chunks, embedded, queued: q.queued, failing: q.failing ?? 0, lastError: this.state(brainId)?.lastError ?? null };
  }

  /** Chunk ids of a brain still waiting for a vector (search falls back to exact matching for them). */
  hasQueued(brainId: string): boolean {
    return this.sql('SELECT 1 FROM search_embed_queue WHERE brain_id = ? LIMIT 1').get(brainId) !== undefined;
  }

  /**
   * Nearest chunks by cosine distance among the brain's vectors of the current model. A NULL
   * distance (a vector with no direction, stored or asked with: cosine is undefined) is no
   * distance at all, never a hit; the same in `distances` and `pageDistances`.
   * MATERIALIZED: otherwise the planner may drive the join from search_embeddings and run the
   * KNN once per row.
   */
  /** `within`: only among these chunks, a JSON array of ids (vec0 tests each vector's id before measuring it: one pass still). */
  nearest(brainId: string, model: string, dims: number, vector: Float32Array, k: number, within?: string): Array<{ chunkId: number; distance: number }> {
    const modelId = this.modelId(model);
    if (modelId == null || !this.tableExists(dims)) return [];
    if (this.pg) return this.pgNearest(brainId, modelId, dims, vector, k, within);
    const among = within != null ? ' AND rowid IN (SELECT value FROM json_each(?))' : '';
    const args: unknown[] = [int8Vector(vector), Math.min(Math.max(k, 1), 4096), brainId, ...(within != null ? [within] : []), modelId, dims];
    return this.sql(
        `WITH knn AS MATERIALIZED (SELECT rowid, distance FROM ${vecTable(dims)} WHERE embedding MATCH vec_int8(?) AND k = ? AND brain_id = ?${among})
         SELECT knn.rowid AS chunkId, knn.distance FROM knn JOIN search_embeddings e ON e.chunk_id = knn.rowid
         WHERE e.model_id = ? AND e.dimensions = ? AND knn.distance IS NOT NULL ORDER BY knn.distance`,
      )
      .all(...args) as Array<{ chunkId: number; distance: number }>;
  }

  /** Exact distances for a given set of chunks (when filters leave too few among the nearest). */
  distances(brainId: string, model: string, dims: number, vector: Float32Array, chunkIds: number[]): Array<{ chunkId: number; distance: number }> {
    const modelId = this.modelId(model);
    if (!chunkIds.length || modelId == null || !this.tableExists(dims) || this.noDirection(vector)) return [];
    return this.sql(this.measureSql(vecTable(dims), 'search_embeddings', 'chunk_id', 'chunkId'))
      .all(this.vectorParam(vector), JSON.stringify(chunkIds), brainId, modelId, dims) as Array<{ chunkId: number; distance: number }>;
  }

  /**
   * `nearest` on PostgreSQL: the HNSW index's nearest vectors of the brain. The index is shared by
   * every brain, so the brain (and `within`) filter the rows the index walk yields: `ef_search`
   * (the candidates a walk keeps) is raised to k (pgvector's maximum is 1,000), and with pgvector
   * 0.8 or later the walk goes on past filtered-out rows (iterative scan, relaxed order) until k
   * pass; both set for this search's transaction only (BEGIN and COMMIT: two more round trips). Sorted again here by `distance + 0`: PostgreSQL takes a materialized CTE's rows to come in
   * its ORDER BY and would not sort `ORDER BY knn.distance` again (seen: rows out of order). Approximate, as HNSW is; sqlite-vec's vec0 measures every vector of
   * the brain.
   *
   * A walk can still come back short of k while the brain holds more vectors: it stops at
   * `hnsw.max_scan_tuples` (20,000 by default) of other brains' rows, and a graph of many equal
   * vectors strands whole regions (seen: a brain of 4,000 mostly duplicate vectors beside another's
   * 6,000, no row at all for k = 23 to 1,472). The service reads a short answer as "the brain has no
   * more vectors", so a short walk is confirmed by an exact measure of the brain's vectors (the
   * order `distance + 0` is no index's order: the brain index and a sort), whose answer is final.
   */
  private pgNearest(brainId: string, modelId: number, dims: number, vector: Float32Array, k: number, within?: string): Array<{ chunkId: number; distance: number }> {
    if (this.noDirection(vector)) return [];
    const limit = Math.min(Math.max(k, 1), 4096);
    // SET LOCAL (set_config's `true`): the settings end with the transaction, and the connection's
    // other statements keep the server's (a session setting leaked relaxed order into every later
    // vector scan on the connection). Inside a caller's transaction, until that one ends.
    const settings = [`set_config('hnsw.ef_search', '${Math.min(1000, Math.max(40, limit))}', true)`];
    if (this.iterativeScan) settings.push("set_config('hnsw.iterative_scan', 'relaxed_order', true)");
    const among = within != null ? ` AND v.rowid IN (${jsonValues('?', true)})` : '';
    const literal = this.vectorParam(vector);
    const args = [literal, brainId, ...(within != null ? [within] : []), literal, limit, modelId, dims];
    const knn = (order: string) =>
      this.sql(
        `WITH knn AS MATERIALIZED (SELECT v.rowid, v.embedding <=> CAST(? AS vector) AS distance FROM ${vecTable(dims)} v
           WHERE v.brain_id = ?${among} ORDER BY ${order} LIMIT ?)
         SELECT knn.rowid AS "chunkId", knn.distance FROM knn JOIN search_embeddings e ON e.chunk_id = knn.rowid
         WHERE e.model_id = ? AND e.dimensions = ? ORDER BY knn.distance + 0, knn.rowid`,
      ).all(...args) as Array<{ chunkId: number; distance: number }>;
    const search = () => {
      this.sql(`SELECT ${settings.join(', ')}`).get();
      const walked = knn('v.embedding <=> CAST(? AS vector)');
      if (walked.length >= limit) return walked;
      return knn('(v.embedding <=> CAST(? AS vector)) + 0');
    };
    return this.db.inTransaction ? search() : this.db.transaction(search)();
  }

  vectorCount(brainId: string): number {
    return this.sql('SELECT COUNT(*) FROM search_embeddings WHERE brain_id = ?').pluck().get(brainId) as number;
  }

  // --- the brain's learned vocabulary (built-in model) ---------------------------------------

  termsState(brainId: string): BrainTermsState | null {
    const r = this.sql('SELECT model, version, chunks, terms FROM search_brain_terms_state WHERE brain_id = ?').get(brainId) as BrainTermsState | undefined;
    return r ?? null;
  }

  /** What the vocabulary was learned from: the brain's chunk count and highest chunk id (`count:maxId`). */
  chunkMark(brainId: string): string {
    const r = this.sql('SELECT COUNT(*) AS n, COALESCE(MAX(id), 0) AS m FROM search_chunks WHERE brain_id = ?').get(brainId) as { n: number; m: number };
    return `${r.n}:${r.m}`;
  }

  /**
   * About how many chunks changed since `mark` (chunkMark): changed and new chunks are new rows
   * (ids above the mark's highest), removed ones show in the count.
   */
  chunksChangedSince(brainId: string, mark: string): number {
    const [count, maxId] = mark.split(':').map(Number) as [number, number];
    const fresh = this.sql('SELECT COUNT(*) FROM search_chunks WHERE brain_id = ? AND id > ?').pluck().get(brainId, maxId) as number;
    const now = this.sql('SELECT COUNT(*) FROM search_chunks WHERE brain_id = ?').pluck().get(brainId) as number;
    return fresh + Math.max(0, count - (now - fresh));
  }

  /**
   * Queue the chunks of the given pages that have a vector (their text did not change, but what
   * they borrow from their page's fields or link neighbours may have). A chunk being embedded
   * meanwhile is kept queued by its batch's `store`, which compares the context it was made with.
   */
  requeuePages(brainId: string, pageIds: number[], at: string): void {
    if (!pageIds.length || this.vectorsOff) return;
    this.sql(
        `INSERT INTO search_embed_queue (chunk_id, brain_id, enqueued_at)
         SELECT e.chunk_id, e.brain_id, CAST(? AS text) FROM search_chunks c JOIN search_embeddings e ON e.chunk_id = c.id
         WHERE c.page_id IN (${jsonValues('?', this.pg)}) AND ${this.noIndex('c.brain_id')} = ? ON CONFLICT DO NOTHING`,
      )
      .run(at, JSON.stringify(pageIds), brainId);
  }

  /**
   * Every chunk's id and embedding input (what the vocabulary is learned from). Cutting every
   * page's chunks again is the costly part (a second or more for a large brain), so it runs in
   * slices of about `sliceMs` with the event loop free between them: reads and writes are served
   * meanwhile. A page written during the slices is read as it is then (the vocabulary is a
   * statistic over the brain; the next relearn sees the rest).
   */
  async chunkInputs(brainId: string, sliceMs = CHUNK_INPUT_SLICE_MS): Promise<{ ids: number[]; inputs: string[] }> {
    // In page path order, so a live index and a reindex of the same pages learn the same sums.
    const rows = this.sql(
      `SELECT c.id, c.page_id AS "pageId", c.ordinal, c.heading, p.title, p.path FROM search_chunks c JOIN pages p ON p.id = c.page_id
       WHERE c.brain_id = ? ORDER BY p.path, c.ordinal`,
    ).all(brainId) as ChunkSource[];
    const inputs: string[] = [];
    let sliceStart = performance.now();
    for (let from = 0; from < rows.length; ) {
      // One page's rows are adjacent (ordered by path): a slice ends at a page's last chunk.
      let to = from + 1;
      while (to < rows.length && rows[to]!.pageId === rows[from]!.pageId) to++;
      const part = rows.slice(from, to);
      const texts = chunkTextsOf(part, this.markdownOf);
      for (const r of part) inputs.push(embeddingInput(r.title, { headings: r.heading, text: texts.get(r.id) ?? '' }));
      from = to;
      if (from < rows.length && performance.now() - sliceStart >= sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    return { ids: rows.map((r) => r.id), inputs };
  }

  /**
   * Replace the brain's learned vocabulary, and queue the chunks that hold one of its words and
   * already have a vector to be embedded again with it (their vectors stay searchable until
   * replaced; other chunks' vectors do not change). Returns the new version. A chunk already
   * queued moves to a new generation: a batch embedding it now, with the old vocabulary, leaves it
   * queued.
   */
  replaceTerms(brainId: string, model: string, terms: Array<{ term: string; occurrences: number; vector: Float32Array }>, chunks: string, requeue: number[], at: string): number {
    // Derived data, as the vectors are: lost to a power cut, the previous vocabulary (or none) is
    // what the vectors were made with, and the next batch learns it again. So no fsync of the WAL
    // on the event loop here (it stalled every read and write behind it).
    return this.unflushed(() => {
      const version = ((this.termsState(brainId)?.version ?? 0) + 1) | 0;
      const vocabulary = this.sql(
          `INSERT INTO search_brain_terms_state (brain_id, model, version, chunks, terms, learned_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (brain_id) DO UPDATE SET model = excluded.model, version = excluded.version, chunks = excluded.chunks, terms = excluded.terms, learned_at = excluded.learned_at
           RETURNING id`,
        )
        .pluck()
        .get(brainId, model, version, chunks, terms.length, at) as number;
      this.sql('DELETE FROM search_brain_terms WHERE vocabulary = ?').run(vocabulary);
      const ins = this.sql('INSERT INTO search_brain_terms (vocabulary, term, occurrences, vector) VALUES (?, ?, ?, ?)');
      for (const t of terms) ins.run(vocabulary, t.term, t.occurrences, encodeTermVector(t.vector));
      this.sql(
          `INSERT INTO search_embed_queue (chunk_id, brain_id, enqueued_at)
           SELECT chunk_id, brain_id, CAST(? AS text) FROM search_embeddings WHERE ${this.noIndex('brain_id')} = ? AND chunk_id IN (${jsonValues('?', this.pg)})
           ON CONFLICT (chunk_id) DO UPDATE SET generation = search_embed_queue.generation + 1`,
        )
        .run(at, brainId, JSON.stringify(requeue));
      return version;
    });
  }

  /** The learned vocabulary: terms and their vectors (as stored: see encodeTermVector) packed end to end. */
  loadTerms(brainId: string, dims: number): { terms: string[]; vectors: Float32Array } {
    const rows = this.sql(
      `SELECT t.term, t.vector FROM search_brain_terms t JOIN search_brain_terms_state s ON s.id = t.vocabulary
       WHERE s.brain_id = ? ORDER BY t.term`,
    ).all(brainId) as Array<{ term: string; vector: Buffer | Uint8Array }>;
    const vectors = new Float32Array(rows.length * dims);
    // (From PostgreSQL through the bridge's thread a bytea arrives as a Uint8Array.)
    rows.forEach((r, i) => decodeTermVector(Buffer.isBuffer(r.vector) ? r.vector : Buffer.from(r.vector.buffer, r.vector.byteOffset, r.vector.byteLength), vectors.subarray(i * dims, (i + 1) * dims)));
    return { terms: rows.map((r) => r.term), vectors };
  }
}

/** Whether two page contexts (as `pageContext` reads them) are the same. */
function sameContext(a: PageContext | null, b: PageContext | null): boolean {
  return a === b || (a != null && b != null && a.fields === b.fields && a.neighbours === b.neighbours);
}

/**
 * A vocabulary vector as stored: a float32 scale, then one int8 per dimension (value = byte × scale,
 * scale = largest magnitude / 127). A quarter of float32's size; each value is off by at most half
 * a step (0.4% of the largest), which moves a cosine similarity between two word vectors by about
 * 1e-3 at most (search quality measured the same: bench quality, hybrid R@5 0.898 before and after).
 */
export function encodeTermVector(v: Float32Array): Buffer {
  let max = 0;
  for (let d = 0; d < v.length; d++) max = Math.max(max, Math.abs(v[d]!));
  const scale = max / 127;
  const out = Buffer.alloc(4 + v.length);
  out.writeFloatLE(scale, 0);
  if (scale > 0) for (let d = 0; d < v.length; d++) out.writeInt8(Math.round(v[d]! / scale), 4 + d);
  return out;
}

/** Decode encodeTermVector's bytes into `into` (left zero when the sizes disagree). */
export function decodeTermVector(bytes: Buffer, into: Float32Array): void {
  if (bytes.byteLength !== 4 + into.length) return;
  const scale = bytes.readFloatLE(0);
  for (let d = 0; d < into.length; d++) into[d] = bytes.readInt8(4 + d) * scale;
}

export interface BrainTermsState {
  model: string;
  version: number;
  /** The chunks the vocabulary was learned from (see chunkMark). */
  chunks: string;
  terms: number;
}

/** What the server says at start and in /readyz when the database has no pgvector: search is exact (full text) only. */
export const PGVECTOR_MISSING =
  'PostgreSQL has no pgvector extension ("vector") in this database: vector search is off and search is exact (full text) only. Install pgvector (the pgvector/pgvector image, or your provider\'s "vector" extension) and restart.';
