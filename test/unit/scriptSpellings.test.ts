// A name written in two scripts (domain/scriptSpellings.ts): a question's word finds the page-name
// words of other scripts that romanize to it, in either direction, with short inflected endings;
// never a word of its own script, never a short key, and a page's change replaces its words.
import assert from 'node:assert/strict';
import { loadRomanization, ScriptSpellings, scriptKey } from '../../src/domain/scriptSpellings.js';
import { ftsTokens } from '../../src/domain/termWeights.js';

/** Page names as the words index folds them (ftsTokens), one page per name. */
function spellingsOf(...names: string[]): ScriptSpellings {
  const s = new ScriptSpellings();
  names.forEach((n, i) => s.setPage(`p${i}.md`, ftsTokens(n)));
  return s;
}

const fold = (w: string) => ftsTokens(w)[0]!;

describe('script spellings of names', () => {
  before(async () => {
    await loadRomanization();
  });

  const CASES: Array<{ script: string; name: string; question: string; word: string }> = [
    { script: 'Cyrillic (Russian)', name: 'Совещание Алматы', question: 'Almaty', word: 'алматы' },
    { script: 'Cyrillic (Ukrainian)', name: 'Офіс Софія', question: 'Sofiya', word: 'софія' },
    { script: 'Greek, inflected', name: 'Σύσκεψη Θεσσαλονίκης', question: 'Thessaloniki', word: 'θεσσαλονικης' },
    { script: 'Greek', name: 'Γραφείο Αθήνα', question: 'Athina', word: 'αθηνα' },
    { script: 'Georgian', name: 'თბილისი ანგარიში', question: 'Tbilisi', word: 'თბილისი' },
    { script: 'Georgian', name: 'ბათუმი', question: 'Batumi', word: 'ბათუმი' },
    { script: 'Armenian', name: 'Երևան գրասենյակ', question: 'Erevan', word: 'երևան' },
    { script: 'Hangul', name: '부산 병원 회의', question: 'Busan', word: '부산' },
    { script: 'Hangul', name: '서울 사무소', question: 'Seoul', word: '서울' },
    { script: 'Cyrillic (Ukrainian), four letters', name: 'Київ', question: 'Kiiv', word: 'київ' },
    { script: 'Cyrillic (Bulgarian)', name: 'Пловдив клиника', question: 'Plovdiv', word: 'пловдив' },
    { script: 'Cyrillic, a long name', name: 'Новосибирск', question: 'NOVOSIBIRSK', word: 'новосибирск' },
  ];
  for (const c of CASES) {
    it(`${c.script}: "${c.question}" finds "${c.word}" of "${c.name}"`, () => {
      const s = spellingsOf(c.name, 'Weekly meeting notes', 'Quarterly report');
      assert.deepEqual(s.spellingsOf(fold(c.question)), [fold(c.word)]);
    });
  }

  it('goes the other way: a word in another script finds a Latin name', () => {
    const s = spellingsOf('Almaty Clinic', 'Tbilisi');
    assert.deepEqual(s.spellingsOf(fold('Алматы')), ['almaty']);
    assert.deepEqual(s.spellingsOf(fold('თბილისი')), ['tbilisi']);
  });

  it('gives a word of a third script too, but never one of its own script', () => {
    const s = spellingsOf('Алматы', 'Almaty', 'Алмати');
    // The Russian question word has the Latin spelling; the other Cyrillic spelling is its own script's.
    assert.deepEqual(s.spellingsOf(fold('Алматы')), ['almaty']);
    assert.deepEqual(s.spellingsOf('almaty'), ['алматы']);
  });

  it('takes an ending of at most two letters, on long words only', () => {
    const s = spellingsOf('Θεσσαλονίκης', 'Москвами', 'Рима');
    assert.deepEqual(s.spellingsOf('thessaloniki'), ['θεσσαλονικης']);
    // "moskva" + "mi": two letters on a six-letter word.
    assert.deepEqual(s.spellingsOf('moskva'), ['москвами']);
    // "rima" is four letters: too short for an ending ("rim" is not a name of it).
    assert.deepEqual(s.spellingsOf('rim'), []);
    assert.deepEqual(s.spellingsOf('thessalon'), []);
  });

  it('ignores keys shorter than four letters, and a brain of Latin names only', () => {
    assert.deepEqual(spellingsOf('Рим', 'Киев').spellingsOf('rim'), []);
    const latin = spellingsOf('Almaty Clinic', 'Busan office');
    assert.deepEqual(latin.spellingsOf('almaty'), []);
  });

  it('forgets a page\'s words when it changes or goes, and keeps a word another page still names', () => {
    const s = new ScriptSpellings();
    s.setPage('a.md', ['алматы', 'совещание']);
    s.setPage('b.md', ['алматы']);
    assert.deepEqual(s.spellingsOf('almaty'), ['алматы']);
    s.removePage('a.md');
    assert.deepEqual(s.spellingsOf('almaty'), ['алматы'], 'b.md still names it');
    assert.deepEqual(s.spellingsOf(scriptKey('совещание')), []);
    s.setPage('b.md', ['астана']);
    assert.deepEqual(s.spellingsOf('almaty'), []);
    assert.deepEqual(s.spellingsOf('astana'), ['астана']);
    s.removePage('b.md');
    assert.deepEqual(s.spellingsOf('astana'), []);
  });

  it('romanizes to ASCII letters and digits only', () => {
    assert.equal(scriptKey('Совещание-2025'), `${scriptKey('Совещание')}2025`);
    assert.match(scriptKey('Θεσσαλονίκης'), /^[a-z0-9]+$/);
  });
});
