// The names the filing pass resolves against, kept in memory per brain: titles, aliases, first
// names and the frontmatter fields entity resolution asks for (email, emails, domain, domains).
// Built once from the page index, then brought up to date from its change feed before each item,
// so resolving a hundred names costs map lookups instead of a scan of every page each.
import type { PageIndexRepo } from '../storage/sqlite/pageIndexRepo.js';

/** Frontmatter keys looked up by value; other keys go to the database. */
export const INDEXED_FIELDS = new Set(['email', 'emails', 'domain', 'domains']);
const CATCH_UP = 5_000;
const LIST_BATCH = 2_000;

interface BrainNames {
  seq: number;
  names: Map<string, Set<string>>;
  firstNames: Map<string, Set<string>>;
  fields: Map<string, Set<string>>;
  /** The keys each path was filed under, to remove it again. */
  keysOf: Map<string, { names: string[]; first: string | null; fields: string[] }>;
}

function strings(v: unknown): string[] {
  return (Array.isArray(v) ? v : v == null ? [] : [v]).filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim().toLowerCase());
}

export class FilingNames {
  private readonly brains = new Map<string, BrainNames>();

  constructor(private readonly pageIndex: PageIndexRepo) {}

  private current(brainId: string): BrainNames {
    const latest = this.pageIndex.latestSeq(brainId);
    let b = this.brains.get(brainId);
    if (b && b.seq === latest) return b;
    if (b) {
      const changes = this.pageIndex.changesSince(brainId, b.seq, CATCH_UP);
      if (changes.length < CATCH_UP) {
        for (const ch of changes) {
          if (ch.fromPath) this.remove(b, ch.fromPath);
          this.remove(b, ch.path);
          if (ch.op !== 'delete') this.addPath(brainId, b, ch.path);
        }
        b.seq = latest;
        return b;
      }
    }
    b = { seq: latest, names: new Map(), firstNames: new Map(), fields: new Map(), keysOf: new Map() };
    let after: string | null = null;
    for (;;) {
      const rows = this.pageIndex.listPages(brainId, { afterPath: after, limit: LIST_BATCH });
      for (const p of rows) this.add(b, p.path, p.title, p.frontmatter);
      if (rows.length < LIST_BATCH) break;
      after = rows[rows.length - 1]!.path;
    }
    this.brains.set(brainId, b);
    return b;
  }

  private addPath(brainId: string, b: BrainNames, path: string): void {
    const p = this.pageIndex.getPage(brainId, path);
    if (p) this.add(b, p.path, p.title, p.frontmatter);
  }

  private add(b: BrainNames, path: string, title: string, fm: Record<string, unknown>): void {
    const names = [...new Set([title.trim().toLowerCase(), ...strings(fm.aliases)].filter(Boolean))];
    const first = /^(\S+)\s+\S/.exec(title.trim())?.[1]?.toLowerCase() ?? null;
    const fields: string[] = [];
    for (const key of INDEXED_FIELDS) for (const v of strings(fm[key])) fields.push(`${key}\u0000${v}`);
    const put = (m: Map<string, Set<string>>, k: string) => (m.get(k) ?? m.set(k, new Set()).get(k)!).add(path);
    for (const n of names) put(b.names, n);
    if (first) put(b.firstNames, first);
    for (const f of fields) put(b.fields, f);
    b.keysOf.set(path, { names, first, fields });
  }

  private remove(b: BrainNames, path: string): void {
    const k = b.keysOf.get(path);
    if (!k) return;
    const drop = (m: Map<string, Set<string>>, key: string) => {
      const set = m.get(key);
      set?.delete(path);
      if (set && !set.size) m.delete(key);
    };
    for (const n of k.names) drop(b.names, n);
    if (k.first) drop(b.firstNames, k.first);
    for (const f of k.fields) drop(b.fields, f);
    b.keysOf.delete(path);
  }

  /** Pages titled `name` or listing it in `aliases` (case-insensitive), sorted. */
  named(brainId: string, name: string): string[] {
    return [...(this.current(brainId).names.get(name.trim().toLowerCase()) ?? [])].sort();
  }

  /** Pages whose title's first word is `first`, sorted. */
  firstNamed(brainId: string, first: string): string[] {
    return [...(this.current(brainId).firstNames.get(first.trim().toLowerCase()) ?? [])].sort();
  }

  /** Pages whose indexed frontmatter `key` equals or lists `value` (case-insensitive), sorted. */
  withField(brainId: string, key: string, value: string): string[] {
    return [...(this.current(brainId).fields.get(`${key}\u0000${value.trim().toLowerCase()}`) ?? [])].sort();
  }
}
