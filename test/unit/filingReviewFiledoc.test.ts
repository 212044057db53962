// The review of document heads, document dates and junk signals: hostile inputs stay linear, ordinary
// words and titles are no letterhead, a meeting's bullets keep their facts, the dates documents carry,
// and real mail from new senders is filed, not sent to review.
import assert from 'node:assert/strict';
import { classifyContent } from '../../src/domain/filing/classify.js';
import { documentHead, isDateLine, isLetterheadLine } from '../../src/domain/filing/documentHead.js';
import { extractDocument } from '../../src/domain/filing/document.js';
import { factAbout } from '../../src/domain/filing/entities.js';
import { eventDate } from '../../src/domain/filing/eventDate.js';
import { scamVerdict } from '../../src/domain/filing/junkSignals.js';
import { calendarOrganizer } from '../../src/domain/filing/text.js';

const timed = (f: () => unknown) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};
const dated = (text: string, filename = 'doc.txt') => eventDate(text, 'document', { filename, reference: '2026-11-26' })?.date ?? null;

describe('filing review (filedoc): hostile input stays linear', () => {
  it('1. a first line of one 200 KB letter run classifies in under 2 s', () => {
    const text = `${'a'.repeat(200_000)}\nsecond line\n`;
    assert.ok(timed(() => classifyContent({ text, filename: 'x.txt' })) < 2000);
  });
  it('1. a compound document word is still read in a title', () => {
    assert.equal(classifyContent({ text: 'Wartungsvertrag Halle 3\n\nDer Auftragnehmer wartet die Anlage monatlich und meldet jede Störung sofort.\n\nDie Laufzeit beträgt zwei Jahre und verlängert sich um ein Jahr.\n', filename: 'x.txt' }).kind, 'document');
  });
  it('2. an ORGANIZER line of 200 KB of "mailto:" is read in under 2 s', () => {
    const raw = `BEGIN:VCALENDAR\nORGANIZER;CN=x:${'mailto:'.repeat(30_000)}\nEND:VCALENDAR\n`;
    assert.ok(timed(() => calendarOrganizer(raw)) < 2000);
    assert.equal(calendarOrganizer('BEGIN:VCALENDAR\nORGANIZER;CN=Ada Lovelace:mailto:Ada@Example.org\n'), 'ada@example.org');
  });
});

describe('filing review (filedoc): letterheads are the head of a document only', () => {
  it('3. legal forms that are ordinary words, and titles naming a company, are no letterhead', () => {
    for (const l of ['Kafka as the event bus', 'Price per kg — Offer', 'Rahmenvertrag Acme GmbH', 'Plan ab Montag', 'Sa and Su off']) assert.ok(!isLetterheadLine(l), l);
    for (const l of ['Nordic Shipping AS', 'Muster GmbH', 'Zeeland Haven B.V.', 'BAŁTYK STOCZNIA S.A.', 'Acme Ltd.']) assert.ok(isLetterheadLine(l), l);
  });
  it("3. a meeting's bullet naming a company stays its fact", () => {
    const text = 'Planning with Acme\n\n- Acme joins as design partner\n- Ana to send the contract\n';
    assert.equal(factAbout(text, ['Acme']), 'Planning with Acme');
    assert.equal(factAbout('- Acme joins as design partner\n', ['Acme']), 'Acme joins as design partner');
  });
  it('4. contact labels inside ordinary titles are no letterhead', () => {
    for (const l of ['Email Retention Policy', 'Web Platform Strategy 2026', 'Ein Konzept für die Lagerhalle', 'Swift SDK migration plan']) assert.ok(!isLetterheadLine(l), l);
    for (const l of ['Tel. +49 40 123456', 'E-Mail: info@muster.de', 'www.muster.de', 'NIP 583-000-11-22', 'Muster GmbH · Tel. 040 1234']) assert.ok(isLetterheadLine(l), l);
    assert.equal(extractDocument('# Email Retention Policy\n\nMail is kept for seven years and then deleted.\n').title, 'Email Retention Policy');
    assert.equal(documentHead(['Web Platform Strategy 2026', 'Prepared for the board', 'The platform moves to one stack.']).title, 'Web Platform Strategy 2026');
  });
  it('5. a number and a capitalised word is no postal code; a street inside a title is no address', () => {
    for (const l of ['Top 1000 Companies Report', 'Survey of 2500 Respondents', 'Report on 12 Baker Street Acquisition']) assert.ok(!isLetterheadLine(l), l);
    for (const l of ['70565 Stuttgart', '221B Baker Street', 'Acme Ltd, 70565 Stuttgart', '80-001 Gdańsk']) assert.ok(isLetterheadLine(l), l);
  });
});

