// End to end through the HTTP inbox and the filing pass, against the real name index (FilingNames):
// a company page known by its `website` (host, www. and path aside) is reached by an address at its
// domain, also after the website changes; a handwritten note's attendee initials reach the one person
// who has them, dated by the note's "17/9/26"; a press release's yearless dateline dates its lines;
// a bounce that names known people is junk and touches nothing.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { useFilingServer } from '../helpers/filing.js';

const SEED: Record<string, string> = {
  'people/ada.md': '---\ntitle: Ada Lovelace\nemail: ada@acme.com\ncompany: "[[companies/acme]]"\n---\n# Ada Lovelace\n',
  'people/grace.md': '---\ntitle: Grace Hopper\n---\n# Grace Hopper\n',
  'people/kim.md': '---\ntitle: Kim Tan\n---\n# Kim Tan\n',
  'people/kai.md': '---\ntitle: Kai Tanaka\n---\n# Kai Tanaka\n',
  'companies/acme.md': '---\ntitle: Acme\ndomain: acme.com\n---\n# Acme\n',
  'companies/brightline.md': '---\ntitle: Brightline Health\nwebsite: https://www.brightline.health/about\n---\n# Brightline Health\n',
  'companies/initech.md': '---\ntitle: Initech\n---\n# Initech\n',
  'companies/hooli.md': '---\ntitle: Hooli\n---\n# Hooli\n',
};

describe('filing: parties by address and website, initials, datelines and bounces (HTTP inbox → filing pass)', function () {
  this.timeout(60_000);
  const suite = useFilingServer(SEED);
  const { timeline } = suite;

  async function file(filename: string, content: string): Promise<{ status: number; reason: string | null; pages: string[] }> {
    const item = await suite.file({ filename, content });
    return { status: item.status, reason: item.reason, pages: [...item.filedPages].sort() };
  }

  it('an unknown person\'s address reaches the company page that gives only its website', async () => {
    const r = await file('quote.txt', '# Quote for clinic scheduling\n\nPrepared for us by tom.baker@brightline.health.\n\nThe fee is 1.4% per booking with no monthly minimum, valid until 30 November 2026.\n');
    assert.equal(r.status, 2, r.reason ?? undefined);
    assert.ok(r.pages.includes('companies/brightline.md'), r.pages.join(', '));
  });

  it('a changed website is followed by the next item', async () => {
    await suite.s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'companies/brightline.md', markdown: '---\ntitle: Brightline Health\nurl: brightline.care\n---\n# Brightline Health\n' });
    const r = await file('quote-2.txt', '# Revised quote for clinic scheduling\n\nPrepared for us by tom.baker@brightline.care.\n\nThe fee drops to 1.2% per booking from January, with no monthly minimum.\n');
    assert.ok(r.pages.includes('companies/brightline.md'), r.pages.join(', '));
    const stale = await file('quote-3.txt', '# Old quote for clinic scheduling\n\nPrepared for us by tom.baker@brightline.health.\n\nThe fee was 1.5% per booking, with a monthly minimum of 200.\n');
    assert.ok(!stale.pages.includes('companies/brightline.md'), stale.pages.join(', '));
  });

  it('handwritten notes: a meeting, initials to the one person with them, dated 17/9/26', async () => {
    const r = await file('scan-notes.txt', '17/9/26\nAL, GH, KT\n\n- acme wants 120 seats\n- pilot for EU first\n');
    assert.equal(r.status, 2, r.reason ?? undefined);
    const own = r.pages.find((p) => p.startsWith('meetings/'));
    assert.ok(own, r.pages.join(', '));
    for (const p of ['people/ada.md', 'people/grace.md', 'companies/acme.md']) assert.ok(r.pages.includes(p), `${p} not in ${r.pages.join(', ')}`);
    assert.ok(!r.pages.includes('people/kim.md') && !r.pages.includes('people/kai.md'), 'KT is two people and names neither');
    assert.ok(timeline('people/grace.md').some((l) => l.date === '2026-09-17' && l.text.includes(own!.replace(/\.md$/, ''))));
  });

  it('a Spanish press release: a document dated by its yearless dateline', async () => {
    const r = await file('nota-de-prensa.txt', 'Nota de prensa\n\nMadrid, 22 de octubre — Initech anuncia hoy un acuerdo con Hooli para integrar su plataforma de pagos en toda España.\n\nEl acuerdo tiene una duración de tres años y empieza en enero.\n');
    assert.equal(r.status, 2, r.reason ?? undefined);
    const own = r.pages.find((p) => p.startsWith('sources/'));
    assert.ok(own, r.pages.join(', '));
    const year = new Date().toISOString().slice(5, 10) >= '10-22' ? new Date().getUTCFullYear() : new Date().getUTCFullYear() - 1;
    assert.ok(timeline('companies/initech.md').some((l) => l.date === `${year}-10-22` && l.text.includes(own!.replace(/\.md$/, ''))), JSON.stringify(timeline('companies/initech.md')));
  });

  it('a bounce that quotes a mail to a known person is junk and touches nothing', async () => {
    const r = await file('undeliverable.eml', 'From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>\nTo: ken@ourfund.vc\nSubject: Undeliverable: Acme renewal\n\nDelivery to the following recipient failed permanently:\n\n    ada@acme.com\n\n----- Original message -----\nFrom: Ken <ken@ourfund.vc>\nTo: Ada Lovelace <ada@acme.com>\n\nAda, the Acme renewal draft for 120 seats is attached.\n');
    assert.notEqual(r.status, 2);
    assert.deepEqual(r.pages, []);
    assert.match(r.reason ?? '', /bounce/);
  });
});
