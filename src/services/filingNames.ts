// The names the filing pass resolves against, kept in memory per brain: titles, aliases, first
// names and the frontmatter fields entity resolution asks for (email, emails, domain, domains, role).
// Built once from the page index, then brought up to date from its change feed before each item,
// so resolving a hundred names costs map lookups instead of a scan of every page each.
// Names are keyed as the link resolver keys them (domain/pageRefs.ts): by the folded half of
// `nameKey` (NFKC, case-folded, accents and punctuation folded), and an exact match on the whole
// key ranks above a folded one, so "Zoe Angstrom" finds "Zoë Ångström" as a link would, and
// "ZOË ÅNGSTRÖM" or a name in any script matches as written.
import { aliasesOf, exactName, foldName, foldPrefix, nameKey } from '../domain/pageRefs.js';
import { isPlatformHost } from '../domain/filing/text.js';
import type { PageIndexRepo } from '../storage/sqlite/pageIndexRepo.js';

/** Frontmatter keys looked up by value; other keys go to the database. */
export const INDEXED_FIELDS = new Set(['email', 'emails', 'domain', 'domains', 'role', 'website']);
/**
 * Frontmatter keys that hold an organisation's web address; each is filed under `website` by its
 * host without `www.` ("https://www.acme.com/about" → acme.com), so a mail domain finds the page.
 */
const WEB_FIELDS = ['website', 'url', 'homepage', 'web', 'site'];
// A web address on a platform (a LinkedIn or GitHub profile, a Notion site) is never filed: its host
// is the platform's, and indexing it would give every company with a profile there the platform's mail.

/** The host of a web address or a bare domain, lower case, without `www.`; null when it has none. */
export function webHost(value: string): string | null {
  const m = /^\s*(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/\s]+@)?(?:www\.)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})\.?(?::\d+)?(?:[/?#]\S*)?\s*$/i.exec(value);
  return m ? m[1]!.toLowerCase() : null;
}
const CATCH_UP = 5_000;
const LIST_BATCH = 2_000;

interface NameEntry {
  path: string;
  /** The whole resolver key (`nameKey`): equal means an exact match, not only a folded one. */
  key: string;
}

interface BrainNames {
  seq: number;
  /** By the folded prefix of the resolver's name key. */
  names: Map<string, NameEntry[]>;
  firstNames: Map<string, Set<string>>;
  /** By the title's last word (a surname: "Ms. Raman", "Herr Becker"). */
  lastNames: Map<string, Set<string>>;
  /** By the initials of a title of two or three capitalised words ("Ada Lovelace" → AL). */
  initials: Map<string, Set<string>>;
  /** Titles and aliases in scripts without capitals (Han, kana, Hangul, Thai, Arabic…), by exact name. */
  caseless: Map<string, Set<string>>;
  fields: Map<string, Set<string>>;
  /** The keys each path was filed under, to remove it again. */
  keysOf: Map<string, { names: string[]; first: string[]; last: string[]; initials: string[]; fields: string[]; caseless: string[] }>;
}

function strings(v: unknown): string[] {
  return (Array.isArray(v) ? v : v == null ? [] : [v]).filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => exactName(x));
}

/** A name with letters of a script that has no capitals: the text is searched for it, as no capital marks it. */
const CASELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Tamil}]/u;

/** Letters of scripts other than Latin (Cyrillic, Greek, Arabic, Hebrew, CJK…). */
const NON_LATIN = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;

/** "Ada Lovelace" → ["AL"], "Ken L. Thompson" → ["KLT", "KT"]: a title of two or three capitalised words. */
function initialsOf(title: string): string[] {
  const words = title.trim().split(/\s+/);
  if (words.length < 2 || words.length > 3 || !words.every((w) => /^\p{Lu}/u.test(w))) return [];
  const all = words.map((w) => w.charAt(0).toUpperCase()).join('');
  return words.length === 3 ? [all, all.charAt(0) + all.charAt(2)] : [all];
}

