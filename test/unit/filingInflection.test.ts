// Table tests for the dev8 filing set's rules: names written in another grammatical case (Russian,
// Ukrainian, Polish, Finnish, German genitive), surnames beside their honorific or their company, a
// company named by its own website, receipts and invoices in other languages (junk, even from a company
// the brain knows), phishing and spam in French, German, Spanish and Japanese, a document's "as of" day
// anywhere in its text, KakaoTalk and dash-dated WhatsApp exports, Nordic meeting labels and
// document titles in scripts `\b` does not bound. Each rule has negatives beside it.
import assert from 'node:assert/strict';
import { classifyContent } from '../../src/domain/filing/classify.js';
import { extractConversation } from '../../src/domain/filing/conversation.js';
import { EntityResolver, HONORIFIC_NAME, nominativeForms } from '../../src/domain/filing/entities.js';
import { eventDate } from '../../src/domain/filing/eventDate.js';
import { readableText } from '../../src/domain/filing/formats.js';
import { datesIn } from '../../src/domain/filing/text.js';
import { checkWorthFiling } from '../../src/domain/filing/worthFiling.js';
import { resolverOver } from '../helpers/entityResolver.js';

const PAGES: Record<string, string> = {
  'people/sergey-petrov.md': '---\ntitle: Сергей Петров\ncompany: "[[companies/uralmash]]"\naliases: [Sergey Petrov]\n---\n# Сергей Петров\n',
  'companies/uralmash.md': '---\ntitle: Уралтех\naliases: [Uraltech]\ndomain: uraltech.ru\n---\n# Уралтех\n',
  'people/agnieszka-kowalska.md': '---\ntitle: Agnieszka Kowalska\ncompany: "[[companies/odra]]"\n---\n# Agnieszka Kowalska\n',
  'companies/odra.md': '---\ntitle: Odrasoft\ndomain: odrasoft.pl\n---\n# Odrasoft\n',
  'people/juha-nieminen.md': '---\ntitle: Juha Nieminen\ncompany: "[[companies/saimaa]]"\n---\n# Juha Nieminen\n',
  'companies/saimaa.md': '---\ntitle: Saimaa Data\ndomain: saimaadata.fi\n---\n# Saimaa Data\n',
  'people/klaus-schmidt.md': '---\ntitle: Klaus Schmidt\ncompany: "[[companies/rhein]]"\n---\n# Klaus Schmidt\n',
  'people/petra-schmidt.md': '---\ntitle: Petra Schmidt\ncompany: "[[companies/elbe]]"\n---\n# Petra Schmidt\n',
  'companies/rhein.md': '---\ntitle: Rheintal AG\ndomain: rheintal-ag.de\n---\n# Rheintal AG\n',
  'companies/elbe.md': '---\ntitle: Elbwerk GmbH\ndomain: elbwerk.de\n---\n# Elbwerk GmbH\n',
  'people/anna-berg.md': '---\ntitle: Anna Berg\n---\n# Anna Berg\n',
  'people/katarzyna-lis.md': '---\ntitle: Katarzyna Lis\ncompany: "[[companies/odra]]"\n---\n# Katarzyna Lis\n',
  'people/katarzyna-wrona.md': '---\ntitle: Katarzyna Wrona\ncompany: "[[companies/saimaa]]"\n---\n# Katarzyna Wrona\n',
};

const resolver = (): EntityResolver => resolverOver(PAGES);

const paths = (r: EntityResolver, text: string) => r.mentions(text).found.map((f) => f.path).sort();

