// An INDEPENDENT reference for where a vault's wiki links go, written from issue 28's text and
// Obsidian's observed behaviour, not from the engine (nothing here imports src/). It parses links
// itself and resolves each one in the order:
//   1. exact path            [[Folder/Note]] = Folder/Note.md from the root; [[Note]] = Note.md at the root
//   2. exact file name, then exact title (case-insensitive)
//   3. path suffix           [[Folder/Note]] = any page whose path ends in /Folder/Note.md
//   4. folded                (accents and punctuation) file name or title; for paths, the suffix folded
//   5. aliases               exact, then folded
// Ties in a step: the page in the linking page's folder, then in its top folder, then the shortest
// path (UTF-16 length, as JavaScript in the app measures it), then the smaller path.
// Choices where the issue is silent, following Obsidian:
// - "case-insensitive" compares NFKC, lower-cased names with ς=σ and ß=ss (Unicode case folding),
//   white space collapsed: full-width letters (ＡＰＩ) equal their ASCII forms and NFD (macOS) equals NFC.
// - the file name ranks above the title in step 2: Obsidian links by file name only.
// - the title is the frontmatter `title`, else the first `# ` heading, else the file name.
// - `[[Name.md]]` names a file: the path `Name.md` at the root, then a file named Name (not a title).
// - `[[#Heading]]` (the page itself) and embeds of files (`![[x.png]]`) are not page links.
// - folding drops accents of alphabets (Latin, Greek, Cyrillic, Arabic harakat, Hebrew points), never
//   the vowel signs of Indic, Thai or Khmer scripts nor the kana voicing marks (those change the word);
//   inside words it drops apostrophes and dots (O’Brien = OBrien, C.S. = CS); any other run of
//   punctuation, symbols or spaces becomes one space.
// - ties (Obsidian 1.x, getFirstLinkpathDest): an exact vault path wins; then the source's own
//   folder; then the shortest path. The issue adds "the same top folder" between the last two.

export interface RefPage {
  path: string;
  markdown: string;
}

export interface RefLink {
  /** 1-based line of the `[[`. */
  line: number;
  /** As written between the brackets, before `#` and `|`. */
  target: string;
  /** Where it goes, or null (a link to a page that does not exist). */
  to: string | null;
  kind: 'wiki' | 'markdown';
}

export function norm(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .replace(/ß/g, 'ss')
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .trim();
}

const KEEP_MARKS = new Set(['\u3099', '\u309a']);

