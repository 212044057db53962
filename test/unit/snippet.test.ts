// The snippet is computed in JS from the chunk text; FTS5's own snippet() is the reference. On
// generated texts and queries both must produce the same string, for the table as written and
// for the porter table.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { snippet } from '../../src/domain/snippet.js';
import { allTermsExpression, anyTermExpression, parseQuery } from '../../src/domain/searchQuery.js';

const WORDS = ['budget', 'budgets', 'payment', 'payments', 'paying', 'Café', 'cafe', 'naïve', 'server', 'servers', 'run', 'running', 'ran', 'the', 'a', 'of', 'ÉCOLE', 'ecole', 'x2', '2026', 'Ada', 'ada@example.com', "don't", 'e-mail', '日本語', '😀', 'Straße', 'İstanbul', 'ﬁle'];
const SEPARATORS = [' ', ' ', ' ', ', ', '. ', ': ', '\n', '.\n\n', ' - ', ' (', ') '];

function fts(stem: boolean) {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(body, tokenize = '${stem ? 'porter ' : ''}unicode61 remove_diacritics 2')`);
  const insert = db.prepare('INSERT INTO t (rowid, body) VALUES (1, ?)');
  const clear = db.prepare('DELETE FROM t');
  const query = db.prepare("SELECT snippet(t, 0, '**', '**', '…', 24) AS s FROM t WHERE t MATCH ?");
  return (body: string, match: string): string | null => {
    clear.run();
    insert.run(body);
    return (query.get(match) as { s: string } | undefined)?.s ?? null;
  };
}

describe('snippet (JS) agrees with FTS5 snippet()', () => {
  const exact = fts(false);
  const stemmed = fts(true);

  const text = fc
    .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 80 })
    .map((parts) => parts.map(([w, s]) => w + s).join(''));
  const query = fc
    .array(fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom('budg*', 'pay*', '"payment of"', '"the budget"', 'caf*')), { minLength: 1, maxLength: 3 })
    .map((ws) => ws.join(' '));

  for (const [name, run, stem] of [
    ['as written', exact, false],
    ['porter', stemmed, true],
  ] as const) {
    it(`matches FTS5 on generated texts (${name})`, () => {
      fc.assert(
        fc.property(text, query, fc.boolean(), (body, q, any) => {
          const parsed = parseQuery(q);
          const expr = (any ? anyTermExpression(parsed) : null) ?? allTermsExpression(parsed);
          if (!expr) return;
          const expected = run(body, expr);
          const actual = snippet(body, parsed.terms, { stem });
          if (expected === null) return; // FTS5 found no match (an AND of words not all present)
          assert.equal(actual, expected, `query ${expr} on ${JSON.stringify(body)}`);
        }),
        { numRuns: 400 },
      );
    });
  }

  it('returns null when no term occurs', () => {
    assert.equal(snippet('nothing to see here', parseQuery('budget').terms, { stem: true }), null);
  });

  it('bolds a phrase as one run and folds case and diacritics', () => {
    assert.equal(snippet('We paid the CAFÉ budget today.', parseQuery('"cafe budget"').terms, { stem: false }), 'We paid the **CAFÉ budget** today.');
  });

  it('cuts a long text around the densest window with ellipses', () => {
    const body = `${'filler '.repeat(40)}the budget review. ${'filler '.repeat(40)}`.trim();
    const s = snippet(body, parseQuery('budget').terms, { stem: false })!;
    assert.match(s, /^….*\*\*budget\*\*.*…$/);
    assert.equal(s.split(/\s+/).length, 24);
  });
});