/** The key a first name is filed under: folded like the resolver folds names. */
function firstKey(word: string): string {
  return foldName(word);
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
    b = { seq: latest, names: new Map(), firstNames: new Map(), lastNames: new Map(), initials: new Map(), caseless: new Map(), fields: new Map(), keysOf: new Map() };
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
    const keys = [...new Set([title, ...aliasesOf(fm)].map((n) => n.trim()).filter((n) => n && exactName(n)).map(nameKey))];
    const firstOf = (n: string) => /^(\S+)\s+\S/.exec(n.trim())?.[1] ?? null;
    // The title's first word; and, for a title written in a non-Latin script ("Ольга Петрова"), the
    // first word of each Latin-script alias ("Olga Petrova"): people write the transliteration.
    const firsts = [firstOf(title)];
    if (NON_LATIN.test(title)) for (const a of aliasesOf(fm)) if (!NON_LATIN.test(a)) firsts.push(firstOf(a));
    const firstK = [...new Set(firsts.filter((f): f is string => !!f).map(firstKey))];
    const last = /\S\s+(\S+)\s*$/.exec(title.trim())?.[1] ?? null;
    const lastK = last ? [firstKey(last)] : [];
    const initialsK = initialsOf(title);
    const fields: string[] = [];
    for (const key of INDEXED_FIELDS) if (key !== 'website') for (const v of strings(fm[key])) fields.push(`${key}\u0000${v}`);
    for (const key of WEB_FIELDS) {
      for (const v of strings(fm[key])) {
        const host = webHost(v);
        if (host && !isPlatformHost(host) && !fields.includes(`website\u0000${host}`)) fields.push(`website\u0000${host}`);
      }
    }
    const put = (m: Map<string, Set<string>>, k: string) => (m.get(k) ?? m.set(k, new Set()).get(k)!).add(path);
    const names: string[] = [];
    for (const key of keys) {
      const prefix = foldPrefix(key);
      const list = b.names.get(prefix) ?? b.names.set(prefix, []).get(prefix)!;
      if (!list.some((e) => e.path === path && e.key === key)) list.push({ path, key });
      names.push(prefix);
    }
    const caseless = [...new Set([title, ...aliasesOf(fm)].map(exactName).filter((n) => n.length >= 2 && CASELESS.test(n)))];
    for (const f of firstK) put(b.firstNames, f);
    for (const l of lastK) put(b.lastNames, l);
    for (const i of initialsK) put(b.initials, i);
    for (const f of fields) put(b.fields, f);
    for (const n of caseless) put(b.caseless, n);
    b.keysOf.set(path, { names, first: firstK, last: lastK, initials: initialsK, fields, caseless });
  }

  private remove(b: BrainNames, path: string): void {
    const k = b.keysOf.get(path);
    if (!k) return;
    const drop = (m: Map<string, Set<string>>, key: string) => {
      const set = m.get(key);
      set?.delete(path);
      if (set && !set.size) m.delete(key);
    };
    for (const prefix of new Set(k.names)) {
      const rest = (b.names.get(prefix) ?? []).filter((e) => e.path !== path);
      if (rest.length) b.names.set(prefix, rest);
      else b.names.delete(prefix);
    }
    for (const f of k.first) drop(b.firstNames, f);
    for (const l of k.last) drop(b.lastNames, l);
    for (const i of k.initials) drop(b.initials, i);
    for (const f of k.fields) drop(b.fields, f);
    for (const n of k.caseless) drop(b.caseless, n);
    b.keysOf.delete(path);
  }

  /**
   * Pages titled `name` or listing it in `aliases`, as the link resolver matches names: the pages
   * whose key equals the name's exactly (NFKC, case-folded) when there are any, else those that
   * match it folded (accents and punctuation aside). Sorted.
   */
  named(brainId: string, name: string): string[] {
    if (!name.trim() || !exactName(name)) return [];
    const key = nameKey(name);
    const candidates = this.current(brainId).names.get(foldPrefix(key)) ?? [];
    const exact = candidates.filter((e) => e.key === key);
    return [...new Set((exact.length ? exact : candidates).map((e) => e.path))].sort();
  }

  /**
   * The names in scripts without capitals (see CASELESS) that the text contains, each with its
   * pages. A longer name takes its span first, so "ミライ" inside "ミライ技研" is not also a match.
   */
  namesIn(brainId: string, text: string): Array<{ name: string; paths: string[] }> {
    const b = this.current(brainId);
    if (!b.caseless.size || !CASELESS.test(text)) return [];
    let rest = exactName(text);
    const out: Array<{ name: string; paths: string[] }> = [];
    for (const name of [...b.caseless.keys()].sort((x, y) => y.length - x.length)) {
      if (!rest.includes(name)) continue;
      out.push({ name, paths: [...b.caseless.get(name)!].sort() });
      rest = rest.split(name).join(' ');
    }
    return out;
  }

  /** Pages whose title's first word is `first` (folded as names are), sorted. */
  firstNamed(brainId: string, first: string): string[] {
    return [...(this.current(brainId).firstNames.get(firstKey(first.trim())) ?? [])].sort();
  }

  /** Pages whose title's last word is `last` (a surname, folded as names are), sorted. */
  lastNamed(brainId: string, last: string): string[] {
    return [...(this.current(brainId).lastNames.get(firstKey(last.trim())) ?? [])].sort();
  }

  /** Pages whose title's initials are `initials` ("AL" → Ada Lovelace), sorted. */
  initialed(brainId: string, initials: string): string[] {
    return [...(this.current(brainId).initials.get(initials.replace(/[.\s]/g, '').toUpperCase()) ?? [])].sort();
  }

  /**
   * Pages whose indexed frontmatter `key` equals or lists `value` (case-insensitive), sorted; for
   * `website`, pages whose website, url or homepage has the host `value` names.
   */
  withField(brainId: string, key: string, value: string): string[] {
    const v = key === 'website' ? (webHost(value) ?? exactName(value)) : exactName(value);
    return [...(this.current(brainId).fields.get(`${key}\u0000${v}`) ?? [])].sort();
  }
}
