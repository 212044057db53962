// Pure: questions that ask for the latest of something ("the latest decision on X", "our most
// recent meeting with Y"), the date a page carries, and the reordering that puts the newest
// version of a document first among its versions (pages of one folder with near-identical titles:
// a decision revisited, a recurring meeting), without moving anything else.

/** Words and phrases that ask for the newest (English and the languages the search folds). */
const LATEST = [
  'latest', 'newest', 'most recent', 'most recently', 'recent', 'recently', 'current', 'currently', 'up-to-date', 'up to date', 'last',
  'dernier', 'dernière', 'derniere', 'plus récent', 'plus recent', 'actuel', 'actuelle',
  'neueste', 'neuester', 'neuesten', 'letzte', 'letzten', 'aktuelle', 'aktuellen',
  'último', 'última', 'ultimo', 'ultima', 'más reciente', 'mas reciente', 'actual',
  'последний', 'последняя', 'последнее', 'актуальный',
  'τελευταίος', 'τελευταία', 'τελευταίο', 'πιο πρόσφατο', 'πρόσφατη',
];
const CJK_LATEST = ['最新', '最近', '直近'];
const LATEST_RE = new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${LATEST.map((w) => w.replace(/[-\s]/g, '[-\\s]')).join('|')})(?=$|[^\\p{L}\\p{N}])`, 'iu');

/** Whether a question asks for the newest of something. */
export function asksForLatest(q: string): boolean {
  const s = q.normalize('NFC');
  return LATEST_RE.test(s) || CJK_LATEST.some((w) => s.includes(w));
}

const ISO_DAY = /(?:^|[^\d])((?:19|20)\d{2})-(\d{2})-(\d{2})(?!\d)/;
const YEAR = /(?:^|[^\d])((?:19|20)\d{2})(?!\d)/;

/**
 * The date a page carries, as a sortable string: its frontmatter date when it has one, else a
 * day written in its path (meeting and daily notes), else a year in its path. Null without any.
 */
export function pageDate(path: string, frontmatterDate: string | null | undefined): string | null {
  const fm = frontmatterDate?.trim();
  if (fm) {
    const day = ISO_DAY.exec(fm);
    if (day) return `${day[1]}-${day[2]}-${day[3]}`;
    const year = YEAR.exec(fm);
    if (year) return `${year[1]}-00-00`;
  }
  const day = ISO_DAY.exec(path);
  if (day) return `${day[1]}-${day[2]}-${day[3]}`;
  const year = YEAR.exec(path);
  return year ? `${year[1]}-00-00` : null;
}

/** A title's words without dates, years and numbers (what stays the same across versions). */
function titleWords(title: string): Set<string> {
  const words = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\d{4}-\d{2}-\d{2}/g, ' ')
    .match(/[\p{L}]+/gu);
  return new Set(words ?? []);
}

/** Share of words two titles have in common (Jaccard). */
export function titleOverlap(a: string, b: string): number {
  const x = titleWords(a);
  const y = titleWords(b);
  if (!x.size || !y.size) return 0;
  let common = 0;
  for (const w of x) if (y.has(w)) common++;
  return common / (x.size + y.size - common);
}

/** Titles this alike, in one folder, are versions of one document. */
export const VERSION_OVERLAP = 0.5;

/**
 * The order that puts the newest version of each document first among the places its versions
 * hold: returns, for each position, the index of the item to put there. Items without a date keep
 * their places; a group is built around its best-ranked member.
 */
export function newestVersionsFirst(items: Array<{ title: string; folder: string; date: string | null }>): number[] {
  const order = items.map((_, i) => i);
  const grouped = new Array<boolean>(items.length).fill(false);
  for (let i = 0; i < items.length; i++) {
    if (grouped[i] || items[i]!.date == null) continue;
    const group = [i];
    for (let j = i + 1; j < items.length; j++) {
      if (grouped[j] || items[j]!.date == null || items[j]!.folder !== items[i]!.folder) continue;
      if (titleOverlap(items[i]!.title, items[j]!.title) >= VERSION_OVERLAP) group.push(j);
    }
    if (group.length < 2) continue;
    for (const k of group) grouped[k] = true;
    const newest = [...group].sort((a, b) => items[b]!.date!.localeCompare(items[a]!.date!) || a - b);
    group.forEach((pos, n) => (order[pos] = newest[n]!));
  }
  return order;
}
