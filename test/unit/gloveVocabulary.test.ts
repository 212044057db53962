// The built-in model's word → rank lookup (gloveStore.ts Vocabulary) answers exactly what the Map
// it replaced answered: built from the vocabulary file's lines in order, the first of equal lines
// kept, empty lines and lines past the word count left out.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Vocabulary } from '../../src/storage/models/gloveStore.js';

/** The Map readModel used to build. */
function reference(text: string, count: number): Map<string, number> {
  const words = text.split('\n');
  const vocab = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const w = words[i];
    if (w && !vocab.has(w)) vocab.set(w, i);
  }
  return vocab;
}

function assertSame(text: string, count: number, probes: string[]): void {
  const want = reference(text, count);
  const got = new Vocabulary(text, count);
  for (const w of [...text.split('\n'), ...probes]) {
    const rank = got.get(w);
    if (rank !== want.get(w)) assert.fail(`${JSON.stringify(w)}: rank ${rank}, the Map's ${want.get(w)} (count ${count}, text ${JSON.stringify(text.slice(0, 2000))})`);
  }
}

describe('built-in model vocabulary (Vocabulary)', () => {
  it('finds each word at its line, the first of two equal lines, and nothing for empty, missing or partial words', () => {
    const text = 'the\nof\n\nengine\nof\ncafé\nnaïve\n東京\nengines\n';
    const v = new Vocabulary(text, 9);
    assert.equal(v.get('the'), 0);
    assert.equal(v.get('of'), 1);
    assert.equal(v.get('engine'), 3);
    assert.equal(v.get('café'), 5);
    assert.equal(v.get('東京'), 7);
    assert.equal(v.get('engines'), 8);
    for (const miss of ['', 'engin', 'enginess', 'th', 'the\n', '\n', 'cafe', 'zebra']) assert.equal(v.get(miss), undefined, JSON.stringify(miss));
    assertSame(text, 9, ['', 'engin', 'x']);
  });

  it('ignores lines past the count, and a count past the last line leaves those ranks empty', () => {
    assertSame('a\nb\nc\nd', 2, ['c', 'd']);
    assertSame('a\nb\nc\nd', 4, []);
    assertSame('a\nb', 6, ['', 'c']);
    assertSame('a\nb\n', 6, ['', 'c']);
    assertSame('', 3, ['', 'a']);
    assertSame('only', 1, ['onl', 'only\n']);
  });

  it('answers as the Map did for any vocabulary (few letters, so duplicates and shared prefixes are common)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'é', '語', '\n'), maxLength: 4 });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 60 }), fc.nat({ max: 80 }), fc.array(word, { maxLength: 10 }), (lines, count, probes) => {
        assertSame(lines.join('\n'), count, probes);
      }),
      { numRuns: 300 },
    );
  });

  it('tells apart words of one hash and one length (pairs from the real vocabulary) by their text', () => {
    // FNV-1a('declinate') = FNV-1a('macallums'), and the real vocabulary has 11 such pairs (e.g.
    // liquid/costarring, of other lengths): the hash and the length alone would take one for the other.
    const v = new Vocabulary('declinate\ncostarring\naltarage\nmacallums\nliquid', 5);
    assert.deepEqual(['declinate', 'costarring', 'altarage', 'macallums', 'liquid', 'zinke'].map((w) => v.get(w)), [0, 1, 2, 3, 4, undefined]);
    const w = new Vocabulary('declinate\ncostarring', 2);
    assert.deepEqual(['macallums', 'liquid'].map((x) => w.get(x)), [undefined, undefined]);
  });

  it('keeps its lookups right past slot collisions in a table of 50,000 words', () => {
    const words = Array.from({ length: 50_000 }, (_, i) => `w${(i * 7919) % 50_021}x${i % 13}`);
    const text = words.join('\n');
    assertSame(text, words.length, ['w', 'w0', 'w0x', 'w1x1', 'nope']);
  });
});
