// The FTS5 expressions search builds (domain/searchQuery, domain/scriptFolding: quoted strings, a
// trailing * for a prefix, AND, OR, juxtaposition as AND, parentheses) in PostgreSQL's terms, for
// searchIndexRepo on PostgreSQL (docs/postgres.md, "Search on PostgreSQL"):
// - the word tables' expressions become a tsquery built in SQL from parameters: each string the
//   phrase of its words (phraseto_tsquery of pgWordText's words: no unaccent, which folds more
//   than unicode61 does), a prefix string's last word `:*`, AND as `&&`, OR as `||`;
// - the CJK table's expressions (phrases of bigrams, a single character as a prefix) become
//   substring tests of a chunk's CJK runs (`cjk LIKE '%東京都%'`, through the pg_trgm index), and a
//   rank counting the strings each column holds, weighted as the word columns are.
import { foldScripts } from '../../domain/scriptFolding.js';

/** A Latin letter with marks, precomposed or combined (unicode61's remove_diacritics folds Latin letters only). */
const LATIN_MARKED = /\p{Script=Latin}\p{M}+|[\u00c0-\u024f\u1e00-\u1eff]/gu;
/** unicode61's token characters (its default categories L*, N*, Co): anything else separates words. */
const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;

/**
 * A text as the words FTS5's unicode61 tokenizer (remove_diacritics 2) reads in it, joined by
 * spaces: what PostgreSQL's parser is given, so it finds the same words (not an e-mail address or
 * a host name as one token). Scripts folded as the FTS5 tables get them (foldScripts: Greek
 * accents, ё), lower case in every script, diacritics taken off Latin letters only (a Devanagari
 * vowel sign or a kana's voicing mark is not a diacritic there: it separates words, as in FTS5).
 */
export function pgWordText(s: string): string {
  if (!s) return '';
  const lower = foldScripts(s.normalize('NFC')).toLowerCase();
  // ASCII text (most of it) has nothing to fold.
  const folded = /[^\x00-\x7f]/.test(lower) ? lower.replace(LATIN_MARKED, (m) => m.normalize('NFD').replace(/\p{M}+/gu, '')).normalize('NFC') : lower;
  return (folded.match(TOKEN) ?? []).join(' ');
}

type FtsNode = { kind: 'str'; text: string; prefix: boolean } | { kind: 'and' | 'or'; items: FtsNode[] };