describe('filing review (filedoc): real mail and invitations from new senders are filed', () => {
  const real: Array<[string, string, boolean?]> = [
    ['13. a Zoom invitation with its passcode', 'Quarterly planning\nJoin Zoom Meeting\nhttps://zoom.us/j/81234567890\nMeeting ID: 812 3456 7890\nPasscode: 482913\nPlease join immediately when the call starts.', true],
    ['13. a prize dinner invitation', "Founders Prize dinner\nJoin us to celebrate this year's winner at the Harbour Hall.\nhttps://meet.google.com/abc-defg-hij", true],
    ['13. an urgent incident review with a Meet link', 'URGENT: incident review\nWe go through yesterday\'s outage timeline.\nhttps://meet.google.com/xyz-abcd-efg', true],
    ['14. an invoice from a new supplier', 'Hi Marta,\nPlease pay the invoice INV-2291 for the March deliveries within 30 days. Late fees apply after the due date.\nPay online: https://billing.supplier.example/pay\nThanks, Tom'],
    ['14. a Spanish invoice', 'Hola Marta,\npague la factura 2291 antes del 30 de abril, por favor; después se aplican recargos.\nhttps://facturas.proveedor.example/2291\nSaludos, Tomás'],
    ['14. congratulations on a seed round', 'Hi Ana,\nCongratulations on closing your seed round! If useful, you can open a new account on our treasury platform in minutes.\nhttps://treasury.example/signup\nBest, Leo'],
    ['14. a new role with HR portal login details', 'Hi Ana,\nCongratulations on your new role! Your login details for the HR portal follow in a separate mail.\nhttps://hr.example.com\nBest, People team'],
    ['14. a German delivery fee note', 'Hallo Anke,\ndie Gebühr für die Zustellung der Möbel ist schon bezahlt; bitte bestätige umgehend, wann die Sendung kommen darf.\nViele Grüße, Jens'],
    ['14. Russian remote work and Arabic comments', 'Переходим на удалённый формат работы с понедельника. أرسل تعليق على المسودة. سحب الطلب تم. https://docs.example/draft'],
  ];
  for (const [what, text, calendar] of real) it(`${what} is not junk`, () => assert.equal(scamVerdict(text, { calendar: calendar ?? false }).junk, false, JSON.stringify(scamVerdict(text, { calendar: calendar ?? false }).families)));

  const junk: Array<[string, string, boolean?]> = [
    ['15. an account "suspended." with a credential ask and a link', 'Dear customer,\nYour account has been suspended.\nConfirm your password here: http://secure-acct.example/login'],
    ['16. a Spanish transfer to a new account', 'Le informamos que la cuenta ha cambiado. Por favor, haga la transferencia a la nueva cuenta ES12 3456 hoy mismo.'],
    ['16. a Polish transfer to a new account', 'Prosimy o przelew na nowy numer konta, pilne: http://faktury.example/'],
    ['16. a Turkish account confirmation', 'Sayın müşteri, şifre bilgilerinizi 24 saat içinde güncelleyin: http://hesap.example/'],
    ['13. a calendar prize to claim', 'You have won a gift card! Claim your prize: http://gift.example', true],
  ];
  for (const [what, text, calendar] of junk) it(`${what} is junk`, () => assert.ok(scamVerdict(text, { calendar: calendar ?? false }).junk, JSON.stringify(scamVerdict(text, { calendar: calendar ?? false }).families)));
});

