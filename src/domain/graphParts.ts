// Pure: the connected parts of a link graph (directions ignored), by union–find.

/** The pages of the largest connected part (ties: the one holding the first page in `nodes`). */
export function largestComponent(nodes: string[], edges: Array<{ from: string; to: string }>): Set<string> {
  const index = new Map(nodes.map((n, i) => [n, i]));
  const parent = nodes.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (const e of edges) {
    const a = index.get(e.from);
    const b = index.get(e.to);
    if (a == null || b == null) continue;
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
  const size = new Map<number, number>();
  for (let i = 0; i < nodes.length; i++) size.set(find(i), (size.get(find(i)) ?? 0) + 1);
  let best = -1;
  let bestSize = 0;
  for (const [root, n] of size) if (n > bestSize || (n === bestSize && root < best)) [best, bestSize] = [root, n];
  return new Set(nodes.filter((_, i) => find(i) === best));
}
