// Byte-preserving frontmatter edits: change only the lines of the keys being set.
import { parseFrontmatter } from './markdown.js';

// The YAML between the fences may be empty (`---\n---`): gray-matter reads that as frontmatter too.
const FENCE = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(\r?\n|$)/;

/** Render one YAML scalar or list safely (JSON is valid YAML flow syntax). */
export function yamlValue(value: unknown): string {
  if (typeof value === 'string') return plainScalarReadsBack(value) ? value : JSON.stringify(value);
  return JSON.stringify(value ?? null);
}

/** Whether a string can be written unquoted: it looks plain, and YAML reads it back as the same string (`12:30` is a number to YAML 1.1). */
function plainScalarReadsBack(value: string): boolean {
  const looksPlain =
    /^[\w .,@/:+-]*$/.test(value) && value.trim() === value && value !== '' && !/^[-?:,\[\]{}#&*!|>'"%@`]/.test(value) && !/^(true|false|null|yes|no|~|[\d.+-]+)$/i.test(value) && !value.includes(': ');
  return looksPlain && parseFrontmatter(`---\nk: ${value}\n---\n`).data.k === value;
}

/**
 * Set (or, with `undefined`, remove) top-level frontmatter keys. Lines of other keys, the body
 * and the file's line endings stay exactly as they were; a file without frontmatter gets one.
 */
export function setFrontmatterKeys(markdown: string, values: Record<string, unknown>): string {
  const m = FENCE.exec(markdown);
  if (!m) {
    const lines = Object.entries(values)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}: ${yamlValue(v)}`);
    return lines.length ? `---\n${lines.join('\n')}\n---\n${markdown}` : markdown;
  }
  const eol = m[0].includes('\r\n') ? '\r\n' : '\n';
  const yamlLines = m[1] ? m[1].split(/\r?\n/) : [];
  // Group lines into top-level entries: a key line plus its indented or list continuation lines.
  const entries: Array<{ key: string | null; lines: string[] }> = [];
  for (const line of yamlLines) {
    const key = /^([A-Za-z0-9_][\w-]*)\s*:/.exec(line)?.[1] ?? null;
    if (key || entries.length === 0) entries.push({ key, lines: [line] });
    else entries[entries.length - 1]!.lines.push(line);
  }
  const remaining = new Map(Object.entries(values));
  const out: string[] = [];
  for (const e of entries) {
    if (e.key && remaining.has(e.key)) {
      const v = remaining.get(e.key);
      remaining.delete(e.key);
      if (v !== undefined) out.push(`${e.key}: ${yamlValue(v)}`);
      continue;
    }
    out.push(...e.lines);
  }
  for (const [k, v] of remaining) if (v !== undefined) out.push(`${k}: ${yamlValue(v)}`);
  const rebuilt = `---${eol}${out.filter((l, i) => !(l === '' && i === 0 && out.length === 1)).join(eol)}${eol}---${m[2] || ''}`;
  const result = rebuilt + markdown.slice(m[0].length);
  parseFrontmatter(result); // throws nothing: broken YAML degrades to body text, never to a crash
  return result;
}

export interface PageFileParts {
  /** The frontmatter block exactly as written, with its line break; '' when the file has none. */
  block: string;
  frontmatter: Record<string, unknown>;
  /** Everything after the block: the page's body, byte for byte. */
  body: string;
}

/** Split a page file the way the index reads it: the body is what follows a frontmatter block that parses. */
export function splitPageFile(file: string): PageFileParts {
  const { data, content } = parseFrontmatter(file);
  return { block: file.slice(0, file.length - content.length), frontmatter: data, body: content };
}

/** A frontmatter block for these keys ('' for none), one `key: value` line each. */
export function renderFrontmatter(values: Record<string, unknown>): string {
  const lines = Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${yamlValue(v)}`);
  return lines.length ? `---\n${lines.join('\n')}\n---\n` : '';
}

/**
 * A block setFrontmatterKeys edits in place with the same body after it: none, or a `---` fence
 * (no language line) closed by a `---` line of its own.
 */
function isPlainBlock(block: string): boolean {
  return block === '' || (block.endsWith('\n') && FENCE.exec(block)?.[0] === block);
}

/** Set keys on a file's frontmatter: line by line in a plain `---` block, else by writing the block anew. */
function withKeys(file: string, values: Record<string, unknown>): string {
  if (!Object.keys(values).length) return file;
  const parts = splitPageFile(file);
  // No block (a leading `---` that does not parse is body text): a new block goes in front.
  if (parts.block === '') return renderFrontmatter(values) + file;
  if (isPlainBlock(parts.block)) return setFrontmatterKeys(file, values);
  // A block with a language line (`---yaml`, `---json`) or without a closing fence: write it as plain YAML.
  return renderFrontmatter({ ...parts.frontmatter, ...values }) + parts.body;
}

export interface PageWrite {
  markdown: string;
  frontmatter?: Record<string, unknown>;
  summary?: string | null;
}

/**
 * The file a page write stores (CONTRACT "Page body"). `markdown` is the body; a leading
 * frontmatter block in it is parsed into the frontmatter. `frontmatter` (an object) gives the keys;
 * with both, the object's keys win. With neither, the page keeps the frontmatter it has (its block
 * byte for byte). A `summary` is then set among the keys. The reply's body is `markdown` as written.
 */
export function composePageFile(input: PageWrite, currentFile: string | null): string {
  const given = splitPageFile(input.markdown);
  let file: string;
  if (input.frontmatter !== undefined) {
    file = given.block ? withKeys(input.markdown, input.frontmatter) : renderFrontmatter(input.frontmatter) + given.body;
  } else if (given.block || currentFile == null) {
    file = input.markdown;
  } else {
    const current = splitPageFile(currentFile);
    file = (isPlainBlock(current.block) ? current.block : renderFrontmatter(current.frontmatter)) + given.body;
  }
  if (input.summary != null) file = withKeys(file, { summary: input.summary });
  return file;
}
