// Pure: turn what a person typed into safe FTS5 expressions. Every term is emitted as an FTS5
// string ("..."), so no input can break the query syntax: quotes, parentheses, AND/OR/NOT/NEAR,
// colons and carets are all just text. An FTS5 string is a phrase, which is what makes
// identifiers and emails match whole: `ada@example.com` must match ada, example, com in a row.
// Supported: "quoted phrases", trailing * for a prefix (`analy*`), everything else a word.

export interface QueryTerm {
  /** The text as typed (without quotes or *). */
  text: string;
  phrase: boolean;
  prefix: boolean;
  /** Other spellings that count as this term (the nearest indexed spelling of a typo). */
  alternatives?: string[];
}

export interface ParsedQuery {
  terms: QueryTerm[];
  /** Plain words of the whole query in order (for names of pages inside a query, embeddings). */
  words: string[];
}

const WORDISH = /[\p{L}\p{N}]/u;

export function parseQuery(input: string): ParsedQuery {
  const terms: QueryTerm[] = [];
  const src = input.normalize('NFC');
  const re = /"([^"]*)"?|(\S+)/g;
  for (const m of src.matchAll(re)) {
    if (m[1] !== undefined) {
      const text = m[1].trim();
      if (WORDISH.test(text)) terms.push({ text, phrase: true, prefix: false });
      continue;
    }
    let raw = m[2]!;
    const prefix = /[\p{L}\p{N}]\*+$/u.test(raw);
    raw = raw.replace(/\*+$/, '');
    // Punctuation around a word is not part of it ("(acme)," → acme); inside it is ("a.b@c.d").
    const text = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!WORDISH.test(text)) continue;
    terms.push({ text, phrase: false, prefix });
  }
  const words = src.match(/[\p{L}\p{N}]+(?:['’\-.@_][\p{L}\p{N}]+)*/gu) ?? [];
  return { terms, words };
}

function ftsString(term: QueryTerm): string {
  const own = `"${term.text.replace(/"/g, '""')}"${term.prefix ? '*' : ''}`;
  if (!term.alternatives?.length) return own;
  return `(${[own, ...term.alternatives.map((a) => `"${a.replace(/"/g, '""')}"`)].join(' OR ')})`;
}

/** All terms must match. Null when nothing searchable was typed. */
export function allTermsExpression(q: ParsedQuery): string | null {
  // FTS5 takes no implicit AND after a parenthesised group: spelled out when a term has alternatives.
  return q.terms.length ? q.terms.map(ftsString).join(q.terms.some((t) => t.alternatives?.length) ? ' AND ' : ' ') : null;
}

/** Any term may match (for the fallback when all of them together find too little). */
export function anyTermExpression(q: ParsedQuery): string | null {
  return q.terms.length > 1 ? q.terms.map(ftsString).join(' OR ') : null;
}

const VERSION = /^v(\d+(?:\.\d+)+)$/i;

/**
 * A version written with a leading v ("v5.7.6") is also the bare number ("5.7.6"): pages write
 * both, and the tokenizer reads "v5" and "5" as different words.
 */
export function withVersionAlternatives(q: ParsedQuery): ParsedQuery {
  if (!q.terms.some((t) => VERSION.test(t.text))) return q;
  return {
    ...q,
    terms: q.terms.map((t) => {
      const m = VERSION.exec(t.text);
      return m ? { ...t, alternatives: [...(t.alternatives ?? []), m[1]!] } : t;
    }),
  };
}
