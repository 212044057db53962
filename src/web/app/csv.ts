// CSV for the partition import form: RFC 4180 quoting, first row is the header. Lists inside a
// cell (domains, aliases) are separated by `;` or `|`.
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      if (row.some((c) => c.trim() !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  row.push(cell);
  if (row.some((c) => c.trim() !== '')) rows.push(row);
  return rows;
}

export interface PartitionCsvRow {
  name: string;
  key?: string;
  domains?: string[];
  aliases?: string[];
  externalRef?: string;
}

/** Rows of `name,key,domains,aliases,externalRef` (header names in any order; only name is needed). */
export function partitionRowsFromCsv(text: string): PartitionCsvRow[] {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!header) return [];
  const cols = header.map((h) => h.trim().toLowerCase());
  const at = (name: string) => cols.indexOf(name.toLowerCase());
  const list = (s: string | undefined) => (s ?? '').split(/[;|]/).map((x) => x.trim()).filter(Boolean);
  const iName = at('name');
  if (iName < 0) throw new Error('The first row must name the columns and include “name”.');
  return rows.map((r) => {
    const out: PartitionCsvRow = { name: (r[iName] ?? '').trim() };
    const key = r[at('key')]?.trim();
    if (at('key') >= 0 && key) out.key = key;
    if (at('domains') >= 0) out.domains = list(r[at('domains')]);
    if (at('aliases') >= 0) out.aliases = list(r[at('aliases')]);
    const ext = r[at('externalRef')]?.trim();
    if (at('externalRef') >= 0 && ext) out.externalRef = ext;
    return out;
  });
}
