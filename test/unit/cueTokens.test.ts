// The cue tokenizer (relations.ts cueTokens) is a hand-written scanner of what one Unicode-property
// pattern used to match: it must cut every text, in every script, exactly as that pattern does.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { cueTokens, labelKey } from '../../src/domain/relations/relations.js';

const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’\-]*|[,&]|[.;!?()[\]{}|—–"“”]/gu;
const BOUNDARY = new Set('.;!?()[]{}|—–"“”');

/** The pattern's tokens, post-processed as cueTokens does. */
function reference(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(TOKEN)) {
    const t = m[0];
    if (t.length === 1 && BOUNDARY.has(t)) out.push('|');
    else if (t === ',' || t === '&') out.push(t);
    else {
      const w = t.includes('’') ? t.replace(/’/g, "'") : t;
      out.push(w.endsWith("'s") ? w.slice(0, -2) : w);
    }
  }
  return out;
}

describe('cueTokens', () => {
  it('cuts words, glue and boundaries as the pattern did, in many scripts', () => {
    const samples = [
      "Ada's team joined [[Acme]], then invested in [[B]] & [[C]] — (CTO) didn’t attend.",
      'Αθηνάς ΣΟΦΊΑ και [[Κόσμος]]; Москва-сити: ёлка! القاهرة «اجتماع» تهران',
      '東京会議 プロジェクト、서울 회의。ភ្នំពេញ กรุงเทพ नमस्ते বই 123 ½ ⅷ x²',
      'emoji 😀 and 𝒜𝒷𝒸 𠀀𠀁 astral letters; lone \ud800 surrogate \udc00 here',
      "İstanbul KELVIN \u212a don't rock'n'roll -dash- 'quoted' ’curly’s’",
      '',
      '   ',
      '--- ,,, &&& ... "“”" [](){}|',
    ];
    for (const s of samples) assert.deepEqual(cueTokens(s), reference(s), s);
  });

  it('matches the pattern on any text', () => {
    const pieces = fc.constantFrom('a', 'Z', '9', 'é', 'Σ', 'ς', 'ё', 'ß', 'İ', '東', 'ー', '한', 'ก', '्', 'ি', '\u0301', "'", '’', '-', ',', '&', '.', '—', '“', ' ', '\n', '(', ']', '😀', '𝒜', '\ud800', '½', '#', '*', '_', 'x²');
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string({ maxLength: 4 }), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 40 }), (parts) => {
        const s = parts.join('');
        assert.deepEqual(cueTokens(s), reference(s));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('labelKey', () => {
  const reference = (s: string) =>
    (/^[\x00-\x7f]*$/.test(s) ? s : s.normalize('NFKC'))
      .toLowerCase()
      .replace(/[*_`~]/g, ' ')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  it('keeps the runs of letters and digits, one space between, as the patterns did', () => {
    for (const s of ['**Attendees**', '  Due_date ', 'Cc', 'Ｆｕｌｌ　ｗｉｄｔｈ', 'Σύνοψη: Θέμα', '会議の参加者', '😀 x 😀', '𝒜𝒷 c', '\ud800a', '', '~~~']) assert.equal(labelKey(s), reference(s), s);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 24 }), fc.string({ maxLength: 12 }), (a, b) => {
        assert.equal(labelKey(a + b), reference(a + b));
      }),
      { numRuns: 2000 },
    );
  });
});
