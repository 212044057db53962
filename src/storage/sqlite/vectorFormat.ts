// How the vec0 tables store vectors (embeddingRepo, migration 029): int8, a quarter of float32's
// bytes (issue 28, storage that fits).

/**
 * A vector as the vec0 tables store it (`vec_int8(?)` in SQL): int8, scaled so its largest
 * component is ±127. Every distance taken is cosine, which no scale changes, so each vector
 * (stored or asked with) has its own and none is kept; a component is off by at most 1/254 of
 * the largest. A zero vector stays zero, and so does one whose scale is not finite (a largest
 * component that is NaN, infinite or subnormal, 127 / max overflowing).
 */
export function int8Vector(v: ArrayLike<number>): Buffer {
  let max = 0;
  for (let i = 0; i < v.length; i++) max = Math.max(max, Math.abs(v[i]!));
  const out = Buffer.alloc(v.length);
  if (max === 0 || !Number.isFinite(max)) return out;
  const scale = 127 / max;
  if (!Number.isFinite(scale)) return out;
  for (let i = 0; i < v.length; i++) out.writeInt8(Math.round(v[i]! * scale), i);
  return out;
}

/** The vec0 table definition of one size (chunk vectors and page field vectors alike). */
export function vecTableSql(name: string, dims: number): string {
  return `CREATE VIRTUAL TABLE IF NOT EXISTS ${name} USING vec0(brain_id text partition key, embedding int8[${dims}] distance_metric=cosine)`;
}

/** pgvector's HNSW index takes vectors of at most this many dimensions (a larger size is measured by a scan). */
export const PG_HNSW_MAX_DIMENSIONS = 2000;

/**
 * A PostgreSQL vector table of one size (chunk vectors and page field vectors alike, as vec0's):
 * pgvector `vector(n)` holding the int8 values (exact in float4, so cosine distances are sqlite-vec's),
 * an HNSW cosine index (up to PG_HNSW_MAX_DIMENSIONS) and the brain index the filters use.
 */
export function pgVecTableSql(name: string, dims: number): string {
  const hnsw = dims <= PG_HNSW_MAX_DIMENSIONS ? `CREATE INDEX IF NOT EXISTS ${name}_hnsw ON ${name} USING hnsw (embedding vector_cosine_ops);` : '';
  return `CREATE TABLE IF NOT EXISTS ${name} (rowid BIGINT PRIMARY KEY, brain_id TEXT NOT NULL, embedding vector(${dims}) NOT NULL);
    CREATE INDEX IF NOT EXISTS ${name}_brain ON ${name} (brain_id);${hnsw}`;
}

/** int8Vector's bytes as pgvector's text form (`[1,-2,127]`). */
export function pgVectorLiteral(int8: Buffer): string {
  return `[${Array.from(new Int8Array(int8.buffer, int8.byteOffset, int8.byteLength)).join(',')}]`;
}
