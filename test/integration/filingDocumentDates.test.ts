// Documents and junk end to end (HTTP inbox → filing pass, real git and SQLite): a Polish offer letter
// with a letterhead, an address and a place-and-date line is filed as a source page titled by its real
// title, and its timeline lines on the person, company and project carry the letter's own date (not the
// filing day, not its validity deadline); phishing in German from a stranger goes to review with the
// reason, while a calendar invitation from a person of the brain is filed.
import assert from 'node:assert/strict';
import { useFilingServer } from '../helpers/filing.js';

const SEED: Record<string, string> = {
  'people/ewa-nowak.md': '---\ntitle: Ewa Nowak\nemail: ewa.nowak@wisla-stal.pl\ncompany: "[[companies/wisla]]"\nrole: Dyrektor zakupów\n---\n# Ewa Nowak\n',
  'companies/wisla.md': '---\ntitle: Wisła Stal\ndomain: wisla-stal.pl\naliases: [Wisła]\n---\n# Wisła Stal\n',
  'projects/kestrel.md': '---\ntitle: Project Kestrel\naliases: [Kestrel]\n---\n# Project Kestrel\n',
};

describe('filing documents and junk (HTTP inbox → filing pass)', function () {
  this.timeout(60_000);
  const suite = useFilingServer(SEED);
  const { file, lineOn } = suite;

  it('a dated Polish letter under a letterhead is a source page; its timeline lines carry the letter\'s date', async () => {
    const content = [
      'WISŁA STAL S.A.',
      'ul. Hutnicza 3, 30-001 Kraków',
      'NIP 676-000-11-22 · tel. +48 12 000 00 00',
      '==========================================',
      '',
      'Kraków, 14 kwietnia 2026',
      '',
      'Oferta na dostawę blach dla projektu Kestrel',
      '',
      'Szanowni Państwo,',
      '',
      'Wisła Stal przedstawia ofertę na dostawę 300 ton blach do Project Kestrel, z dostawą w ciągu 10 tygodni od podpisania umowy.',
      '',
      'Oferta ważna do 30 czerwca 2026 r.',
      '',
      'Z poważaniem',
      '',
      'Ewa Nowak',
      'Dyrektor zakupów, Wisła Stal S.A.',
      '',
    ].join('\n');
    const item = await file({ filename: 'oferta.txt', content });
    assert.equal(item.status, 2, item.reason);
    const own = item.filedPages.find((p: string) => p.startsWith('sources/'));
    assert.ok(own, JSON.stringify(item.filedPages));
    const markdown = suite.page(own).markdown;
    assert.match(markdown, /^# Oferta na dostawę blach dla projektu Kestrel$/m);
    // The summary is the letter's prose, not its letterhead.
    assert.doesNotMatch(markdown, /ul\. Hutnicza/);
    for (const p of ['people/ewa-nowak.md', 'companies/wisla.md', 'projects/kestrel.md']) {
      const text = lineOn(p, '2026-04-14', own);
      assert.doesNotMatch(text, /WISŁA STAL S\.A|ul\. Hutnicza|====/, text);
    }
  });

  it('German phishing from a stranger goes to review with the reason; an invitation from a person of the brain is filed', async () => {
    const phishing = await file({
      filename: 'Sicherheitshinweis.eml',
      content: [
        'From: Kundenservice <service@konto-sicherheit.example>',
        'To: info@example.org',
        'Date: Mon, 13 Apr 2026 04:12:00 +0200',
        'Subject: Wichtig: Ihr Online-Banking wurde eingeschränkt',
        '',
        'Sehr geehrter Kunde,',
        '',
        'aufgrund einer ungewöhnlichen Anmeldung wurde Ihr Zugang vorübergehend eingeschränkt. Bitte bestätigen Sie Ihre Zugangsdaten innerhalb von 48 Stunden, sonst wird Ihr Konto gesperrt.',
        '',
        'Jetzt bestätigen: http://konto-sicherheit.example/login',
        '',
      ].join('\n'),
    });
    assert.equal(phishing.status, 1);
    assert.match(phishing.reason, /^Not worth filing: .*(?:scam or phishing|credential phishing|spam or phishing)/);
    assert.deepEqual(phishing.filedPages, []);

    const invite = await file({
      filename: 'zaproszenie.ics',
      content: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'DTSTART:20260428T090000Z',
        'DTEND:20260428T100000Z',
        'ORGANIZER;CN=Ewa Nowak:mailto:ewa.nowak@wisla-stal.pl',
        'ATTENDEE;CN=Ewa Nowak:mailto:ewa.nowak@wisla-stal.pl',
        'SUMMARY:Przegląd oferty – blachy Kestrel',
        'DESCRIPTION:Omówimy cenę i termin dostawy. Link: https://meet.example/kestrel',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    });
    assert.equal(invite.status, 2, invite.reason);
    assert.ok(invite.filedPages.includes('people/ewa-nowak.md'), JSON.stringify(invite.filedPages));
  });
});
