// Byte-preserving frontmatter edits: change only the lines of the keys being set.
import { parseFrontmatter } from './markdown.js';

// The YAML between the fences may be empty (`---\n---`): gray-matter reads that as frontmatter too.
const FENCE = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(\r?\n|$)/;

/** Render one YAML scalar or list safely (JSON is valid YAML flow syntax). */
export function yamlValue(value: unknown): string {
  if (typeof value === 'string') return /^[\w .,@/:+-]*$/.test(value) && value.trim() === value && value !== '' && !/^[-?:,\[\]{}#&*!|>'"%@`]/.test(value) && !/^(true|false|null|yes|no|~|[\d.+-]+)$/i.test(value) && !value.includes(': ') ? value : JSON.stringify(value);
  return JSON.stringify(value ?? null);
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
