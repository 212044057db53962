// Hybrid search: the period a question names (a day, a month, a quarter) raises the pages dated in it.
import assert from 'node:assert/strict';
import { inDateScope, raiseInScope, readDateScope } from '../../src/services/search/dateScope.js';

const span = (q: string) => {
  const s = readDateScope(q);
  return s && s.spans.length === 1 ? [s.spans[0]!.from, s.spans[0]!.to] : s && s.spans.map((x) => [x.from, x.to]);
};

describe('hybrid: the period a question names', () => {
  it('reads a day in ISO form or written out', () => {
    assert.deepEqual(span('what did I note on 2025-04-02'), ['2025-04-02', '2025-04-02']);
    assert.deepEqual(span('notes from 4 November 2025'), ['2025-11-04', '2025-11-04']);
    assert.deepEqual(span('call on November 4, 2025'), ['2025-11-04', '2025-11-04']);
    assert.deepEqual(span('Protokoll vom 2026年2月10日'), ['2026-02-10', '2026-02-10']);
  });

  it('reads a month with its year in several languages, to its last day', () => {
    assert.deepEqual(span('meetings in February 2026'), ['2026-02-01', '2026-02-28']);
    assert.deepEqual(span('February 2024 review'), ['2024-02-01', '2024-02-29']);
    assert.deepEqual(span('réunions de novembre 2025'), ['2025-11-01', '2025-11-30']);
    assert.deepEqual(span('Besprechung im März 2025'), ['2025-03-01', '2025-03-31']);
    assert.deepEqual(span('reuniones de septiembre 2025'), ['2025-09-01', '2025-09-30']);
    assert.deepEqual(span('встречи в ноябре 2025'), ['2025-11-01', '2025-11-30']);
    assert.deepEqual(span('2025年11月の会議'), ['2025-11-01', '2025-11-30']);
    assert.deepEqual(span('what happened in May 2025'), ['2025-05-01', '2025-05-31']);
  });

  it('reads a quarter', () => {
    assert.deepEqual(span('meetings in Q4 2025'), ['2025-10-01', '2025-12-31']);
    assert.deepEqual(span('2025 q3 site visits'), ['2025-07-01', '2025-09-30']);
  });

  it('a month alone after a cue of its language is that month of any year; a year alone or a lower-case modal is no period', () => {
    assert.deepEqual(span('Lyon jury results in June'), ['*-06', null]);
    assert.deepEqual(span('Besprechung im März'), ['*-03', null]);
    assert.deepEqual(span('réunions au mois de mars'), ['*-03', null]);
    assert.deepEqual(span('réunions en mars'), ['*-03', null]);
    assert.deepEqual(span('встречи в марте'), ['*-03', null]);
    assert.deepEqual(span("rapport du mois d'avril"), ['*-04', null]);
    assert.equal(readDateScope('how far may people have to walk'), null);
    assert.equal(readDateScope('the 2024 tax return'), null);
    assert.equal(readDateScope('march on the city hall'), null);
    assert.equal(readDateScope('the mayor of Marseille'), null);
    assert.equal(readDateScope('invoice 2025-13-45'), null);
  });

  it('a month word that is a name, or stands without a cue, is no period', () => {
    for (const q of [
      'Mars mission plan',
      'March on Rome history',
      'MARCH',
      'August Strindberg play',
      'who directed the August Strindberg play in August Strindberg week',
      'plays in August Strindberg wrote',
      'Avril Lavigne songs',
      'Julio Iglesias',
      'Mayo Clinic referral',
      'Cinco de Mayo party',
      'plans in Mars orbit',
      'Августин',
      'Мартин',
      'Марта',
      'письмо от Марта',
      'подарок к Марте',
      'Мая Плисецкая',
      'in Jan',
    ])
      assert.equal(readDateScope(q), null, q);
  });

  it('reads every full date before any month alone', () => {
    assert.deepEqual(span('August offsite notes from November 2025'), ['2025-11-01', '2025-11-30']);
    assert.deepEqual(span('in March, see 2025-11-04'), ['2025-11-04', '2025-11-04']);
  });

  it('an impossible day is no date; a number before a month is a day only where a date is written', () => {
    assert.equal(readDateScope('Feb 30 2025'), null);
    assert.equal(readDateScope('31 April 2025'), null);
    assert.equal(readDateScope('2025年2月30日'), null);
    assert.deepEqual(span('Top 10 November 2025 deals'), ['2025-11-01', '2025-11-30']);
    assert.deepEqual(span('2025-13-01 or 2025-11-04'), ['2025-11-04', '2025-11-04']);
    assert.deepEqual(span('4. November 2025'), ['2025-11-04', '2025-11-04']);
    assert.deepEqual(span('4 de noviembre de 2025'), ['2025-11-04', '2025-11-04']);
  });

  it('joins a range; several periods not joined are each a period', () => {
    assert.deepEqual(span('between March 2025 and May 2025'), ['2025-03-01', '2025-05-31']);
    assert.deepEqual(span('from 2025-01-15 to 2025-02-20'), ['2025-01-15', '2025-02-20']);
    assert.deepEqual(span('2025-01-15 – 2025-02-20'), ['2025-01-15', '2025-02-20']);
    assert.deepEqual(span('May-June 2025'), ['2025-05-01', '2025-06-30']);
    assert.deepEqual(span('between March and May 2025'), ['2025-03-01', '2025-05-31']);
    assert.deepEqual(span('Q1 2025 vs Q2 2025'), [
      ['2025-01-01', '2025-03-31'],
      ['2025-04-01', '2025-06-30'],
    ]);
    assert.deepEqual(span('March 2025 and May 2025 invoices'), [
      ['2025-03-01', '2025-03-31'],
      ['2025-05-01', '2025-05-31'],
    ]);
    const both = readDateScope('Q1 2025 vs Q2 2025')!;
    assert.equal(inDateScope('2025-02-01', both), true);
    assert.equal(inDateScope('2025-05-01', both), true);
    assert.equal(inDateScope('2025-08-01', both), false);
  });

  it('matches page dates inside the period; a year-only date is not inside a month', () => {
    const feb = readDateScope('meetings in February 2026')!;
    assert.equal(inDateScope('2026-02-10', feb), true);
    assert.equal(inDateScope('2026-03-01', feb), false);
    assert.equal(inDateScope('2026-00-00', feb), false);
    assert.equal(inDateScope(null, feb), false);
    const june = readDateScope('results in June')!;
    assert.equal(inDateScope('2023-06-30', june), true);
    assert.equal(inDateScope('2023-07-01', june), false);
  });

  it('raises the ranked pages dated in the period, by their path or frontmatter date, and re-sorts', () => {
    const page = (pageId: number, path: string, score: number) => ({ hit: { pageId, path }, score });
    const ranked = [page(1, 'Projects/Erlenmatt.md', 0.03), page(2, 'Meetings/2025-03-19 client meeting.md', 0.02), page(3, 'Meetings/2025-11-20 review.md', 0.019), page(4, 'Notes/undated.md', 0.018)];
    const raised = raiseInScope(ranked, readDateScope('what happened in November 2025')!, () => new Map([[4, '2025-11-02']]), 1 / 61);
    assert.equal(raised, 2);
    assert.deepEqual(
      ranked.map((r) => r.hit.pageId),
      [3, 4, 1, 2],
    );
  });
});
