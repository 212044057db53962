// The snippet is computed in JS from the chunk text; FTS5's own snippet() is the reference. On
// generated texts and queries both must produce the same string, for the table as written and
// for the porter table.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { forgetTokenized, snippet, tokenizedKept } from '../../src/domain/snippet.js';
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

  // Token boundaries are scanned into scratch arrays that grow past 1,024 tokens and 256
  // sentences: a text longer than both, with its match near the end, gives FTS5's snippet.
  it('matches FTS5 on a text of more tokens and sentences than the scratch arrays first hold', () => {
    const body = `${Array.from({ length: 700 }, (_, i) => `Word${i} naïve ${i}.`).join(' ')} the budget of Café ${'x '.repeat(300)}`;
    for (const [run, stem] of [
      [exact, false],
      [stemmed, true],
    ] as const) {
      forgetTokenized();
      const expected = run(body, allTermsExpression(parseQuery('budget cafe'))!);
      assert.ok(expected?.includes('**budget**'));
      assert.equal(snippet(body, parseQuery('budget cafe').terms, { stem }), expected);
    }
  });

  // Texts of 200 characters or more are tokenized once and kept (keyed by the text), with the
  // folded forms earlier queries asked for: the same text asked by one query after another, as
  // written and stemmed, must give what it gives from fresh tokens.
  it('gives the same snippet from a kept text as from fresh tokens, whatever was asked before', () => {
    const long = fc
      .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { minLength: 40, maxLength: 120 })
      .map((parts) => parts.map(([w, s]) => w + s).join(''))
      .filter((t) => t.length >= 200);
    fc.assert(
      fc.property(long, fc.array(fc.tuple(query, fc.boolean()), { minLength: 2, maxLength: 6 }), (body, asks) => {
        forgetTokenized();
        const kept = asks.map(([q, stem]) => snippet(body, parseQuery(q).terms, { stem }));
        assert.ok(tokenizedKept().texts === 1, 'the text was kept');
        asks.forEach(([q, stem], i) => {
          forgetTokenized();
          assert.equal(kept[i], snippet(body, parseQuery(q).terms, { stem }), `query ${q} (${stem ? 'porter' : 'as written'}) on ${JSON.stringify(body)}`);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('keeps tokenized texts within its bound, and a changed text is tokenized as it is now', () => {
    const base = 'The budget review of the payments. '.repeat(10);
    assert.equal(snippet(`${base}Later the cafe.`, parseQuery('cafe').terms, { stem: false }), exact(`${base}Later the cafe.`, '"cafe"'));
    // The same page written again with other words: its new text is what the snippet reads.
    assert.equal(snippet(`${base}Later the server.`, parseQuery('cafe').terms, { stem: false }), null);
    assert.match(snippet(`${base}Later the server.`, parseQuery('server').terms, { stem: false })!, /Later the \*\*server\*\*\.$/);
    for (let i = 0; i < 3000; i++) snippet(`${'payment '.repeat(120)}${i}`, parseQuery('payment').terms, { stem: false });
    const kept = tokenizedKept();
    assert.ok(kept.chars <= 2_000_000 && kept.chars > 1_000_000, `${kept.chars} characters kept`);
  });

  it("reads a query word as written or by its stem as asked, whichever was asked of it before", () => {
    forgetTokenized();
    const terms = parseQuery('running').terms;
    // As written, "running" is not in the text; by stem ("run") it is.
    assert.equal(snippet('She runs every day.', terms, { stem: false }), null);
    assert.equal(snippet('She runs every day.', terms, { stem: true }), 'She **runs** every day.');
    assert.equal(snippet('She runs every day.', terms, { stem: false }), null);
    assert.equal(snippet('Running late.', terms, { stem: false }), '**Running** late.');
  });

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

// The tokenizer learns, per character of the Basic Multilingual Plane, whether it is a word
// character (instead of asking the regex again for each one): the answers must be the regex's,
// the first time a character is met and every time after.
describe('snippet word characters beyond ASCII', () => {
  const WORD = /^[\p{L}\p{N}\p{M}\p{Co}]$/u;
  it('splits tokens where the regex says, every time', () => {
    for (let round = 0; round < 2; round++) {
      for (let c = 0x80; c < 0x10000; c += round === 0 ? 1 : 3) {
        const ch = String.fromCharCode(c);
        if (c >= 0xd800 && c <= 0xdfff) continue;
        // "qx<c>zq": with a word character one token (no "qx" in it); else "qx" stands alone.
        const found = snippet(`qx${ch}zq`, [{ text: 'qx', prefix: false } as never], { stem: false }) !== null;
        assert.equal(found, !WORD.test(ch), `U+${c.toString(16)}`);
      }
    }
  });

  it('asks the regex about lone surrogates and astral characters as before (the code point, or the one unit left)', () => {
    // After "qx" the tokenizer reads one character: a high surrogate with a unit after it as two
    // units (a pair, or not), anything else as one. Its answer is the regex's for that slice.
    const cases: Array<[string, string]> = [
      ['qx\ud800', '\ud800'], // a lone high surrogate ending the text
      ['qx\udc00zq', '\udc00'], // a lone low surrogate
      ['qx\ud800zq', '\ud800z'], // a high surrogate before a letter: two units, no code point
      ['qx\u{1d400}zq', '\u{1d400}'], // MATHEMATICAL BOLD CAPITAL A: a letter
      ['qx\u{1f600}zq', '\u{1f600}'], // an emoji: no word character
    ];
    for (let round = 0; round < 2; round++) {
      for (const [text, read] of cases) {
        const found = snippet(text, [{ text: 'qx', prefix: false } as never], { stem: false }) !== null;
        assert.equal(found, !WORD.test(read), JSON.stringify(text));
      }
    }
    // And the answers are the expected ones, so the comparison above is not vacuous.
    assert.deepEqual(cases.map(([, read]) => WORD.test(read)), [false, false, false, true, false]);
  });
});