describe('filing inflection: nominative forms of a name in another case', () => {
  const table: Array<[string, boolean, string[], string[]]> = [
    // word, loose, must include, must not include
    ['Ивановым', false, ['Иванов'], []],
    ['Севертеха', false, ['Севертех'], []],
    ['Дмитрием', false, ['Дмитрий'], []],
    ['Петровой', false, ['Петрова', 'Петров'], []],
    ['Katarzyną', false, ['Katarzyna'], []],
    ['Odrasoftem', false, ['Odrasoft'], []],
    ['Nowakowi', false, ['Nowak'], []],
    ['Virtasen', false, ['Virtanen'], []],
    ['Oy:n', false, [], []],
    ['Saimaa:n', false, ['Saimaa'], []],
    ['Müllers', true, ['Müller'], []],
    ['Müllers', false, [], ['Müller']], // the German genitive only beside an honorific or a company
    ['Roberta', false, [], ['Robert']], // a Latin-script name is not cut at a bare vowel
    ['Andrea', false, [], ['Andre']],
    ['Ross', true, [], ['Ros']], // a double s is the name's own
    ['Ан', false, [], ['А']], // no stem under three letters
  ];
  for (const [word, loose, yes, no] of table) {
    it(`${word}${loose ? ' (loose)' : ''}`, () => {
      const forms = nominativeForms(word, loose);
      for (const y of yes) assert.ok(forms.includes(y), `${word} → ${y} (got ${JSON.stringify(forms)})`);
      for (const n of no) assert.ok(!forms.includes(n), `${word} must not give ${n}`);
    });
  }

  it('an honorific and a surname is no whole name', () => {
    for (const n of ['Herr Müller', 'Herrn Müller', 'Frau Schmidt', 'Ms. Raman', 'Pani Kowalska']) assert.ok(HONORIFIC_NAME.test(n), n);
    for (const n of ['Klaus Müller', 'Herr', 'Herrmann Schmidt']) assert.ok(!HONORIFIC_NAME.test(n), n);
  });
});

describe('filing inflection: mentions in other cases, surnames beside their company', () => {
  const r = resolver();
  const table: Array<[string, string, string[]]> = [
    ['Russian instrumental and genitive: surname beside its company', 'Мы договорились с Петровым из Уралтеха о поставке.', ['companies/uralmash.md', 'people/sergey-petrov.md']],
    ['Russian genitive company alone', 'Уточните у Уралтеха условия гарантии.', ['companies/uralmash.md']],
    ['Russian surname without its company: nobody', 'Мы договорились с Петровым о поставке.', []],
    ['Polish instrumental full name', 'Spotkanie z Agnieszką Kowalską w Krakowie.', ['people/agnieszka-kowalska.md']],
    ['Polish instrumental company', 'Podpisujemy umowę z Odrasoftem do końca lutego.', ['companies/odra.md']],
    ['Finnish genitive full name', 'Palaveri Juha Niemisen kanssa.', ['people/juha-nieminen.md']],
    ['German genitive with honorific', 'Herrn Schmidts Vorschlag war gut. Die Rheintal AG stimmt zu.', ['companies/rhein.md']],
    ['surname beside the company of one of two bearers', 'Schmidt von der Rheintal AG sagte zu.', ['companies/rhein.md', 'people/klaus-schmidt.md']],
    ['surname beside no company of its bearers: nobody', 'Schmidt sagte zu, und Anna Berg auch.', ['people/anna-berg.md']],
    ['a first name two people share, beside one\'s company', 'Katarzyna from Odrasoft confirmed the API.', ['companies/odra.md', 'people/katarzyna-lis.md']],
    ['a diminutive beside the company', 'Kasia (Saimaa Data) sent the figures.', ['companies/saimaa.md', 'people/katarzyna-wrona.md']],
    ['a Russian diminutive beside the company in the genitive', 'Серёжа из Уралтеха прислал цены.', ['companies/uralmash.md', 'people/sergey-petrov.md']],
    ['a shared first name without a company: nobody', 'Katarzyna confirmed the API.', []],
    ['a company by its own website', 'Notes on the saimaadata.fi pricing page.', ['companies/saimaa.md']],
    ['a link to the website is not a mention', 'See https://saimaadata.fi/pricing for details.', []],
  ];
  for (const [name, text, want] of table) it(name, () => assert.deepEqual(paths(r, text), want));

  it('an honorific and a surname never becomes an unknown name to make a page of', () => {
    assert.ok(!r.mentions('Herr Becker und Frau Weber waren da.').unknown.some((n) => /^(?:Herr|Frau) /.test(n)));
  });

  it('bySurname: the one bearer at the company said, else every bearer', () => {
    assert.deepEqual(r.bySurname('Schmidts', 'companies/elbe.md'), ['people/petra-schmidt.md']);
    assert.equal(r.bySurname('Schmidt').length, 2);
  });
});

