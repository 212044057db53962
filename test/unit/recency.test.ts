// Pure pieces of "the latest X": which questions ask for it, the date a page carries, and the
// reordering that puts the newest version of a document first among its versions only.
import assert from 'node:assert/strict';
import { asksForLatest, newestVersionsFirst, pageDate, titleOverlap } from '../../src/domain/recency.js';
import { cjkAnyExpression } from '../../src/domain/scriptFolding.js';

describe('recency', () => {
  it('reads questions asking for the newest, in several languages, and not others', () => {
    for (const q of ['latest decision on the storage engine', 'what did we most recently decide', 'our most recent meeting with Acme', 'current on-call policy', 'la dernière décision', 'die neueste Entscheidung', 'la última reunión', 'последний отчёт', '最新の議事録']) {
      assert.ok(asksForLatest(q), q);
    }
    for (const q of ['storage engine decision', 'who attended the kickoff', 'currency exchange', 'lastly the notes']) assert.ok(!asksForLatest(q), q);
  });

  it('dates a page by frontmatter, else a day in its path, else a year in its path', () => {
    assert.equal(pageDate('Decisions/ADR-003 Storage.md', '2025-03-14'), '2025-03-14');
    assert.equal(pageDate('Meetings/2024/2024-09-12 Sync.md', null), '2024-09-12');
    assert.equal(pageDate('Decisions/Storage (revisited 2023).md', undefined), '2023-00-00');
    assert.equal(pageDate('Notes/Storage.md', null), null);
  });

  it('titles of versions overlap; other titles do not', () => {
    assert.equal(titleOverlap('Heron storage engine', 'Heron storage engine'), 1);
    assert.ok(titleOverlap('Point tarification avec Lumière', 'Point intégration avec Lumière') >= 0.5);
    assert.ok(titleOverlap('Heron storage engine', 'Heron 2.1.6') < 0.5);
  });

  it('puts the newest version first among the places its versions hold, and moves nothing else', () => {
    const order = newestVersionsFirst([
      { title: 'Storage engine', folder: 'Decisions', date: '2022-05-01' },
      { title: 'Heron', folder: 'Projects', date: null },
      { title: 'Storage engine', folder: 'Decisions', date: '2023-02-01' },
      { title: 'Weekly sync', folder: 'Meetings', date: '2025-01-01' },
      { title: 'Storage engine', folder: 'Decisions', date: '2025-07-01' },
      { title: 'Storage engine', folder: 'Archive', date: '2026-01-01' },
    ]);
    assert.deepEqual(order, [4, 1, 2, 3, 0, 5]);
  });

  it('a CJK run not found whole is looked for by any of its bigrams', () => {
    assert.equal(cjkAnyExpression(['北斗精機との']), '"北斗" OR "斗精" OR "精機" OR "機と" OR "との"');
    assert.equal(cjkAnyExpression(['会']), null);
  });
});
