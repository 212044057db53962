// Loads the evaluation world into a running server through the HTTP API and scores the judged
// questions in every mode: P@5, R@5 and MRR per family, plus the ceiling. Used by
// bench/quality.bench.ts and by the floor test (test/integration/searchQuality.test.ts).
import { FAMILIES, type Family } from './questions.js';

export const MODES = ['hybrid', 'exact', 'semantic'] as const;
export type Mode = (typeof MODES)[number];

export interface Scores {
  p5: number;
  r5: number;
  mrr: number;
  n: number;
}

/** A judged question of any set (the families are the set's own). */
export interface Judged<F extends string = Family> {
  family: F;
  kind: string;
  q: string;
  relevant: string[];
}

export interface Evaluation<F extends string = Family> {
  /** scores[mode][family | 'all'] */
  scores: Record<Mode, Record<F | 'all', Scores>>;
  /**
   * The ceiling per family: the share of answers (at most 5 per question) found anywhere in the
   * top 100 of any mode, i.e. what a perfect reordering of today's candidates could reach at 5.
   */
  reachable: Record<F | 'all', number>;
  /** Best possible P@5 given the answer-set sizes (a question with 2 answers can reach 0.4). */
  idealP5: Record<F | 'all', number>;
  /** Per-question top 5 of each mode (for verbose runs and debugging). */
  top: Array<{ q: Judged<F>; hits: Record<Mode, string[]> }>;
}

async function api(base: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** PUT every page through the pages API (the same write path agents use), a few at a time. */
export async function loadWorld(base: string, token: string, brain: string, pages: Record<string, string>, concurrency = 4): Promise<void> {
  const entries = Object.entries(pages);
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const [path, markdown] = entries[next++]!;
      const res = await api(base, token, 'PUT', `/api/v1/brains/${brain}/pages`, { path, markdown });
      if (res.status !== 200 && res.status !== 201) throw new Error(`PUT ${path}: ${res.status} ${JSON.stringify(res.json)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Wait until the brain's embedding queue is empty (the server's worker embeds in the background). */
export async function waitForEmbeddings(base: string, token: string, brain: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(base, token, 'GET', `/api/v1/brains/${brain}/search/status`);
    if (res.status === 200 && res.json.pending === 0 && res.json.chunks > 0) return;
    if (Date.now() > until) throw new Error(`embeddings not done: ${JSON.stringify(res.json)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function search(base: string, token: string, brain: string, mode: Mode, q: string, limit: number): Promise<string[]> {
  const res = await api(base, token, 'GET', `/api/v1/brains/${brain}/search?mode=${mode}&limit=${limit}&q=${encodeURIComponent(q)}`);
  if (res.status !== 200) throw new Error(`search ${mode} "${q}": ${res.status} ${JSON.stringify(res.json)}`);
  return (res.json.hits as Array<{ path: string }>).map((h) => h.path);
}

/**
 * Ask every question in every mode. `deep` (default true) also asks for the top 100 to measure
 * the ceiling; without it the ceiling is measured on the top 10 (faster, for tests).
 */
export async function evaluate<F extends string = Family>(
  base: string,
  token: string,
  brain: string,
  questions: Array<Judged<F>>,
  opts: { deep?: boolean; families?: readonly F[] } = {},
): Promise<Evaluation<F>> {
  const deep = opts.deep ?? true;
  const groups: Array<F | 'all'> = [...(opts.families ?? (FAMILIES as unknown as F[])), 'all'];
  const zero = () => Object.fromEntries(groups.map((g) => [g, { p5: 0, r5: 0, mrr: 0, n: 0 }])) as Record<F | 'all', Scores>;
  const scores = Object.fromEntries(MODES.map((m) => [m, zero()])) as Record<Mode, Record<F | 'all', Scores>>;
  const reach = Object.fromEntries(groups.map((g) => [g, 0])) as Record<F | 'all', number>;
  const ideal = Object.fromEntries(groups.map((g) => [g, 0])) as Record<F | 'all', number>;
  const count = Object.fromEntries(groups.map((g) => [g, 0])) as Record<F | 'all', number>;
  const top: Evaluation<F>['top'] = [];
  for (const q of questions) {
    const rel = new Set(q.relevant);
    const wanted = Math.min(5, rel.size);
    const hitsByMode = {} as Record<Mode, string[]>;
    const candidates = new Set<string>();
    for (const mode of MODES) {
      // Scored as asked (limit 10); the deep list (limit 100) only measures what is reachable.
      const hits = await search(base, token, brain, mode, q.q, 10);
      for (const p of deep ? await search(base, token, brain, mode, q.q, 100) : hits) candidates.add(p);
      hitsByMode[mode] = hits.slice(0, 5);
      const found = hits.slice(0, 5).filter((p) => rel.has(p)).length;
      const first = hits.findIndex((p) => rel.has(p));
      for (const g of [q.family, 'all' as const]) {
        const s = scores[mode][g];
        s.p5 += found / 5;
        s.r5 += found / wanted;
        s.mrr += first < 0 ? 0 : 1 / (first + 1);
        s.n++;
      }
    }
    const reachable = Math.min(wanted, [...rel].filter((p) => candidates.has(p)).length) / wanted;
    for (const g of [q.family, 'all' as const]) {
      reach[g] += reachable;
      ideal[g] += wanted / 5;
      count[g]++;
    }
    top.push({ q, hits: hitsByMode });
  }
  for (const mode of MODES) {
    for (const g of groups) {
      const s = scores[mode][g];
      if (s.n) {
        s.p5 /= s.n;
        s.r5 /= s.n;
        s.mrr /= s.n;
      }
    }
  }
  for (const g of groups) {
    if (count[g]) {
      reach[g] /= count[g];
      ideal[g] /= count[g];
    }
  }
  return { scores, reachable: reach, idealP5: ideal, top };
}

/** A markdown table of the figures: one row per family and mode. */
export function table<F extends string = Family>(e: Evaluation<F>, families: readonly F[] = FAMILIES as unknown as F[]): string {
  const f = (x: number) => x.toFixed(3);
  const lines = ['| family | n | mode | P@5 | R@5 | MRR | reachable (R@100, any mode) | ideal P@5 |', '|---|---|---|---|---|---|---|---|'];
  for (const g of [...families, 'all' as const]) {
    for (const mode of MODES) {
      const s = e.scores[mode][g];
      lines.push(`| ${g} | ${s.n} | ${mode} | ${f(s.p5)} | ${f(s.r5)} | ${f(s.mrr)} | ${mode === 'hybrid' ? f(e.reachable[g]) : ''} | ${mode === 'hybrid' ? f(e.idealP5[g]) : ''} |`);
    }
  }
  return lines.join('\n');
}
