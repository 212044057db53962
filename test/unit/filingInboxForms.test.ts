// Tables for the inbox forms the third blind filing set (bench/filingEval/blind3.ts) found unread:
// Portuguese, Polish and Korean dates, dates in table rows and dated header sentences, "last
// Tuesday" in e-mailed recaps, WhatsApp and Telegram exports, meeting and document signals,
// investor updates from tracked people versus newsletters, automated mail in other languages,
// nicknames, Dutch/German compounds and bare "@domain" mentions.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseBrainSchema } from '../../src/domain/brainSchema.js';
import { classifyContent } from '../../src/domain/filing/classify.js';
import { EntityResolver, type EntityLookup } from '../../src/domain/filing/entities.js';
import { eventDate } from '../../src/domain/filing/eventDate.js';
import { readableText } from '../../src/domain/filing/formats.js';
import { mailSender, meetingDateInMessage } from '../../src/domain/filing/messageDate.js';
import { datesIn, parseSessionTranscript } from '../../src/domain/filing/text.js';
import { checkWorthFiling } from '../../src/domain/filing/worthFiling.js';
import { parsePage } from '../../src/domain/markdown.js';
import { TEMPLATES_DIR } from '../../src/services/templates.js';

const PAGES: Record<string, string> = {
  'people/robert-okafor.md': '---\ntitle: Robert Okafor\nemail: robert@lumen.example\n---\n# Robert Okafor\n',
  'people/jean-pierre.md': '---\ntitle: Jean Dupont\n---\n# Jean Dupont\n',
  'companies/acme.md': '---\ntitle: Acme\ndomain: acme.com\n---\n# Acme\n',
  'companies/initech.md': '---\ntitle: Initech\ndomain: initech.com\n---\n# Initech\n',
  'projects/atlas.md': '---\ntitle: Atlas Migration\naliases: [Atlas]\n---\n# Atlas Migration\n',
};

function resolver(): EntityResolver {
  const schema = parseBrainSchema(fs.readFileSync(path.join(TEMPLATES_DIR, 'default', 'schema.json'), 'utf8'));
  const parsed = Object.entries(PAGES).map(([p, md]) => ({ path: p, ...parsePage(p, md) }));
  const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v == null ? [] : [String(v)]);
  const under = (roots: string[]) => parsed.filter((p) => roots.some((r) => p.path.startsWith(`${r}/`)));
  const lookup: EntityLookup = {
    read: (p) => PAGES[p] ?? null,
    findByField: (key, value, roots) => under(roots).filter((p) => listOf(p.frontmatter[key]).some((v) => v.toLowerCase() === value.toLowerCase())).map((p) => p.path),
    findByName: (name, roots) => under(roots).filter((p) => [p.title, ...listOf(p.frontmatter.aliases)].some((n) => n.toLowerCase() === name.toLowerCase())).map((p) => p.path),
    findByFirstName: (first, roots) => under(roots).filter((p) => p.title.toLowerCase().startsWith(`${first.toLowerCase()} `)).map((p) => p.path),
    resolve: () => null,
  };
  return new EntityResolver(lookup, { schema, partitionKey: null, roots: ['people', 'companies', 'projects'] });
}