describe('filing review (filedoc): notes are not read as formal documents', () => {
  it('18. a date line over a note\'s title is no formal head', () => {
    const c = classifyContent({ text: '14 March 2026\nPlanning with Acme\nAna, Bob and Carla met to plan the pilot with Acme and agreed on the scope for the first quarter.\n- Ana: call Acme\n- Bob: send the draft\n', filename: 'notes.txt' });
    assert.notEqual(c.kind, 'document');
    assert.ok(!c.signals.includes('a date line above the title'));
  });
  it("18. a chat's stamped line is no date line", () => {
    for (const l of ['14/03/2026, 10:14 - Ana: are we still on?', '[14/03/2026 10:14] Ana', '14.03.2026 - Bob: ok']) assert.ok(!isDateLine(l), l);
    for (const l of ['Gdańsk, 14 kwietnia 2026', '14 March 2026', 'Datum: 14.04.2026']) assert.ok(isDateLine(l), l);
  });
  it('19. a workshop\'s "Dia 1:" days are no slides', () => {
    const c = classifyContent({ text: 'Workshop Lisboa\nParticipantes: Ana, Rui, Marta\n\nDia 1: levantamento de requisitos com a equipa\nDia 2: protótipo e testes com clientes\n\n- Ana: preparar materiais\n- Rui: reservar sala\n', filename: 'workshop.txt' });
    assert.equal(c.kind, 'meeting');
    assert.ok(c.confidence >= 0.7, String(c.confidence));
  });
});

describe('filing review (filedoc): the date a document carries', () => {
  const cases: Array<[string, string, string | null]> = [
    ['6. an English "Valid until:" line is no date; the place-and-date line is', 'Quotation Q-118\nValid until: 30.06.2026\n\nWe offer the control modules at the price below.\n\nLondon, 14 April 2026\n', '2026-04-14'],
    ['6. a "Due date:" line is no date', 'Invoice 2291\nDue date: 30.06.2026\n\nFor the March deliveries.\n\nSigned in London on 14 April 2026\n', '2026-04-14'],
    ['7. a subject citing an earlier letter', 'Re: your letter of 3 March 2026\n\nWe accept the revised terms for the modules.\n\nSigned in London on 14 April 2026\n', '2026-04-14'],
    ['7. a German subject citing an earlier letter', 'Betreff: Ihr Schreiben vom 3. März 2026\n\nWir nehmen die geänderten Bedingungen an.\n\nStuttgart, den 14. April 2026\n', '2026-04-14'],
    ['8. Portuguese "do dia" is no deadline', 'Ata da reunião do dia 14/03/2026\n\nPresentes: Ana, Rui.\n', '2026-03-14'],
    ['9. dashed dates read in one order', 'Rechnung\nDatum: 03-04-2026\nZahlbar bis 21-04-2026\n\nFür die Lieferung.\n', '2026-04-03'],
    ['10. a date before a full stop', 'Verslag\n\nDe offerte is geldig tot 21-04-2026.\nDatum: 03-04-2026.\n', '2026-04-03'],
    ['11. a quoted older message is not the header', 'Notes on the offer\n> On 3 January 2024, Bob wrote:\n> the price holds\n\nWe accept the offer as it stands.\n', null],
    ['11. a header date years after the upload is no date', 'Lease summary\n1 January 2031\n\nThe lease runs for five years.\n', null],
    ['12. a letterhead-looking line in the body does not lift a later line into the header', 'Offer\nThe offer covers the control modules.\nAcme Ltd.\nBeta GmbH\nGamma Ltd.\nDelta Ltd.\nEpsilon Ltd.\n2026-05-02\n\nMore text follows here in the body of the offer.\n', null],
  ];
  for (const [what, text, want] of cases) it(`${what} → ${want}`, () => assert.equal(dated(text), want));
});

describe('filing review (filedoc): a transfer to a new account across an amount', () => {
  it('16. "transferencia de 4.870 EUR a la nueva cuenta" is one sentence', () => {
    assert.ok(scamVerdict('Estimado cliente:\nRealice la transferencia de 4.870 EUR a la nueva cuenta para evitar acciones legales.').junk);
    assert.ok(!scamVerdict('Hola Marta,\nla transferencia de 4.870 EUR llegó. Abrimos una nueva cuenta en otro banco el mes pasado.').junk);
  });
});

describe('filing review (filedoc): only the leading letterhead is dropped from a document', () => {
  it('a contact line below the title stays in the text', () => {
    const d = extractDocument('Muster GmbH\nHauptstraße 1, 70565 Stuttgart\n\nAngebot\n\nBitte rufen Sie uns an.\nTel. 0711 123456\n\nDas Angebot gilt für die Module.\n');
    assert.equal(d.title, 'Angebot');
    assert.match(JSON.stringify(d), /0711 123456/);
    assert.doesNotMatch(JSON.stringify(d), /Hauptstraße 1/);
  });
});
