// The FTS5 expressions search writes, in PostgreSQL's terms (src/storage/postgres/ftsQuery.ts): what
// searchIndexRepo sends PostgreSQL for the word tables and the CJK table.
import assert from 'node:assert/strict';
import { cjkMatchSql, parseFtsExpression, pgWordText, tsquerySql } from '../../src/storage/postgres/ftsQuery.js';
import { allTermsExpression, anyTermExpression, parseQuery, withVersionAlternatives } from '../../src/domain/searchQuery.js';
import { cjkAnyExpression, cjkExpression } from '../../src/domain/scriptFolding.js';

describe('FTS5 expressions on PostgreSQL', () => {
  it('splits text into the words unicode61 reads: folded, lower case, no diacritics, punctuation between', () => {
    assert.equal(pgWordText('Crème Brûlée'), 'creme brulee');
    assert.equal(pgWordText('ada@example.com v5.7.6 foo-bar_baz'), 'ada example com v5 7 6 foo bar baz');
    assert.equal(pgWordText('Ёлка Αθηνάς'), 'елка αθηνας');
    assert.equal(pgWordText('東京都の会議'), '東京都の会議');
    assert.equal(pgWordText('!!!'), '');
    // What unicode61 (remove_diacritics 2) reads in the same text, and all PostgreSQL is given: no
    // unaccent after it (it would fold ærø to aero, ß to ss, ł to l and drop the modifier letters).
    assert.equal(pgWordText('İstanbul Ærø Straße Łódź ﬁsh Øre ʼokina aː ǆ'), 'istanbul ærø straße łodz ﬁsh øre ʼokina aː ǆ');
    // Only Latin letters lose their marks; elsewhere a mark separates words, as in unicode61.
    assert.equal(pgWordText('नमस्ते'), 'नमस त');
    assert.equal(pgWordText('東京都で'), '東京都で');
    assert.equal(pgWordText('Київ'), 'київ');
  });

  it('reads what search writes: phrases, prefixes, AND, OR, juxtaposition and groups', () => {
    assert.deepEqual(parseFtsExpression('"a b" "c"*'), { kind: 'and', items: [{ kind: 'str', text: 'a b', prefix: false }, { kind: 'str', text: 'c', prefix: true }] });
    assert.deepEqual(parseFtsExpression('("x" OR "y") AND "z"'), {
      kind: 'and',
      items: [{ kind: 'or', items: [{ kind: 'str', text: 'x', prefix: false }, { kind: 'str', text: 'y', prefix: false }] }, { kind: 'str', text: 'z', prefix: false }],
    });
    assert.deepEqual(parseFtsExpression('"say ""hi"""'), { kind: 'str', text: 'say "hi"', prefix: false });
    assert.throws(() => parseFtsExpression('"a" NOT "b"'), /unsupported/);
    assert.throws(() => parseFtsExpression('("a"'), /unbalanced/);
    // Every expression search builds parses.
    const q = withVersionAlternatives(parseQuery('"exact phrase" analy* v5.7.6 café'));
    for (const e of [allTermsExpression(q), anyTermExpression(q), cjkExpression(['東京都', '東']), cjkAnyExpression(['北斗精機'])]) assert.ok(parseFtsExpression(e!));
  });

  it('builds a tsquery from parameters: phrases, a prefix as the last word, && and ||', () => {
    const params: Record<string, unknown> = {};
    const sql = tsquerySql('("ada@example.com" OR "x") "analy"*', 'simple', params);
    assert.equal(
      sql,
      "((phraseto_tsquery('simple', CAST(@q0 AS text)) || phraseto_tsquery('simple', CAST(@q1 AS text))) && to_tsquery('simple', quote_literal(CAST(@q2 AS text)) || ':*'))",
    );
    assert.deepEqual(params, { q0: 'ada example com', q1: 'x', q2: 'analy' });
    const p2: Record<string, unknown> = {};
    assert.match(tsquerySql('"big data"*', 'brainkeep_stem', p2)!, /^tsquery_phrase\(phraseto_tsquery\('brainkeep_stem', .*@q0.*\), to_tsquery\('brainkeep_stem', .*@q1/);
    assert.deepEqual(p2, { q0: 'big', q1: 'data' });
    // A string with no word: an AND holding it matches nothing; an OR drops it.
    assert.equal(tsquerySql('"!!!" "a"', 'simple', {}), null);
    assert.match(tsquerySql('"!!!" OR "a"', 'simple', {})!, /^phraseto_tsquery/);
  });

  it('turns CJK bigram phrases back into their runs, matched as substrings and ranked by column', () => {
    const params: Record<string, unknown> = {};
    const m = cjkMatchSql(cjkExpression(['東京都', '東'])!, 'c.cjk', params)!;
    assert.equal(m.where, '(c.cjk LIKE @k0 AND c.cjk LIKE @k1)');
    assert.deepEqual(params, { k0: '%東京都%', k1: '%東%' });
    assert.match(m.rank, /split_part\(c\.cjk, chr\(10\), 1\) LIKE @k0 THEN 10 /);
    const any: Record<string, unknown> = {};
    assert.equal(cjkMatchSql(cjkAnyExpression(['北斗精機'])!, 'c.cjk', any)!.where, '(c.cjk LIKE @k0 OR c.cjk LIKE @k1 OR c.cjk LIKE @k2)');
    assert.deepEqual(Object.values(any), ['%北斗%', '%斗精%', '%精機%']);
  });
});
