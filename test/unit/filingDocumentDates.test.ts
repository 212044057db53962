// Documents' own dates and titles, and scam signals across languages: the day a letter, contract,
// quote or report carries (its date line, a signature's day, a labelled day; never a deadline or a
// future term), the real title under a letterhead and rules, and the combinations of junk signals that
// send mail and invitations to review while look-alikes pass.
import assert from 'node:assert/strict';
import { classifyContent } from '../../src/domain/filing/classify.js';
import { extractDocument } from '../../src/domain/filing/document.js';
import { documentHead, isDateLine, isDecorationLine, isLetterheadLine, withoutLetterhead } from '../../src/domain/filing/documentHead.js';
import { factAbout } from '../../src/domain/filing/entities.js';
import { eventDate } from '../../src/domain/filing/eventDate.js';
import { scamVerdict } from '../../src/domain/filing/junkSignals.js';

const letter = (head: string[], body: string[]) => [...head, '', ...body, ''].join('\n');
const dated = (text: string, filename = 'doc.txt') => eventDate(text, 'document', { filename, reference: '2026-11-26' })?.date ?? null;

describe('filing documents: the date a document carries', () => {
  const cases: Array<[string, string, string | null, string?]> = [
    ['a Polish place-and-date line under a letterhead', letter(['FIRMA TESTOWA S.A.', 'ul. Długa 5, 80-001 Gdańsk', 'Gdańsk, 14 kwietnia 2026'], ['Oferta', 'Treść oferty dla klienta.', 'Oferta ważna do 30 czerwca 2026 r.']), '2026-04-14'],
    ['a German Datum: label', letter(['Muster GmbH · Hauptstraße 1 · 10115 Berlin', 'Datum: 14.04.2026'], ['Angebot', 'Zahlbar bis 30.05.2026.']), '2026-04-14'],
    ['a Dutch written-out date line', letter(['Voorbeeld B.V.', 'Amsterdam, 14 april 2026'], ['Offerte', 'Geldig tot 30 mei 2026.']), '2026-04-14'],
    ['a dashed day-first date in a label', letter(['Verslag', 'Datum: 21-04-2026'], ['De vergunning moet vóór 1 juni 2026 binnen zijn.']), '2026-04-21'],
    ['a Japanese date line below the company line', letter(['株式会社サンプル', '〒100-0001 東京都千代田区1-1', '2026年4月14日'], ['報告書', '次回は2026年6月末までに完了する予定。']), '2026-04-14'],
    ['Arabic-Indic digits after a label', letter(['شركة المثال', 'التاريخ: ١٤/٠٤/٢٠٢٦'], ['مذكرة تفاهم', 'تبدأ المدة من ٠١/٠٥/٢٠٢٦.']), '2026-04-14'],
    ['a Russian place-and-date line', letter(['ООО «Пример»', 'Москва, 14 апреля 2026 г.'], ['О продлении', 'Просим подписать до 15 мая 2026 г.']), '2026-04-14'],
    ['a French signature line at the end, the entry into force earlier in the text', letter(['ACCORD DE PARTENARIAT'], ["L'accord entre en vigueur le 1er juin 2026.", 'Signé le 18 mai 2026 par la directrice.']), '2026-05-18'],
    ['a German signature line', letter(['VERTRAG'], ['Der Vertrag endet am 31.12.2028.', 'Unterzeichnet am 3. März 2026 in Köln.']), '2026-03-03'],
    ['an English signing line, the term after it', letter(['NON-DISCLOSURE AGREEMENT'], ['The obligations begin on 1 February 2026.', 'Signed on 12 January 2026 by the parties.']), '2026-01-12'],
    ['an ISO date line between rules', letter(['=====', 'QUARTERLY REPORT', '=====', '2026-02-27'], ['Comments are due by 2026-03-15.']), '2026-02-27'],
    ['a date only in the file name', letter(['PREVENTIVO'], ['Licenze per il progetto.']), '2026-03-30', '2026-03-30 Preventivo.txt'],
    ['no date at all', letter(['PROPOSTA COMERCIAL'], ['Compramos caixas todos os meses.']), null],
    ['a deadline in the header is not the date', letter(['Angebot'], ['Please sign by 31 July 2026.']), null],
    ['a German validity line is not the date', letter(['ANGEBOT', 'Gültig bis 30.06.2026'], ['Text des Angebots.']), null],
    ['a Polish validity line is not the date', letter(['OFERTA', 'Ważna do 30 czerwca 2026'], ['Treść oferty.']), null],
    ['a Spanish validity line is not the date', letter(['PRESUPUESTO', 'Válido hasta el 31 de marzo de 2026'], ['Texto.']), null],
    ['a Japanese deadline line is not the date', letter(['報告書', '2026年3月末までに完了'], ['本文。']), null],
    ['a term that starts later is not the date', letter(['CONTRAT', 'Entre en vigueur le 1er juin 2026'], ['Texte du contrat.']), null],
    ['the header date line beats the signature block\'s date', letter(['UMOWA', '2026-01-10'], ['Treść umowy.', 'Warszawa, 15 stycznia 2026']), '2026-01-10'],
  ];
  for (const [what, text, want, filename] of cases) it(`${what} → ${want}`, () => assert.equal(dated(text, filename), want));
});

