// Quantiles of a Prometheus histogram between two scrapes of /metrics, for benches that print what
// the server observed (bench/load.bench.ts).

/** Cumulative bucket counts ([le, count], le ascending) of one histogram, by the value of a label ('' for none). */
export type Buckets = Map<string, Array<[number, number]>>;

/**
 * The `name` histogram's buckets in the Prometheus text, the series whose labels pass `where`
 * grouped by the value of `label`. Series of one group (a route's 200 and 201 answers) add up
 * bucket by bucket: cumulative counts of the same `le` sum to the group's cumulative count.
 */
export function histogram(text: string, name: string, label: string | null, where: (labels: Record<string, string>) => boolean = () => true): Buckets {
  const sums = new Map<string, Map<number, number>>();
  const re = new RegExp(`^${name}_bucket\\{([^}]*)\\} (\\S+)$`, 'gm');
  for (const m of text.matchAll(re)) {
    const labels = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1]!, l[2]!]));
    if (!where(labels)) continue;
    const key = label ? (labels[label] ?? '') : '';
    const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
    const byLe = sums.get(key) ?? new Map<number, number>();
    byLe.set(le, (byLe.get(le) ?? 0) + Number(m[2]));
    sums.set(key, byLe);
  }
  const out: Buckets = new Map();
  for (const [key, byLe] of sums) out.set(key, [...byLe].sort((a, b) => a[0] - b[0]));
  return out;
}

/**
 * The q-quantile of the observations between two scrapes, interpolated inside its bucket (as
 * histogram_quantile does). `before` is matched by `le`; a group absent from it counts from zero.
 */
export function bucketQuantile(before: Array<[number, number]> | undefined, after: Array<[number, number]>, q: number): { value: number; count: number } {
  const earlier = new Map(before ?? []);
  const counts = after.map(([le, n]) => [le, n - (earlier.get(le) ?? 0)] as [number, number]);
  const total = counts.at(-1)?.[1] ?? 0;
  if (!total) return { value: NaN, count: 0 };
  const rank = q * total;
  let prevLe = 0;
  let prevN = 0;
  for (const [le, n] of counts) {
    if (n >= rank) {
      if (le === Infinity) return { value: prevLe, count: total };
      return { value: prevLe + ((le - prevLe) * (rank - prevN)) / Math.max(1, n - prevN), count: total };
    }
    [prevLe, prevN] = [le, n];
  }
  return { value: prevLe, count: total };
}
