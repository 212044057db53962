// Pure: split a page body into search chunks of about 200–400 words along headings and
// paragraphs. Each chunk carries the page title and the heading path it sits under, so a chunk
// read alone (by bm25 or an embedding model) still knows what it is about. Link and image
// syntax is reduced to its visible text; fenced code stays whole inside one chunk when it fits.

import { scanWikiLinks } from './links.js';

export interface Chunk {
  ordinal: number;
  /** Headings above the chunk's first paragraph, outermost first (the page's H1 title excluded). */
  headingPath: string[];
  /** Every heading the chunk spans, joined with " / " (several small sections may share a chunk). */
  headings: string;
  text: string;
  words: number;
}

export interface ChunkOptions {
  minWords: number;
  targetWords: number;
  maxWords: number;
}

export const DEFAULT_CHUNKING: ChunkOptions = { minWords: 200, targetWords: 300, maxWords: 400 };

interface Block {
  kind: 'heading' | 'para';
  level: number;
  text: string;
}

/**
 * An ATX heading line's level and raw text: what /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/ gives, read
 * in one pass (the regex backtracks quadratically on a line like `# # # … # x`: 32 K characters
 * took 1.3 s, a 1 MB line did not end).
 */
export function atxHeading(line: string): { level: number; text: string } | null {
  let p = 0;
  while (p < 3 && line.charCodeAt(p) === 32) p++;
  const hashes = p;
  while (line.charCodeAt(p) === 35 /* # */) p++;
  const level = p - hashes;
  if (level < 1 || level > 6) return null;
  const c = line.charCodeAt(p);
  if (c !== 32 && c !== 9) return null;
  while (line.charCodeAt(p) === 32 || line.charCodeAt(p) === 9) p++;
  // `.` and the trailing class match no line terminator, and `$` is the line's end.
  for (let i = p; i < line.length; i++) {
    const t = line.charCodeAt(i);
    if (t === 10 || t === 13 || t === 0x2028 || t === 0x2029) return null;
  }
  let end = line.length;
  while (end > p) {
    const t = line.charCodeAt(end - 1);
    if (t !== 32 && t !== 9 && t !== 35) break;
    end--;
  }
  return { level, text: line.slice(p, end) };
}
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The characters JavaScript's `\s` matches. */
function isSpace(c: number): boolean {
  // Ordered so that a letter of another script (most of a multilingual page) is told in a few tests.
  if (c < 0x2000) return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680;
  if (c <= 0x205f) return c <= 0x200a || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f;
  return c === 0x3000 || c === 0xfeff;
}