describe('filing worth: receipts, invoices and phishing in other languages', () => {
  const junk: Array<[string, string]> = [
    ['German invoice', 'From: Rheintal AG <rechnung@rheintal-ag.de>\nSubject: Ihre Rechnung Nr. 2027-77\n\nanbei Ihre Rechnung.\nRechnungsbetrag: 980,00 EUR\nFällig am: 01.03.2027\n'],
    ['Dutch invoice', 'Saimaa Data\nFactuur\nFactuurnummer: SD-1\nTotaal € 1.210,00\nVervaldatum: 01-05-2027\n'],
    ['Finnish receipt', 'Kiitos maksustasi!\nKuitti nro 31\nSumma: 49,00 EUR\n'],
    ['French invoice', 'Facture n° 2027-12\nMontant total TTC : 1 440,00 €\nÉchéance : 30 avril 2027\n'],
    ['Spanish receipt', 'Gracias por su compra.\nRecibo de pago 8812\nImporte total: 35,20 €\n'],
    ['French phishing', 'Subject: Votre compte a été suspendu\n\nNous avons détecté une activité inhabituelle. Confirmez vos informations dans les 24 heures.\n'],
    ['German phishing', 'Ihr Konto wurde vorübergehend gesperrt. Bitte bestätigen Sie Ihre Daten innerhalb von 48 Stunden.\n'],
    ['Spanish parcel scam', 'Subject: Su paquete está retenido en aduana\n\nAbone la tasa en las próximas 48 horas o será devuelto.\n'],
    ['Japanese phishing', '【重要】お客様のアカウントで異常なログインが検出されました。24時間以内に確認してください。確認されない場合、アカウントは停止されます。\n'],
  ];
  for (const [name, text] of junk) it(`junk: ${name}`, () => assert.equal(checkWorthFiling(text, 'other').worth, false, name));

  const kept: Array<[string, string, 'document' | 'other' | 'meeting']> = [
    ['a French contract naming a deadline once', "Protocole d'accord entre Odrasoft et nous.\nArticle 1 – Objet : suivi des conteneurs.\nArticle 2 – Échéance : le contrat prend fin le 30 avril 2029.\nFait en deux exemplaires.", 'document'],
    ['German minutes naming a deadline once', 'Besprechung Rheintal AG\nTeilnehmer: Klaus Schmidt, Jan Weber\nDie Angebote müssen innerhalb von 48 Stunden vorliegen. Beschluss: Pilot im April.', 'meeting'],
    ['a note about an invoice process', 'We agreed with Saimaa Data that every invoice is sent as PDF and paid within 30 days. Juha will update the template.', 'other'],
  ];
  for (const [name, text, kind] of kept) it(`kept: ${name}`, () => assert.equal(checkWorthFiling(text, kind).worth, true, name));
});

