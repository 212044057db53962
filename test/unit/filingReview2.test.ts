// Second review of the filing pass: rules that misfiled ordinary items. Each row was reproduced by
// the reviewer; the controls keep what the rules were written for.
import assert from 'node:assert/strict';
import { EntityResolver } from '../../src/domain/filing/entities.js';
import { classifyContent } from '../../src/domain/filing/classify.js';
import { checkWorthFiling } from '../../src/domain/filing/worthFiling.js';
import { eventDate } from '../../src/domain/filing/eventDate.js';
import { resolverOver } from '../helpers/entityResolver.js';

const worth = (text: string, filename?: string) => checkWorthFiling(text, classifyContent({ text, filename }).kind).worth;

describe('filing review 2: receipts need a sum beside a due word, and are not meetings or contracts (B4)', () => {
  const rows: Array<[string, string, boolean]> = [
    ['German minutes: an invoice to check, due on a date', 'Protokoll Teamsitzung 12.03.2027\n\nAnwesend: Anna, Jonas\n\n- Rechnung Nr. 4711 von Brandt prüfen, fällig am 15.04.2027.\n- Jonas bereitet das Angebot vor.', true],
    ['Italian contract: an invoice and a payment term', 'Contratto di fornitura\n\nFattura n. 12 emessa alla consegna. Scadenza: 30 giorni dalla data della fattura. Il fornitore garantisce la qualità della merce.', true],
    ['French minutes: a project deadline and an invoice sent', 'Compte rendu de réunion du 4 mars 2027\n\nÉchéance du projet : fin avril.\nFacture n° 12 envoyée au client.\nProchaine réunion le 11 mars.', true],
    ['a German invoice with its sum', 'Rechnung Nr. 4711\n\nRechnungsbetrag: 120,00 €\nFällig am 15.04.2027', false],
    ['a Dutch invoice: a total with its sum beside it', 'Factuur 2026-113\n\nTotaal € 45,00\nVervaldatum: 1 mei 2027', false],
    ['an Italian invoice: a due day with its sum', 'Fattura n. 88\n\nScadenza 30/04/2027 — 1.250,00 EUR', false],
  ];
  for (const [name, text, expected] of rows) it(name, () => assert.equal(worth(text), expected));
});

describe('filing review 2: spam needs two distinct signals (B5)', () => {
  const rows: Array<[string, string, boolean]> = [
    ['a support note: an answer time and a client account', 'Nota de soporte\n\nRespondemos en 24 horas a cada incidencia. Actividad sospechosa en la cuenta del cliente Solmar: se revisaron los accesos y no hubo pérdida de datos.', true],
    ['an urgent answer time counts once', 'Ticket 4471\n\nUrgent: the customer asked us to reply within 24 hours, we respond en 24 horas on Spanish tickets. Ana took it.', true],
    ['phishing: suspicious activity on your account, act within 24 hours', 'Hemos detectado actividad sospechosa en su cuenta. Confirme sus datos en las próximas 24 horas o su cuenta será suspendida.', false],
    ['English phishing: unusual activity on your account, urgent', 'We noticed unusual activity on your account. Urgent: confirm your details now.', false],
  ];
  for (const [name, text, expected] of rows) it(name, () => assert.equal(worth(text), expected));
});

