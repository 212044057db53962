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
