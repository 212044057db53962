// SQL written for both backends uses SQLite's parameter forms: `?` (positional) and `@name`
// (named, bound from one object). Postgres numbers its parameters: `$1`, `$2`... This rewrites the
// one into the other, outside string literals, quoted identifiers and comments, once per text.

export interface PgText {
  text: string;
  /** For `@name` parameters: the name bound to each `$n`, in order; null for positional `?`. */
  names: string[] | null;
}

export function toPgText(sql: string): PgText {
  let out = '';
  let n = 0;
  const names: string[] = [];
  let named = false;
  let positional = false;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if ((c === 'E' || c === 'e') && sql[i + 1] === "'" && !/[A-Za-z0-9_$]/.test(sql[i - 1] ?? '')) {
      // backslash escapes (\') would end the literal early as read here
      throw new Error("SQL for both backends cannot use E'...' literals (backslash escapes): use a standard '...' literal or a parameter");
    } else if (c === '$' && sql[i + 1] === '$') {
      throw new Error('SQL for both backends cannot use $$-quoted bodies: their text would be rewritten as parameters');
    } else if (c === "'" || c === '"') {
      const end = closing(sql, i, c);
      out += sql.slice(i, end);
      i = end - 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end < 0 ? sql.length : end + 2;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '?') {
      if (/[0-9]/.test(sql[i + 1] ?? '')) throw new Error('SQL for both backends cannot use numbered ?NNN parameters: use ? or @name');
      positional = true;
      out += `$${++n}`;
    } else if (c === '@' && sql[i - 1] !== '@' && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      named = true;
      let j = i + 1;
      while (j < sql.length && /[A-Za-z0-9_]/.test(sql[j]!)) j++;
      const name = sql.slice(i + 1, j);
      let k = names.indexOf(name);
      if (k < 0) k = names.push(name) - 1;
      out += `$${k + 1}`;
      i = j - 1;
    } else {
      out += c;
    }
  }
  if (named && positional) throw new Error('SQL mixes ? and @name parameters');
  return { text: out, names: named ? names : null };
}

/** The index just past the literal or identifier opened by `q` at `start` (a doubled quote escapes it). */
function closing(sql: string, start: number, q: string): number {
  let i = start + 1;
  for (;;) {
    const k = sql.indexOf(q, i);
    if (k < 0) return sql.length;
    if (sql[k + 1] === q) i = k + 2;
    else return k + 1;
  }
}

/** The values bound to a statement, in `$n` order, from better-sqlite3-style arguments. */
export function bindValues(t: PgText, args: unknown[]): unknown[] {
  if (!t.names) return args.map(toPgValue);
  const obj = (args[0] ?? {}) as Record<string, unknown>;
  return t.names.map((name) => {
    if (!(name in obj)) throw new RangeError(`Missing named parameter "${name}"`);
    return toPgValue(obj[name]);
  });
}

function toPgValue(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'bigint') return v.toString();
  return v;
}