describe('filing documents: the head above the title', () => {
  it('rules, letterheads, addresses and contact lines are told from titles', () => {
    for (const l of ['=====', '* * * * *', '# # # # #', '────────', '_______']) assert.ok(isDecorationLine(l), l);
    for (const l of ['BAŁTYK STOCZNIA S.A.', 'ul. Portowa 12, 80-001 Gdańsk', 'NIP 583-000-11-22 · tel. +48 58 000 00 00', 'Havenweg 7', '4380 AA Vlissingen', 'C/ Alcalá 145, 28009 Madrid', '12 rue des Arts — 69002 Lyon', '〒220-0012 神奈川県横浜市', 'ИНН 7700000000', 'CNPJ 12.345.678/0001-99']) {
      assert.ok(isLetterheadLine(l), l);
    }
    for (const l of ['2026 Roadmap', 'Road to 2026', 'Quarterly pilot report', 'From: Ada <ada@acme.com>', 'Prepared 19 January 2026 by Radia Perlman, Wonka Labs', 'Acme renewal call']) assert.ok(!isLetterheadLine(l), l);
    assert.ok(isDateLine('Gdańsk, 14 kwietnia 2026'));
    assert.ok(!isDateLine('The parties met on 14 April 2026 to agree the price of the modules.'));
  });

  it('the real title stands below the letterhead, a rule and the date line; a lone "Kind: subject" line is a title', () => {
    const head = documentHead(['ACME SOLAR S.L.', 'C/ Mayor 1, 28013 Madrid', '*****', 'Madrid, a 2 de febrero de 2026', 'Presupuesto nº 118: paneles', 'Texto del presupuesto.']);
    assert.equal(head.title, 'Presupuesto nº 118: paneles');
    assert.equal(head.letterhead, 2);
    assert.equal(documentHead(['CERRADO LTDA.', 'CNPJ 12.345.678/0001-99', '-----', 'Proposta comercial: embalagens para a safra', 'A empresa propõe comprar caixas.']).title, 'Proposta comercial: embalagens para a safra');
    assert.equal(documentHead(['---', 'title: x', '---', 'Board prep', 'Text.']).decoration, 0);
    assert.equal(extractDocument('# # # # # #\nVoortgangsrapport Project X\nDatum: 21-04-2026\n# # # # # #\n\nDe kade is in gebruik.\n').title, 'Voortgangsrapport Project X');
    assert.equal(extractDocument('ATELIER SAS\n12 rue des Arts — 69002 Lyon\n_______________\n\nACCORD DE PARTENARIAT\n\nTexte.\n').title, 'ACCORD DE PARTENARIAT');
  });

  it("a company's fact comes from the prose, not from its name on the letterhead or a labelled field", () => {
    const text = 'Nakheel Logistics\nP.O. Box 12345, Dubai\n*****\n\nMemorandum\n\nAuthor: Jane Roe, Nakheel Logistics\n\nThe parties agree that Nakheel Logistics studies automated mooring at the terminal.\n';
    const prose = withoutLetterhead(text);
    assert.doesNotMatch(prose, /P\.O\. Box|\*\*\*/);
    assert.match(prose, /^Memorandum$/m);
    assert.equal(factAbout(prose, ['Nakheel Logistics'], undefined, { proseFirst: true }), 'The parties agree that Nakheel Logistics studies automated mooring at the terminal.');
    // The leading letterhead (the name over its address) is dropped by factAbout itself: the next line naming the company is its fact.
    assert.equal(factAbout(text, ['Nakheel Logistics']), 'Author: Jane Roe, Nakheel Logistics');
  });

  it("a deck's speaker notes are a document even when the title names the meeting they are for", () => {
    const text = 'Q3 Board Meeting — speaker notes\nMeeting date: 29 October 2026\n\nSlide 1 — Title\nWelcome everyone.\n\nFolie 2: Umsatz\nRevenue grew.\n\nSlide 3 — Asks\nTwo intros.\n';
    assert.equal(classifyContent({ text, filename: 'deck notes.txt' }).kind, 'document');
    assert.equal(classifyContent({ text: 'Weekly sync\nAttendees: Ada, Grace\n\n- Ada showed slide 3 of the deck.\n', filename: 'sync.txt' }).kind, 'meeting');
  });

  it('a letter with a letterhead and a place-and-date line is a document, not a note', () => {
    const text = letter(['ZEELAND HAVEN B.V.', 'Havenweg 7', '4380 AA Vlissingen', 'Amsterdam, 9 maart 2026'], ['Offerte kadeplaatsen', 'Wij bieden drie kadeplaatsen aan voor de proefopstelling, inclusief walstroom en beveiliging.', 'Met vriendelijke groet,', 'Jan de Vries']);
    assert.equal(classifyContent({ text, filename: 'offerte.txt' }).kind, 'document');
  });
});