describe('filing dates: a document\'s "as of" day anywhere in it', () => {
  const filler = 'The programme surveys the installed base and fits sensors to rotating equipment first.\n\n'.repeat(8);
  const table: Array<[string, string, string | null]> = [
    ['French "En date du" above the signatures', `PROTOCOLE\n\n${filler}Fait en deux exemplaires.\nEn date du 2 avril 2027\n`, '2027-04-02'],
    ['English heading "(as of …)" deep in the text', `Review\n\n${filler}Vendor notes (as of June 1, 2027)\n\nText.`, '2027-06-01'],
    ['Russian "по состоянию на"', `Отчёт\n\n${filler}Данные приведены по состоянию на 1 апреля 2027 г.\n`, '2027-04-01'],
    ['German "Stand vom"', `Richtlinie\n\n${filler}Stand vom 15.03.2027\n`, '2027-03-15'],
    ['Japanese "現在"', `報告\n\n${filler}2027年4月1日現在\n`, '2027-04-01'],
    ['a long prose line with "as of" is not the text\'s day', `Review\n\n${filler}${'Prices for the managed pipeline, which the vendor described in some detail, change as of 1 July 2027 for every customer on the older plan. '.repeat(2)}\n`, null],
    ['a deadline is not the text\'s day', `Plan\n\n${filler}Effective as of signing; due by 1 July 2027.\n`, null],
  ];
  for (const [name, text, want] of table) it(name, () => assert.equal(eventDate(text, 'document', {})?.date ?? null, want));

  it('month names in the genitive and partitive (Russian, Ukrainian, Finnish)', () => {
    assert.deepEqual(datesIn('1 апреля 2027 г.'), ['2027-04-01']);
    assert.deepEqual(datesIn('5 березня 2027'), ['2027-03-05']);
    assert.deepEqual(datesIn('4. helmikuuta 2027'), ['2027-02-04']);
    assert.deepEqual(datesIn('апреля'), []);
  });
});

describe('filing chats: KakaoTalk and dash-dated WhatsApp exports; Nordic meetings; titles in other scripts', () => {
  it('a KakaoTalk export is a session dated by the rule above its first message, not the day it was saved', () => {
    const raw = '김 님과 카카오톡 대화\n저장한 날짜 : 2027-05-09 10:00:00\n\n--------------- 2027년 5월 7일 금요일 ---------------\n[이서준] [오전 9:01] 견적서 보냈습니다.\n[김하늘] [오전 9:05] 감사합니다, 검토하겠습니다.\n[이서준] [오전 9:06] 납기는 6주입니다.\n';
    const text = readableText(raw, 'KakaoTalk_Chat.txt');
    assert.equal(classifyContent({ text, filename: 'KakaoTalk_Chat.txt' }).kind, 'conversation');
    const c = extractConversation(text, { filename: 'KakaoTalk_Chat.txt', reference: '2027-06-01' });
    assert.equal(c.date, '2027-05-07');
    assert.deepEqual([...c.participants].sort(), ['김하늘', '이서준']);
  });

  it('a stamped line that is not a KakaoTalk message leaves the text as it is', () => {
    const raw = '[note] [draft] this is a list\n[note] [draft] of tags\n';
    assert.equal(readableText(raw, 'tags.txt'), raw);
  });

  it('a WhatsApp export with dashed days (Dutch phones) reads day first', () => {
    const raw = '[12-03-2027 09:41:22] Pieter: Goedemorgen, de limiet staat live.\n[12-03-2027 09:43:05] Sanne: Top.\n[12-03-2027 09:44:51] Pieter: We hebben besloten de eerste maand niets te rekenen.\n';
    const c = extractConversation(readableText(raw, 'chat.txt'), { filename: 'chat.txt', reference: '2027-06-01' });
    assert.equal(c.date, '2027-03-12');
  });

  it('Finnish minutes with Päivämäärä and Paikalla are a meeting, dated by the label', () => {
    const text = 'Palaveri Juha Niemisen kanssa\nPäivämäärä: 4.2.2027\nPaikalla: Juha Nieminen (Saimaa Data), Mikko Laine\n\n- Rajapinta valmis maaliskuussa.\nPäätös: aloitetaan kokeilu.\n';
    assert.equal(classifyContent({ text, filename: 'palaveri.txt' }).kind, 'meeting');
    assert.equal(eventDate(text, 'meeting', {})?.date, '2027-02-04');
  });

  it('a report titled in Russian is a document', () => {
    const text = 'Отчёт о поставках\nПоставщик: Уралтех\nОтгружено 400 датчиков.\nДанные по состоянию на 1 апреля 2027 г.\n';
    assert.equal(classifyContent({ text, filename: 'report.txt' }).kind, 'document');
  });
});