/** Runs of non-space characters (what `/\S+/g` finds), counted without building the matches. */
export function countWords(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Printable ASCII first (most text): one range test instead of the whole list.
    const space = c > 32 && c < 127 ? false : isSpace(c);
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

/** Visible text of inline markdown: links become their labels, images their alt text, comments vanish. */
export function plainInline(text: string): string {
  // Every pattern below needs a `[` or a comment opener; most paragraphs have neither.
  if (!text.includes('[') && !text.includes('<!--')) return text;
  // Scanned, not matched with regexes: on runs of brackets those backtrack quadratically.
  let t = withoutComments(text);
  t = replaceBracketLinks(t, true);
  let out = '';
  let last = 0;
  // Blank targets too (`[[ ]]` reads as nothing), as the regex this replaced did.
  for (const m of scanWikiLinks(t, [], undefined, true)) {
    out += t.slice(last, m.start) + (m.label || [m.target, m.heading].filter(Boolean).join(' '));
    last = m.end;
  }
  return replaceBracketLinks(out + t.slice(last), false);
}

/** `<!-- ... -->` to a space; an unclosed comment stays as it is. */
function withoutComments(text: string): string {
  let out = '';
  let last = 0;
  for (let i = text.indexOf('<!--'); i >= 0; ) {
    const close = text.indexOf('-->', i + 4);
    if (close < 0) break;
    out += `${text.slice(last, i)} `;
    last = close + 3;
    i = text.indexOf('<!--', last);
  }
  return last === 0 ? text : out + text.slice(last);
}

/**
 * `[text](anything but ')' or a newline)` to its text: images (`![..](..)`) when `images`, else
 * links. Linear: a failed `[` skips every `[` before its `]`, and a destination that found no `)`
 * is remembered, so one starting inside it fails without being read again.
 */
function replaceBracketLinks(text: string, images: boolean): string {
  const opener = images ? '![' : '[';
  const skip = opener.length - 1;
  let out = '';
  let last = 0;
  let failedTo = -1;
  for (let at = text.indexOf(opener); at >= 0; ) {
    const i = at + skip;
    let j = i + 1;
    while (j < text.length && text[j] !== ']' && text[j] !== '\n') j++;
    if (text[j] !== ']' || text[j + 1] !== '(' || j + 2 < failedTo) {
      at = text.indexOf(opener, j);
      continue;
    }
    let k = j + 2;
    while (k < text.length && text[k] !== ')' && text[k] !== '\n') k++;
    if (text[k] !== ')') {
      failedTo = k;
      at = text.indexOf(opener, j);
      continue;
    }
    out += text.slice(last, at) + text.slice(i + 1, j);
    last = k + 1;
    at = text.indexOf(opener, last);
  }
  return last === 0 ? text : out + text.slice(last);
}

/** A paragraph's text from its lines ('' when there are none or only blank ones). */
function paraText(para: string[] | null): string {
  return para ? para.join('\n').trim() : '';
}

/**
 * The blocks of a body (headings, paragraphs, fenced code), read one at a time as the chunker asks
 * for them: the cut of one chunk's text for a snippet (`chunkPage`'s `last`) stops reading the
 * page after that chunk. Lines are what `body.split(/\r?\n/)` makes, found with indexOf as they
 * are reached.
 */
class BlockReader {
  private at = 0;
  private done = false;
  private pending: Block | null = null;

  constructor(private readonly body: string) {}

  /** The next line, or null past the last one. */
  private line(): string | null {
    if (this.done) return null;
    const body = this.body;
    const nl = body.indexOf('\n', this.at);
    if (nl < 0) {
      this.done = true;
      return body.slice(this.at);
    }
    const end = nl > this.at && body.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    const line = body.slice(this.at, end);
    this.at = nl + 1;
    return line;
  }

  /** The next block, or null after the last. */
  next(): Block | null {
    const held = this.pending;
    if (held) {
      this.pending = null;
      return held;
    }
    let para: string[] | null = null;
    for (let line = this.line(); line !== null; line = this.line()) {
      const fence = FENCE.exec(line);
      if (fence) {
        const close = new RegExp(`^ {0,3}${fence[1]![0] === '`' ? '`' : '~'}{${fence[1]!.length},}[ \\t]*$`);
        const code = [line];
        for (let l = this.line(); l !== null; l = this.line()) {
          code.push(l);
          if (close.test(l)) break;
        }
        const block: Block = { kind: 'para', level: 0, text: code.join('\n') };
        return this.before(para, block);
      }
      const h = atxHeading(line);
      if (h) return this.before(para, { kind: 'heading', level: h.level, text: plainInline(h.text).trim() });
      if (line.trim() === '') {
        const text = paraText(para);
        if (text) return { kind: 'para', level: 0, text };
        para = null;
      } else (para ??= []).push(line);
    }
    const text = paraText(para);
    return text ? { kind: 'para', level: 0, text } : null;
  }

  /** The paragraph read so far (when it has text), `block` held for the next call; else `block`. */
  private before(para: string[] | null, block: Block): Block {
    const text = paraText(para);
    if (!text) return block;
    this.pending = block;
    return { kind: 'para', level: 0, text };
  }
}

/** Cut an over-long paragraph at sentence ends (or, failing that, between words). */
function splitLong(text: string, target: number): string[] {
  const sentences = text.match(/[^.!?\n]+(?:[.!?]+|\n|$)\s*/g) ?? [text];
  const pieces: string[] = [];
  let cur: string[] = [];
  let words = 0;
  const push = () => {
    if (cur.length) pieces.push(cur.join('').trim());
    cur = [];
    words = 0;
  };
  for (const s of sentences) {
    const w = countWords(s);
    if (w > target) {
      push();
      const tokens = s.match(/\S+/g) ?? [];
      for (let i = 0; i < tokens.length; i += target) pieces.push(tokens.slice(i, i + target).join(' '));
      continue;
    }
    if (words + w > target && words > 0) push();
    cur.push(s);
    words += w;
  }
  push();
  return pieces.filter(Boolean);
}

interface Draft {
  path: string[];
  headings: string[];
  parts: string[];
  words: number;
}

/**
 * Chunks of a page body (frontmatter already removed). Always at least one chunk, so a page
 * with an empty body is still found by its title. `last`: chunks 0..last only (the same as the
 * full cut's first ones); the body is read no further than the block that ends chunk `last`.
 */
export function chunkPage(title: string, body: string, opts: ChunkOptions = DEFAULT_CHUNKING, last = Infinity): Chunk[] {
  const chunks: Chunk[] = [];
  const stack: Array<{ level: number; text: string }> = [];
  let draft = freshDraft(stack);
  let titleHeadingSeen = false;
  const lowerTitle = title.trim().toLowerCase();

  const reader = new BlockReader(body);
  // With `last`, reading stops once chunk `last` is cut (its text is final when the next starts):
  // the test comes before the next block is read.
  for (let b: Block | null; chunks.length <= last && (b = reader.next()) !== null; ) {
    if (b.kind === 'heading') {
      // The first H1 that repeats the title is the title, not a section.
      if (!titleHeadingSeen && b.level === 1 && b.text.toLowerCase() === lowerTitle) {
        titleHeadingSeen = true;
        continue;
      }
      while (stack.length && stack[stack.length - 1]!.level >= b.level) stack.pop();
      stack.push({ level: b.level, text: b.text });
      if (draft.words >= opts.minWords || !draft.parts.length) {
        pushChunk(chunks, draft);
        draft = freshDraft(stack);
      } else {
        // A small section joins the chunk before it; its heading stays searchable in the text.
        draft.headings.push(headingLabel(stack));
        draft.parts.push(b.text);
        draft.words += countWords(b.text);
      }
      continue;
    }
    const text = FENCE.test(b.text) ? b.text : plainInline(b.text);
    const w = countWords(text);
    if (w <= opts.maxWords) {
      if (draft.words > 0 && draft.words + w > opts.maxWords) {
        pushChunk(chunks, draft);
        draft = freshDraft(stack);
      }
      draft.parts.push(text);
      draft.words += w;
      continue;
    }
    for (const piece of splitLong(text, opts.targetWords)) {
      const pw = countWords(piece);
      if (draft.words > 0 && draft.words + pw > opts.maxWords) {
        pushChunk(chunks, draft);
        draft = freshDraft(stack);
      }
      draft.parts.push(piece);
      draft.words += pw;
    }
  }
  if (chunks.length <= last) pushChunk(chunks, draft);
  if (!chunks.length) chunks.push({ ordinal: 0, headingPath: [], headings: '', text: '', words: 0 });
  // One long block can end several chunks (splitLong): those past `last` are not returned.
  return chunks.length > last + 1 ? chunks.slice(0, last + 1) : chunks;
}

function headingLabel(stack: Array<{ text: string }>): string {
  return stack.map((h) => h.text).join(' > ');
}

function freshDraft(stack: Array<{ text: string }>): Draft {
  return { path: stack.map((h) => h.text), headings: stack.length ? [headingLabel(stack)] : [], parts: [], words: 0 };
}

function pushChunk(chunks: Chunk[], draft: Draft): void {
  if (draft.parts.length) {
    chunks.push({ ordinal: chunks.length, headingPath: draft.path, headings: draft.headings.join(' / '), text: draft.parts.join('\n\n'), words: draft.words });
  }
}

/** Searchable text of frontmatter: string, number and list values (aliases, tags, emails...). */
export function frontmatterText(frontmatter: Record<string, unknown>): string {
  const out: string[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 3 || v == null) return;
    if (typeof v === 'string' || typeof v === 'number') out.push(String(v));
    else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (typeof v === 'object') for (const x of Object.values(v as Record<string, unknown>)) walk(x, depth + 1);
  };
  for (const [k, v] of Object.entries(frontmatter)) if (k !== 'title' && k !== 'summary') walk(v, 0);
  return out.join(' ');
}

/** What an embedding model reads for a chunk: title, heading path, then the text. */
export function embeddingInput(title: string, chunk: Pick<Chunk, 'headings' | 'text'>): string {
  return [title, chunk.headings, chunk.text].filter((s) => s.trim()).join('\n');
}