describe('filing review 2: "as of" dates only a document, from a line it opens or closes; a file-name date wins (B6)', () => {
  // Deep in the text, past the header lines that earlier steps read.
  const items = Array.from({ length: 9 }, (_, i) => `- item ${i + 1} was reviewed and closed.`).join('\n');
  const rows: Array<[string, string, 'meeting' | 'document', string | undefined, string | null]> = [
    ['a standup note: a figure "as of" is not the meeting day', `# Standup\n\n${items}\n- ARR as of 31 Dec 2025: $1.2M\n- hiring on track`, 'meeting', '2026-11-20 standup.md', '2026-11-20'],
    ['a document named by date: the file name wins', `Board pack\n\n${items}\n\nStand vom 15.03.2027\n`, 'document', '2026-11-20 board pack.md', '2026-11-20'],
    ['a document: a figure "as of" mid-line is not its day', `Metrics\n\n${items}\n\n- ARR as of 31 Dec 2025: $1.2M\n`, 'document', undefined, null],
    ['a document: a line that opens with "as of" dates it', `Metrics\n\n${items}\n\nAs of 31 December 2025\n\nARR is $1.2M.`, 'document', undefined, '2025-12-31'],
  ];
  for (const [name, text, kind, filename, want] of rows) it(name, () => assert.equal(eventDate(text, kind, { filename })?.date ?? null, want));
});

const PAGES: Record<string, string> = {
  'people/aleksandr-petrov.md': '---\ntitle: Александр Петров\n---\n# Александр Петров\n',
  'people/evgeny-smirnov.md': '---\ntitle: Евгений Смирнов\n---\n# Евгений Смирнов\n',
  'people/will-smith.md': '---\ntitle: Will Smith\n---\n# Will Smith\n',
  'people/wei-che.md': '---\ntitle: Wei Che\n---\n# Wei Che\n',
  'people/anna-peter.md': '---\ntitle: Anna Peter\n---\n# Anna Peter\n',
  'people/zhang-wei.md': '---\ntitle: Zhang Wei\n---\n# Zhang Wei\n',
  'people/mark-jones.md': '---\ntitle: Mark Jones\ncompany: "[[companies/acme]]"\n---\n# Mark Jones\n',
  'people/adam-nowak.md': '---\ntitle: Adam Nowak\n---\n# Adam Nowak\n',
  'people/mark-twain.md': '---\ntitle: Mark Twain\n---\n# Mark Twain\n',
  'companies/acme.md': '---\ntitle: Acme\n---\n# Acme\n',
};

const resolver = (): EntityResolver => resolverOver(PAGES);

describe('filing review 2: names in another case only where the text allows that case (B7–B9)', () => {
  const r = resolver();
  const rows: Array<[string, string, string, boolean]> = [
    // name, text, page, linked
    ['a woman\'s nominative -а is not a man\'s genitive', 'Александра Петрова представила отчёт.', 'people/aleksandr-petrov.md', false],
    ['another woman\'s nominative', 'Отчёт подготовила Евгения Смирнова.', 'people/evgeny-smirnov.md', false],
    ['after a preposition taking the genitive, -а is stripped', 'Получили письмо от Александра Петрова.', 'people/aleksandr-petrov.md', true],
    ['a Dutch name is not a Polish instrumental', 'Meeting with Willem Smith about the roadmap.', 'people/will-smith.md', false],
    ['in Polish text the instrumental is read', 'Spotkanie z Adamem Nowakiem się odbyło.', 'people/adam-nowak.md', true],
    ['no loose -n after Ms.', 'Ms. Chen joined.', 'people/wei-che.md', false],
    ['no loose -s after Mr.', 'Mr. Peters called back.', 'people/anna-peter.md', false],
    ['the German genitive after Herrn', 'Wir danken Herrn Peters.', 'people/anna-peter.md', true],
    ['"Pan" in English text is a Chinese surname, not an honorific', 'Call with Pan Wei about pricing.', 'people/zhang-wei.md', false],
    ['a sentence-initial common word is not a lone name beside a company', 'Met Acme today. Mark the invoice paid.', 'people/mark-jones.md', false],
    ['a mid-sentence first name beside its company still is', 'Met Acme today, and Mark sent the invoice.', 'people/mark-jones.md', true],
  ];
  for (const [name, text, page, linked] of rows) it(name, () => assert.equal(r.mentions(text).found.some((f) => f.path === page), linked, JSON.stringify(r.mentions(text).found.map((f) => f.path))));
});