describe('filing junk: scam signals across languages', () => {
  const junk: Array<[string, string, boolean?]> = [
    ['German bank phishing', 'Sehr geehrter Kunde,\nIhr Zugang wurde eingeschränkt. Bitte bestätigen Sie Ihre Zugangsdaten innerhalb von 48 Stunden, sonst wird Ihr Konto gesperrt.\nhttp://konto-pruefung.example/login'],
    ['French lottery', 'Félicitations ! Vous avez gagné 850 000 €. Envoyez une copie de votre pièce d\'identité et les frais de dossier de 95 €.'],
    ['Spanish invoice redirection', 'Hemos cambiado nuestra cuenta bancaria; realice hoy mismo la transferencia a la nueva cuenta para evitar recargos y acciones legales.'],
    ['Italian parcel fee', 'Il tuo pacco non può essere consegnato: paga entro 24 ore le spese di spedizione. http://pacchi.example/paga'],
    ['Polish parcel fee', 'Twoja przesyłka została wstrzymana. Dopłać 2,50 zł w ciągu 24 godzin: http://przesylka.example/'],
    ['Japanese account phishing', '【重要】お客様のアカウントを一時停止しました。24時間以内にログインし、お支払い情報を更新してください。http://kakunin.example/login'],
    ['Portuguese calendar spam', 'Parabéns! Você ganhou um vale-presente. Resgate em até 48 horas: http://sorteio.example', true],
    ['English calendar crypto spam', 'Your wallet received 0.75 BTC. Congratulations! Confirm your wallet with your seed phrase: http://airdrop.example', true],
  ];
  for (const [what, text, calendar] of junk) {
    it(`junk: ${what}`, () => {
      const v = scamVerdict(text, { calendar: calendar ?? false });
      assert.ok(v.junk, JSON.stringify(v.families));
      assert.match(v.reason!, /do not follow its links/);
    });
  }
  const real: Array<[string, string, boolean?]> = [
    ['a supplier invoice', 'Rechnung Nr. 2026-0412\nRechnungsdatum: 20.04.2026\nBetrag: 6.300,00 EUR, zahlbar bis 20.05.2026 auf das bekannte Konto.'],
    ['news of an award with a link', 'The jury named Lena Hart winner of the 2026 design prize today. Read more: https://news.example/prize'],
    ['a real invitation', 'Review of the offer for the control modules: price and delivery date. https://meet.example/abc', true],
    ['a colleague asking for a review today', 'Please review the delivery plan today; the drawings are on the shared drive https://drive.example/plan'],
    ['an award letter', 'Gratulujemy! Państwa oferta w przetargu została wybrana. Zapraszamy do podpisania umowy w ciągu 14 dni.'],
  ];
  for (const [what, text, calendar] of real) it(`not junk: ${what}`, () => assert.equal(scamVerdict(text, { calendar: calendar ?? false }).junk, false, JSON.stringify(scamVerdict(text).families)));
});