describe('filing: inbox forms of the third blind set', () => {
  const written: Array<[string, string | null]> = [
    ['3 de novembro de 2026', '2026-11-03'],
    ['Kraków, 14 października 2026 r.', '2026-10-14'],
    ['- 일시: 2026년 11월 5일 (목) 오전 10시', '2026-11-05'],
    ['Maja przyszła wczoraj', null],
  ];
  for (const [text, want] of written) it(`datesIn "${text}" → ${want}`, () => assert.equal(datesIn(text)[0] ?? null, want));

  const docs: Array<[string, string, string | null]> = [
    ['a date label in a table row', '# PRD: Import\n\n| | |\n|---|---|\n| Author | A |\n| Last updated | 2026-09-14 |\n\nText.', '2026-09-14'],
    ['a dated sentence opening a header line', '# "Talk title"\n\nKubeCon EU, Amsterdam, 20 March 2026. My notes from the talk.\n\nBody.', '2026-03-20'],
    ['a Korean date label', '# 회의록\n\n- 일시: 2026년 11월 5일 (목)\n- 참석자: A, B\n', '2026-11-05'],
    ['a deadline in a long header sentence is not the date', '# Plan\n\nWe expect the whole migration to be finished and signed off by 20 March 2026 at the latest.\n', null],
  ];
  for (const [what, text, want] of docs) it(`document date: ${what} → ${want}`, () => assert.equal(eventDate(text, 'document')?.date ?? null, want));

  it('"the call last Tuesday" in a recap sent on a Friday is that week\'s Tuesday; not without a meeting word', () => {
    assert.equal(meetingDateInMessage('Thanks again for the call last Tuesday.', '2026-11-20'), '2026-11-17');
    assert.equal(meetingDateInMessage('Thanks for the call last Friday.', '2026-11-20'), '2026-11-13');
    assert.equal(meetingDateInMessage('The invoice went out last Tuesday.', '2026-11-20'), null);
  });

  it('reads a WhatsApp export as a session of its writers, dated by its first message (day first in Portuguese)', () => {
    const text = [
      '03/11/2026, 14:02 - As mensagens e as chamadas são protegidas com a criptografia de ponta a ponta.',
      '03/11/2026, 14:02 - João Pereira: Bom dia Ada! Tudo bem?',
      '03/11/2026, 14:03 - Ada Lovelace: Tudo ótimo! Conseguiu falar com a diretoria?',
      '03/11/2026, 14:05 - João Pereira: Sim. Vamos assinar o piloto',
      'começamos em janeiro',
      '03/11/2026, 14:07 - João Pereira: <Mídia oculta>',
    ].join('\n');
    const session = parseSessionTranscript(readableText(text));
    assert.ok(session);
    assert.deepEqual(
      session.turns.map((t) => t.speaker),
      ['João Pereira', 'Ada Lovelace', 'João Pereira'],
    );
    assert.match(session.turns[2]!.text, /janeiro/);
    assert.equal(session.meta.date, '2026-11-03');
    assert.equal(classifyContent({ text: readableText(text) }).kind, 'conversation');
    // Two stamped lines are not an export.
    assert.equal(readableText('03/11/2026, 14:02 - A: x\n03/11/2026, 14:03 - B: y\nplain'), '03/11/2026, 14:02 - A: x\n03/11/2026, 14:03 - B: y\nplain');
  });

  it('dates a Telegram export by its messages', () => {
    const text = JSON.stringify({ name: 'G', type: 'private_group', messages: [{ id: 1, type: 'message', date: '2026-11-24T09:14:40', from: 'Pieter', text: 'Done.' }, { id: 2, type: 'message', date: '2026-11-24T09:20:03', from: 'Linus', text: ['Great, ', { type: 'bold', text: 'thanks' }] }] });
    assert.equal(parseSessionTranscript(text)?.meta.date, '2026-11-24');
  });

  const kinds: Array<[string, string, string | null, string]> = [
    ['a voice memo about a coffee meeting', "Okay, uh, so, just got out of coffee with Ken. Um, he's, like, really keen to lead the bridge round, he said he could do two million, maybe two and a half, if, uh, if the grid contract closes. He also asked how the migration is going. Next step is I send him the data room link today. Yeah.\n", 'Voice Memo 2026-11-03.txt', 'meeting'],
    ['Korean minutes with a bulleted attendee line', '# 회의록\n\n- 일시: 2026년 11월 5일\n- 참석자: 박민준, Barbara Liskov\n\n## 논의 내용\n칩 적용 방안을 논의함.\n\n## 결정 사항\n- 샘플 200개를 공급한다.\n', '회의록.md', 'meeting'],
    ['Portuguese minutes', '# Ata da reunião — Brisa\n\n**Data:** 3 de novembro de 2026\n**Participantes:** João, Ada\n\n## Pauta\n1. Piloto\n\n## Decisões\n- Entra no piloto.\n', 'ata.md', 'meeting'],
    ['a mailed investor update', 'From: R <r@lumen.example>\nTo: investors@lumen.example\nDate: Mon, 2 Nov 2026 07:30:00 -0600\nSubject: Lumen — November investor update\n\nHi friends,\n\nRevenue grew 9% in October and we were shortlisted for the grid contract. Cash is $5.1M, runway 14 months at current burn.\n\nOur CEO is on medical leave until January; I am acting CEO in the meantime, alongside my CFO role.\n', null, 'document'],
    ['a Polish memo under a place-and-date line', 'Kraków, 14 października 2026 r.\n\nNOTATKA SŁUŻBOWA\nDotyczy: umowy ramowej\n\nAcme przesłało projekt umowy ramowej na dostawę 120 robotów w latach 2027–2028.\n', 'notatka.txt', 'document'],
    ['a support ticket thread', 'Ticket #8812 — "Invoice export fails with timeout"\nRequester: Hedy Lamarr (Northwind Traders)\nCreated: 2026-11-16 08:41 UTC · Priority: High\n\n---- Hedy Lamarr, Nov 16, 08:41\nHi, the monthly invoice export has been timing out since Friday. We need it for the close on Wednesday.\n\n---- Support, Nov 17, 15:20\nFixed: exports now stream and finish in under 20 seconds for your account. Please confirm.\n', 'Ticket 8812.txt', 'document'],
  ];
  for (const [what, text, filename, want] of kinds) it(`classifies ${what} as ${want}`, () => assert.equal(classifyContent({ text, filename }).kind, want));

  const update = 'From: Robert <robert@lumen.example>\nTo: investors@lumen.example\nDate: Mon, 2 Nov 2026 07:30:00 -0600\nSubject: November investor update\n\nHi friends,\n\nRevenue: $412k (+9% MoM). Cash: $5.1M, runway 14 months.\nI am acting CEO until January.\n\n—\nYou\'re receiving this because you are an investor in Lumen. Unsubscribe · Update preferences\n';
  it('a list mail from a person the brain tracks is worth filing; the same mail from a stranger is a newsletter', () => {
    assert.equal(mailSender(update), 'robert@lumen.example');
    assert.equal(checkWorthFiling(update, 'document', { knownSender: true }).worth, true);
    assert.equal(checkWorthFiling(update, 'document').worth, false);
    // A known sender does not lift the other automated-mail signals.
    const ack = 'From: Support <robert@lumen.example>\nSubject: [Request #1] received\n\nThis is an automated message. Please do not reply to this email.\n';
    assert.equal(checkWorthFiling(ack, 'other', { knownSender: true }).worth, false);
  });

  const automated: Array<[string, string]> = [
    ['Polish', 'Twoje zamówienie nr 48812 zostało wysłane. Przewidywana dostawa: 27 listopada.\n\nWiadomość wygenerowana automatycznie, prosimy na nią nie odpowiadać.'],
    ['Italian', 'Il tuo ordine è stato spedito. Messaggio generato automaticamente, non rispondere a questa email.'],
    ['Portuguese', 'Seu pedido foi enviado. Esta é uma mensagem automática, não responda a este e-mail.'],
  ];
  for (const [lang, text] of automated) it(`an automated ${lang} notice is not worth filing`, () => assert.equal(checkWorthFiling(text, 'other').worth, false));

  const r = resolver();
  const names: Array<[string, string[]]> = [
    ['Bob Okafor', ['people/robert-okafor.md']],
    ['Robbie Okafor', ['people/robert-okafor.md']],
    ['Bob Smith', []],
    ['Atlas-migratie', ['projects/atlas.md']],
    ['Acme-contract', ['companies/acme.md']],
    ['Jean-Pierre', []],
  ];
  for (const [name, want] of names) it(`name "${name}" → ${want.join(', ') || 'nothing'}`, () => assert.deepEqual(r.byName(name), want));

  it('a bare "@domain" and "the <domain> tenant" reach the company; an address and a link do not', () => {
    const found = (text: string) => r.mentions(text).found.map((f) => f.path).sort();
    assert.deepEqual(found('Scope: users with @acme.com addresses.'), ['companies/acme.md']);
    assert.deepEqual(found('Finding: the initech.com tenant allows 12-hour sessions.'), ['companies/initech.md']);
    assert.deepEqual(found('Write to sales@acme.com or see https://initech.com/pricing.'), []);
  });
});
