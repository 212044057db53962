// Second review of the filing pass: rules that misfiled ordinary items. Each row was reproduced by
// the reviewer; the controls keep what the rules were written for.
import assert from 'node:assert/strict';
import { classifyContent } from '../../src/domain/filing/classify.js';
import { checkWorthFiling } from '../../src/domain/filing/worthFiling.js';

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