/** Parse the FTS5 subset search writes. Throws on anything else (a caller's mistake, never user input). */
export function parseFtsExpression(expr: string): FtsNode | null {
  const tokens: Array<{ t: 'str'; text: string; prefix: boolean } | { t: 'and' | 'or' | '(' | ')' }> = [];
  for (let i = 0; i < expr.length; ) {
    const c = expr[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"') {
      let text = '';
      for (i++; i < expr.length; i++) {
        if (expr[i] === '"') {
          if (expr[i + 1] === '"') {
            text += '"';
            i++;
          } else break;
        } else text += expr[i];
      }
      i++;
      const prefix = expr[i] === '*';
      if (prefix) i++;
      tokens.push({ t: 'str', text, prefix });
    } else if (c === '(' || c === ')') {
      tokens.push({ t: c });
      i++;
    } else {
      const m = /^[^\s"()]+/.exec(expr.slice(i))![0];
      i += m.length;
      if (m === 'AND') tokens.push({ t: 'and' });
      else if (m === 'OR') tokens.push({ t: 'or' });
      else if (m === 'NOT' || m === 'NEAR') throw new Error(`unsupported FTS5 operator ${m}`);
      else tokens.push({ t: 'str', text: m.replace(/\*$/, ''), prefix: m.endsWith('*') });
    }
  }
  let at = 0;
  const orExpr = (): FtsNode | null => {
    const items = [andExpr()];
    while (tokens[at]?.t === 'or') {
      at++;
      items.push(andExpr());
    }
    const kept = items.filter((x): x is FtsNode => x != null);
    return kept.length === 0 ? null : kept.length === 1 ? kept[0]! : { kind: 'or', items: kept };
  };
  const andExpr = (): FtsNode | null => {
    const items: Array<FtsNode | null> = [];
    for (;;) {
      const tok = tokens[at];
      if (!tok || tok.t === 'or' || tok.t === ')') break;
      if (tok.t === 'and') {
        at++;
        continue;
      }
      if (tok.t === '(') {
        at++;
        items.push(orExpr());
        if (tokens[at]?.t !== ')') throw new Error('unbalanced parentheses in FTS5 expression');
        at++;
      } else if (tok.t === 'str') {
        at++;
        items.push({ kind: 'str', text: tok.text, prefix: tok.prefix });
      } else throw new Error('unexpected token in FTS5 expression');
    }
    const kept = items.filter((x): x is FtsNode => x != null);
    return kept.length === 0 ? null : kept.length === 1 ? kept[0]! : { kind: 'and', items: kept };
  };
  const node = orExpr();
  if (at < tokens.length) throw new Error('unexpected token in FTS5 expression');
  return node;
}

/** A tsquery in SQL for an FTS5 expression, its parameters added to `params` (named `q0`, `q1`, …); null when it holds no word. */
export function tsquerySql(expr: string, config: 'simple' | 'brainkeep_stem', params: Record<string, unknown>): string | null {
  const node = parseFtsExpression(expr);
  let n = 0;
  const param = (value: string) => {
    const name = `q${n++}`;
    params[name] = value;
    return `CAST(@${name} AS text)`;
  };
  const walk = (x: FtsNode): string | null => {
    if (x.kind === 'str') {
      const words = pgWordText(x.text).split(' ').filter(Boolean);
      if (!words.length) return null;
      if (!x.prefix) return `phraseto_tsquery('${config}', ${param(words.join(' '))})`;
      const head = words.length > 1 ? `phraseto_tsquery('${config}', ${param(words.slice(0, -1).join(' '))})` : null;
      const last = `to_tsquery('${config}', quote_literal(${param(words[words.length - 1]!)}) || ':*')`;
      return head ? `tsquery_phrase(${head}, ${last})` : last;
    }
    const parts = x.items.map(walk).filter((p): p is string => p != null);
    if (!parts.length) return null;
    // Any word missing from an AND makes it match nothing, as FTS5's phrase of no token does not.
    if (x.kind === 'and' && parts.length < x.items.length) return null;
    return parts.length === 1 ? parts[0]! : `(${parts.join(x.kind === 'and' ? ' && ' : ' || ')})`;
  };
  return node ? walk(node) : null;
}

/** Column weights of a chunk's text, FTS5's bm25 weights: title, heading, body, frontmatter. */
export const PG_WEIGHTS = { title: 10, heading: 4, body: 1, meta: 3 } as const;
/**
 * ts_rank_cd takes weights of at most 1: they are given divided by this, and its rank multiplied
 * back by it, so a column weighs what it weighs in bm25.
 */
export const TS_RANK_SCALE = 10;
/** ts_rank_cd's weights array, in its order {D, C, B, A}: body D, frontmatter C, heading B, title A. */
export const TS_RANK_WEIGHTS = `{${[PG_WEIGHTS.body, PG_WEIGHTS.meta, PG_WEIGHTS.heading, PG_WEIGHTS.title].map((w) => w / TS_RANK_SCALE).join(', ')}}`;

/**
 * The CJK expression as a test of a chunk's `cjk` lines (title, heading, body, frontmatter) and a
 * rank: how many of its strings each column holds, weighted by column. Null when it holds nothing.
 */
export function cjkMatchSql(expr: string, column: string, params: Record<string, unknown>): { where: string; rank: string } | null {
  const node = parseFtsExpression(expr);
  let n = 0;
  const ranks: string[] = [];
  const lines: Array<[number, number]> = [
    [1, PG_WEIGHTS.title],
    [2, PG_WEIGHTS.heading],
    [3, PG_WEIGHTS.body],
    [4, PG_WEIGHTS.meta],
  ];
  const walk = (x: FtsNode): string | null => {
    if (x.kind === 'str') {
      // A phrase of bigrams is the run they overlap into; a single character (a prefix) is itself.
      const grams = x.text.split(/\s+/).filter(Boolean);
      if (!grams.length) return null;
      const run = grams[0]! + grams.slice(1).map((g) => [...g].slice(1).join('')).join('');
      const name = `k${n++}`;
      params[name] = `%${run.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      ranks.push(lines.map(([line, w]) => `CASE WHEN split_part(${column}, chr(10), ${line}) LIKE @${name} THEN ${w} ELSE 0 END`).join(' + '));
      return `${column} LIKE @${name}`;
    }
    const parts = x.items.map(walk).filter((p): p is string => p != null);
    if (!parts.length) return null;
    if (x.kind === 'and' && parts.length < x.items.length) return null;
    return parts.length === 1 ? parts[0]! : `(${parts.join(x.kind === 'and' ? ' AND ' : ' OR ')})`;
  };
  const where = node ? walk(node) : null;
  return where ? { where, rank: `(${ranks.join(' + ')})` } : null;
}

/** A chunk's `cjk` value: its columns' CJK runs, one line per column; null when none has any. */
export function cjkLines(cols: readonly string[], runsOf: (s: string) => string[]): string | null {
  const lines = cols.map((c) => runsOf(c).join(' '));
  return lines.some((l) => l) ? lines.join('\n') : null;
}