export function fold(s: string): string {
  const d = norm(s).normalize('NFD');
  let out = '';
  for (const ch of d) {
    if (/\p{M}/u.test(ch) && !KEEP_MARKS.has(ch) && (/\p{Script=Inherited}/u.test(ch) || /[\p{Script=Hebrew}\p{Script=Arabic}]/u.test(ch))) continue;
    out += ch;
  }
  const map: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', æ: 'ae', œ: 'oe', ı: 'i' };
  out = out.normalize('NFC').replace(/[łøđæœı]/g, (c) => map[c]!);
  out = out.replace(/(?<=\p{L})['’.](?=\p{L})/gu, '').replace(/[\s\p{P}\p{S}\p{Z}\p{Cf}]+/gu, ' ').trim();
  return out;
}

/** Character ranges of fenced code blocks and code spans. */
function codeRanges(md: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const lines = md.split('\n');
  let off = 0;
  let fence: { ch: string; len: number; start: number } | null = null;
  const lineStarts: number[] = [];
  for (const line of lines) {
    lineStarts.push(off);
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (m && m[1]![0] === fence.ch && m[1]!.length >= fence.len && /^ {0,3}[`~]+\s*$/.test(line)) {
        ranges.push([fence.start, off + line.length]);
        fence = null;
      }
    } else if (m && !(m[1]![0] === '`' && line.slice(line.indexOf(m[1]!) + m[1]!.length).includes('`'))) {
      fence = { ch: m[1]![0]!, len: m[1]!.length, start: off };
    }
    off += line.length + 1;
  }
  if (fence) ranges.push([fence.start, md.length]);
  // Code spans outside fences: a run of N backticks to the next run of exactly N.
  const inFence = (i: number) => ranges.some(([a, b]) => i >= a && i <= b);
  const spans: Array<[number, number]> = [];
  const re = /`+/g;
  let m: RegExpExecArray | null;
  let open: { len: number; at: number } | null = null;
  while ((m = re.exec(md))) {
    if (inFence(m.index)) continue;
    if (!open) open = { len: m[0].length, at: m.index };
    else if (m[0].length === open.len) {
      spans.push([open.at, m.index + m[0].length]);
      open = null;
    }
  }
  return [...ranges, ...spans];
}

interface Parsed {
  line: number;
  target: string;
  kind: 'wiki' | 'markdown';
  at: number;
}

/** The page links of a page (not code, not files, not the page itself), in order. */
export function parseLinks(md: string): Parsed[] {
  const code = codeRanges(md);
  const out: Parsed[] = [];
  const re = /\[\[([^\[\]\n]+)\]\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(md))) {
    const at = m.index;
    if (code.some(([a, b]) => at >= a && at < b)) continue;
    // `\|` in a table cell escapes the pipe for the table: it separates the label here too.
    const inner = m[1]!.replace(/\\\|/g, '|');
    const target = inner.split('|')[0]!.split('#')[0]!.trim();
    if (!target) continue;
    if (/\.(png|jpe?g|gif|svg|pdf|webp|mp4|mp3|canvas)$/i.test(target)) continue;
    out.push({ line: 0, target, kind: 'wiki', at });
  }
  // Markdown links to pages: [text](Folder/Name%20Here.md#heading), not images, not URLs.
  const mre = /(!?)\[([^\[\]\n]*)\]\(([^()\s]+)\)/g;
  while ((m = mre.exec(md))) {
    const at = m.index;
    if (m[1] || code.some(([a, b]) => at >= a && at < b)) continue;
    const href = m[3]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#')) continue;
    let decoded = href.split('#')[0]!;
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      // kept as written
    }
    if (!/\.md$/i.test(decoded)) continue;
    out.push({ line: 0, target: decoded, kind: 'markdown', at });
  }
  out.sort((a, b) => a.at - b.at);
  for (const l of out) l.line = md.slice(0, l.at).split('\n').length;
  return out;
}

interface PageInfo {
  path: string;
  nfc: string;
  bare: string;
  folder: string;
  top: string;
  nPath: string;
  fPath: string;
  nName: string;
  fName: string;
  nTitle: string;
  fTitle: string;
  nAliases: string[];
  fAliases: string[];
}

function frontmatter(md: string): { title: string | null; aliases: string[]; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(md);
  if (!m) return { title: null, aliases: [], body: md };
  const y = m[1]!;
  const unq = (s: string) => s.trim().replace(/^["']|["']$/g, '');
  const t = /^title:\s*(.+)$/m.exec(y);
  const aliases: string[] = [];
  const block = /^aliases:\s*\n((?:\s+-\s*.+\n?)+)/m.exec(y);
  if (block) for (const l of block[1]!.split('\n')) if (l.trim().startsWith('-')) aliases.push(unq(l.trim().slice(1)));
  const inline = /^aliases:\s*\[(.*)\]\s*$/m.exec(y);
  if (inline) aliases.push(...inline[1]!.split(',').map(unq).filter(Boolean));
  return { title: t ? unq(t[1]!) : null, aliases, body: md.slice(m[0].length) };
}

function foldPath(p: string): string {
  return p.split('/').map(fold).join('/');
}

export class ReferenceResolver {
  private readonly pages: PageInfo[];

  constructor(pages: RefPage[]) {
    this.pages = pages.map((p) => {
      const path = p.path.normalize('NFC');
      const bare = path.replace(/\.md$/i, '');
      const name = bare.slice(bare.lastIndexOf('/') + 1);
      const fm = frontmatter(p.markdown);
      const h1 = /^#[ \t]+(.+?)[ \t#]*$/m.exec(fm.body);
      const title = fm.title ?? (h1 ? h1[1]! : name);
      const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
      return {
        path: p.path,
        nfc: path,
        bare,
        folder,
        top: path.includes('/') ? path.slice(0, path.indexOf('/')) : '',
        nPath: norm(bare),
        fPath: foldPath(bare),
        nName: norm(name),
        fName: fold(name),
        nTitle: norm(title),
        fTitle: fold(title),
        nAliases: fm.aliases.map(norm),
        fAliases: fm.aliases.map(fold),
      };
    });
  }

  private tie(cands: PageInfo[], from: string): string | null {
    if (!cands.length) return null;
    const f = from.normalize('NFC');
    const folder = f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '';
    const top = f.includes('/') ? f.slice(0, f.indexOf('/')) : '';
    // Lengths and order of NFC paths: a vault copied from macOS (NFD names) links the same way.
    const score = (c: PageInfo): [number, number, number] => [c.folder === folder ? 0 : 1, c.top === top ? 0 : 1, c.nfc.length];
    const sorted = [...cands].sort((a, b) => {
      const x = score(a);
      const y = score(b);
      for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
      return a.nfc < b.nfc ? -1 : a.nfc > b.nfc ? 1 : 0;
    });
    return sorted[0]!.path;
  }

  private index: Map<string, Map<string, PageInfo[]>> | null = null;

  /** Lookup tables (the same tests as a scan over every page, in maps: a vault has ~150k links). */
  private lookup(kind: string, key: string): PageInfo[] {
    if (!this.index) {
      const idx = new Map<string, Map<string, PageInfo[]>>();
      const put = (k: string, key: string, p: PageInfo) => {
        let m = idx.get(k);
        if (!m) idx.set(k, (m = new Map()));
        const list = m.get(key);
        if (!list) m.set(key, [p]);
        else if (!list.includes(p)) list.push(p);
      };
      for (const p of this.pages) {
        put('path', p.nPath, p);
        put('name', p.nName, p);
        put('title', p.nTitle, p);
        put('fold', p.fName, p);
        put('fold', p.fTitle, p);
        for (const a of p.nAliases) put('alias', a, p);
        for (const a of p.fAliases) put('falias', a, p);
        const n = p.nPath.split('/');
        for (let i = 1; i < n.length; i++) put('suffix', n.slice(i).join('/'), p);
        const f = p.fPath.split('/');
        for (let i = 0; i < f.length; i++) put('fsuffix', f.slice(i).join('/'), p);
      }
      this.index = idx;
    }
    return this.index.get(kind)?.get(key) ?? [];
  }

  private readonly memo = new Map<string, string | null>();

  resolve(target: string, from: string): string | null {
    const folder = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
    const at = `${target}\u0000${folder}`;
    if (this.memo.has(at)) return this.memo.get(at)!;
    const to = this.resolveOnce(target, from);
    this.memo.set(at, to);
    return to;
  }

  private resolveOnce(target: string, from: string): string | null {
    let t = target.trim().replace(/^\/+/, '');
    const isFile = /\.md$/i.test(t);
    if (isFile) t = t.replace(/\.md$/i, '');
    const isPath = t.includes('/');
    const nt = norm(t);
    const ft = isPath ? foldPath(t) : fold(t);
    const first = (kind: string, key: string): string | null => this.tie(this.lookup(kind, key), from);
    // 1. exact path (a bare name: a page at the root)
    const exact = first('path', nt);
    if (exact) return exact;
    if (isPath) {
      // 3. path suffix, then 4. the suffix folded (step 2 is for names)
      return first('suffix', nt) ?? first('fsuffix', ft);
    }
    // 2. file name, then title
    const byName = first('name', nt);
    if (byName) return byName;
    if (isFile) return null;
    const byTitle = first('title', nt);
    if (byTitle) return byTitle;
    // 4. folded file name or title
    const folded = ft ? first('fold', ft) : null;
    if (folded) return folded;
    // 5. aliases, exact then folded
    return first('alias', nt) ?? (ft ? first('falias', ft) : null);
  }

  /**
   * A link relative to the linking page (`./x`, `../x`, Obsidian's "relative path" link format):
   * the page at that path, or null. Also the first reading of a markdown href without `./`.
   */
  private relative(target: string, from: string): string | null {
    const parts = from.normalize('NFC').split('/').slice(0, -1);
    for (const seg of target.replace(/\.md$/i, '').split('/')) {
      if (seg === '.' || seg === '') continue;
      if (seg === '..') {
        if (!parts.length) return null;
        parts.pop();
      } else parts.push(seg);
    }
    return this.tie(this.lookup('path', norm(parts.join('/'))), from);
  }

  /** Every page link of a page, resolved. */
  links(page: RefPage): RefLink[] {
    return parseLinks(page.markdown).map((l) => {
      let to: string | null;
      const t = l.target.trim();
      if (/^\.\.?\//.test(t)) to = this.relative(t, page.path);
      else if (l.kind === 'markdown') {
        // A markdown href is relative to the page ("/x.md" to the root); Obsidian's "shortest path"
        // format writes `Name.md` for a page elsewhere, so a href with nothing there resolves as a
        // wiki link of the same text would.
        to = t.startsWith('/') ? this.resolve(t, page.path) : (this.relative(t, page.path) ?? this.resolve(t, page.path));
      } else to = this.resolve(t, page.path);
      return { line: l.line, target: l.target, to, kind: l.kind };
    });
  }
}
