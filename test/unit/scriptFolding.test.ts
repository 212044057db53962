// The FTS5 values derivation computes (domain/scriptFolding.ts): CJK bigrams are cut in one
// table-driven pass (issue 28: import speed on realistic pages), and Greek and Cyrillic folded a
// character at a time where no normalisation can join characters. The answers must be the
// reference forms' (run by run; NFD, mark removal, NFC) on any input.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { cjkBigrams, cjkBigramsByRuns, foldScripts, foldScriptsByNormalizing, ftsColumns, hasCjk, hasLongMarkRun } from '../../src/domain/scriptFolding.js';

/** Every BMP code unit (lone surrogates included) and a few astral characters (Han extension B, emoji, Greek musical notation). */
function everyChar(): string[] {
  const out: string[] = [];
  for (let u = 0; u < 0x10000; u++) out.push(String.fromCharCode(u));
  out.push('𠀋', '𪚲', '😀', '𝈀', '\u{1D6C2}', '\u{10140}');
  return out;
}

describe('script folding for the FTS5 tables', () => {
  it('cuts CJK runs into the same bigrams as the run-by-run form, for every character', () => {
    assert.equal(cjkBigrams('東京都の会議 and ソフトウェア'), '東京 京都 都の の会 会議 議 ソフ フト トウ ウェ ェア ア');
    assert.equal(cjkBigrams('no cjk here'), '');
    assert.equal(cjkBigrams('ーー'), ''); // the prolonged sound mark alone is no CJK text
    assert.equal(cjkBigrams('ー々'), 'ー々 々'); // 々 is a Han letter
    for (const c of everyChar()) {
      for (const s of [`東${c}京`, `${c}`, `a${c}ー`, `々${c}`, `${c}${c}`]) {
        if (cjkBigrams(s) !== cjkBigramsByRuns(s)) assert.fail(`cjkBigrams(${JSON.stringify(s)}) = ${JSON.stringify(cjkBigrams(s))}, by runs ${JSON.stringify(cjkBigramsByRuns(s))}`);
      }
    }
    const pieces = ['東', '京', 'の', 'ソ', 'ー', '々', '한', '𠀋', ' ', 'a', '。', '\ud840', '\udc0b', 'é'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 16 }), (parts) => {
        const s = parts.join('');
        assert.equal(cjkBigrams(s), cjkBigramsByRuns(s), JSON.stringify(s));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives a chunk a CJK row exactly when one of its columns has CJK letters', () => {
    assert.equal(ftsColumns(['Title', '', 'plain', '']).cjk, null);
    assert.equal(ftsColumns(['Title', 'ーー', 'plain', '']).cjk, null);
    assert.deepEqual(ftsColumns(['東京', '', 'x', '']).cjk, ['東京 京', '', '', '']);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('東', 'ー', 'a', ' ', 'ά'), { maxLength: 6 }), fc.array(fc.constantFrom('京', 'b', '々'), { maxLength: 6 }), (a, b) => {
        const cols = [a.join(''), b.join(''), '', ''];
        assert.equal(ftsColumns(cols).cjk !== null, cols.some(hasCjk));
      }),
    );
  });
  it('folds a hostile run of marks (a letter and 512,000 alternating accents) in stream-safe pieces: a joiner after every 30 marks', () => {
    // Normalising reorders a run of marks by insertion: the whole run cost minutes on a 1 MB page.
    const run = '\u0301\u0316'.repeat(256_000);
    // After a Greek letter the marks go, the run with them.
    assert.equal(foldScripts(`x ά${run} y`), 'x α y');
    assert.equal(foldScriptsByNormalizing(`x ά${run} y`), 'x α y');
    // After a Latin letter (the text folded for its Greek word) the run stays, reordered within
    // pieces of at most 30 marks.
    const folded = foldScripts(`ά a${run} y`);
    assert.equal(folded, foldScriptsByNormalizing(`ά a${run} y`));
    assert.ok(folded.startsWith('α á') && folded.endsWith(' y')); // a and its first acute composed
    const marks = folded.slice(3, -2);
    assert.equal([...marks].filter((c) => c === '\u034f').length, Math.floor((512_000 - 1) / 30));
    assert.ok(marks.split('\u034f').every((piece) => piece.length <= 30));
    // Runs of 30 marks or fewer (all real writing) are folded as before, with no joiner.
    const short = `ά${'\u0316'.repeat(30)}`;
    assert.equal(foldScripts(short).includes('\u034f'), false);
  });

  it('finds 31 marks in a row exactly where the Unicode class does: every BMP mark, astral marks, lone surrogates, runs of 29 to 32', () => {
    const LONG_MARK_RUN = /\p{M}{31}/u;
    const chars = everyChar();
    const marks = chars.filter((c) => /\p{M}/u.test(c));
    assert.ok(marks.length > 1000);
    // Every BMP mark as a run of 31 and of 30, alone and between letters.
    for (const m of marks) {
      assert.equal(hasLongMarkRun(m.repeat(31)), true, `U+${m.charCodeAt(0).toString(16)}`);
      assert.equal(hasLongMarkRun(`a${m.repeat(30)}b${m.repeat(30)}`), false, `U+${m.charCodeAt(0).toString(16)}`);
    }
    // Random texts over marks (BMP and astral), letters and surrogate halves: the same answer.
    const alphabet = [...marks.slice(0, 40), '\u0301', '\u0316', '\u{1D165}', '\u{E0100}', '\u{101FD}', 'a', 'α', 'ж', '\ud800', '\udc00', '😀', ' ', 'क', '\u093f'];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...alphabet), fc.integer({ min: 1, max: 33 })), { maxLength: 12 }), (parts) => {
        const s = parts.map(([c, k]) => c.repeat(k)).join('');
        assert.equal(hasLongMarkRun(s), LONG_MARK_RUN.test(s));
      }),
      { numRuns: 3000 },
    );
  });

  it('folds Greek and Cyrillic as NFD, mark removal and NFC of the whole text do, for every character', () => {
    assert.equal(foldScripts('Αθηνάς ἄνθρωπος ёлка Ёж café'), 'Αθηνας ανθρωπος елка Еж café');
    assert.equal(foldScripts('plain'), 'plain');
    for (const c of everyChar()) {
      for (const s of [`ά${c}`, `${c}ά`, `${c}\u0301ё`, `ё${c}${c}`, `α${c}\u0308`, `\u1100${c}ё`, `a${c}\u0301ά`, `é${c}${c}ё`]) {
        if (foldScripts(s) !== foldScriptsByNormalizing(s)) assert.fail(`foldScripts(${JSON.stringify(s)}) = ${JSON.stringify(foldScripts(s))}, normalizing ${JSON.stringify(foldScriptsByNormalizing(s))}`);
      }
    }
    // Pieces that compose, decompose or reorder across characters: decomposed accents, Hangul jamo,
    // Greek polytonic letters, singletons (Ω, Å), spacing vowel signs, lone surrogates.
    const pieces = ['ά', 'Ά', 'ΐ', 'ῷ', 'ἄ', 'ᾅ', 'α', '\u0301', '\u0308', '\u0345', '\u0344', 'ё', 'Ё', 'е', 'é', 'e', '\u2126', '\u212b', 'A', '\u1100', '\u1161', '\u11a8', '가', 'ୋ', '\u0b47', '\u0b3e', 'ك', '\u064b', 'न', '\u094d', ' ', '\n', '𝈀', '\ud800', '東', 'ϊ', '\u0374', '\u037e', '\u0387'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 16 }), (parts) => {
        const s = parts.join('');
        assert.equal(foldScripts(s), foldScriptsByNormalizing(s), JSON.stringify(s));
      }),
      { numRuns: 5000 },
    );
  });
});
