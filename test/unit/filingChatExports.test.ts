// Table tests for chat exports and multilingual documents (the dev7 filing set's rules): which kind an
// item is and which day it carries, for ChatGPT and Claude exports (JSON and markdown), messenger
// exports and pastes (WhatsApp, Telegram, Teams, Discord), ChatGPT's interface copied in other
// languages, chats written as "Name:" blocks, and documents dated by a label in another language.
import assert from 'node:assert/strict';
import { classifyContent } from '../../src/domain/filing/classify.js';
import { extractConversation } from '../../src/domain/filing/conversation.js';
import { eventDate } from '../../src/domain/filing/eventDate.js';
import { readableText } from '../../src/domain/filing/formats.js';
import { datesIn, parseSessionTranscript, speakerOf } from '../../src/domain/filing/text.js';
import { checkWorthFiling } from '../../src/domain/filing/worthFiling.js';

const epoch = (iso: string) => Date.parse(iso) / 1000;

/** How the filer reads an upload: its readable text, its kind, and a conversation's day. */
function read(raw: string, filename: string): { kind: string; date: string | null; participants: string[]; text: string } {
  const text = readableText(raw, filename);
  const kind = classifyContent({ text, filename }).kind;
  const c = extractConversation(text, { filename, reference: '2026-11-26' });
  return { kind, date: c.date, participants: c.participants, text: c.text };
}

const claude = (name: string, created: string, updated: string, first: string) => ({
  uuid: 'c1',
  name,
  summary: '',
  created_at: created,
  updated_at: updated,
  current_leaf_message_uuid: 'm2',
  chat_messages: [
    { uuid: 'm1', text: '', content: [{ type: 'text', text: first }], sender: 'human', index: 0, created_at: created, updated_at: updated },
    { uuid: 'm2', text: 'Offer ten percent for two years.', content: [], sender: 'assistant', index: 1, created_at: created, updated_at: updated },
  ],
});

describe('filing chat exports: kind and day', () => {
  const cases: Array<[string, string, string, { kind: string; date: string | null; participants?: string[] }]> = [
    [
      'a ChatGPT export: unix floats, a mapping tree out of order, a later update_time',
      'conversations.json',
      JSON.stringify([
        {
          title: 'Acme seats',
          create_time: epoch('2026-09-14T16:02:10Z') + 0.51,
          update_time: epoch('2026-09-21T08:15:00Z') + 0.9,
          current_node: 'b',
          mapping: {
            b: { id: 'b', parent: 'a', children: [], message: { author: { role: 'assistant' }, create_time: epoch('2026-09-14T16:02:40Z') + 0.2, content: { content_type: 'text', parts: ['Offer ten percent.'] } } },
            root: { id: 'root', parent: null, children: ['a'], message: null },
            a: { id: 'a', parent: 'root', children: ['b'], message: { author: { role: 'user' }, create_time: epoch('2026-09-14T16:02:10Z') + 0.1, content: { content_type: 'text', parts: ['Ada Lovelace at Acme wants 120 seats.'] } } },
          },
        },
      ]),
      { kind: 'conversation', date: '2026-09-14' },
    ],
    ['a Claude JSON export: the conversation starts on created_at, not on updated_at', 'conversations.json', JSON.stringify([claude('Acme seats', '2026-10-05T07:31:44.918391+00:00', '2026-10-12T16:02:10.120000+00:00', 'Ada at Acme wants 120 seats.')]), { kind: 'conversation', date: '2026-10-05' }],
    [
      'a Claude export of several conversations, newest first: read in the order they were held',
      'conversations.json',
      JSON.stringify([claude('Later', '2026-09-01T10:00:00Z', '2026-09-01T11:00:00Z', 'Acme renews.'), claude('Earlier', '2026-08-01T10:00:00Z', '2026-08-02T11:00:00Z', 'Globex renews.')]),
      { kind: 'conversation', date: '2026-08-01' },
    ],
    [
      'a markdown export whose metadata block opens with "**User:** Anonymous"',
      'ChatGPT-Acme.md',
      '# Acme pricing\n\n**User:** Anonymous  \n**Created:** 6/7/2026 11:58:31  \n**Updated:** 6/8/2026 11:21:52  \n**Exported:** 6/9/2026 12:01:19  \n\n## Prompt:\n2026/6/7 11:58:28\n\nAda at Acme wants 120 seats.\n\n## Response:\nOffer ten percent.\n',
      { kind: 'conversation', date: '2026-06-07' },
    ],
    [
      'a markdown export that writes Updated before Created',
      'claude.md',
      '# Pricing\n\n**Exported:** 11/20/2026 9:12:33\n**Updated:** 5/19/2026 08:00\n**Created:** 5/7/2026 13:21\n\n## Prompt:\nAda at Acme wants 120 seats.\n\n## Response:\nOffer 10%.\n',
      { kind: 'conversation', date: '2026-05-07' },
    ],
    [
      'frontmatter created_at and updated_at',
      'claude.md',
      '---\ntitle: Pricing for Acme\ncreated_at: 2026-05-07T13:21:09Z\nupdated_at: 2026-05-19T08:00:00Z\n---\n\n## Human\n\nAda at Acme wants 120 seats.\n\n## Assistant\n\nOffer 10%.\n\n## Human\n\nWe decided on 12%.\n',
      { kind: 'conversation', date: '2026-05-07' },
    ],
    [
      'a CLI session export: a quoted Started line, emoji before the roles',
      'session.md',
      '# 🤖 Copilot CLI Session\n\n> [!NOTE]\n> - **Session ID:** `39f1b62f`\n> - **Started:** 5/6/2026, 6:10:42 PM\n> - **Exported:** 5/9/2026, 6:11:59 PM\n\n---\n\n### 👤 User\n\nAcme wants the Falcon build fixed.\n\n---\n\n### 💬 Copilot\n\nI fixed the build.\n',
      { kind: 'conversation', date: '2026-05-06' },
    ],
    ['an exporter stamp dates a chat when nothing else does', 'c.md', '# Chat export\n_Exported 2026-06-30 14:02_\n\n**User:** Ada at Acme wants 120 seats.\n\n**Assistant:** ok\n', { kind: 'conversation', date: '2026-06-30' }],
    [
      'ChatGPT copied in Spanish ("Dijiste:" / "ChatGPT dijo:")',
      'chat.txt',
      'Dijiste:\nSolmar quiere bajar la tarifa a 1.700 euros. ¿Qué hago?\nChatGPT dijo:\nPide un compromiso de volumen.\nDijiste:\nDecidido, ofrecemos 1.720.\n',
      { kind: 'conversation', date: null, participants: ['User', 'Assistant'] },
    ],
    [
      'ChatGPT copied in French ("Vous avez dit :" / "ChatGPT a dit :")',
      'conversation.txt',
      'Vous avez dit :\nLumen demande un devis pour 2 300 médecins.\nChatGPT a dit :\nUn prix par praticien actif.\nVous avez dit :\nNous avons décidé de proposer 3,50 €.\n',
      { kind: 'conversation', date: null, participants: ['User', 'Assistant'] },
    ],
    [
      'ChatGPT copied in German under a "Datum:" line',
      'chat.txt',
      'Datum: 14.10.2026\n\nDu hast gesagt:\nRheinwerk braucht eine Schätzung.\nChatGPT hat gesagt:\nEtwa 25 Personentage.\nDu hast gesagt:\nWir schätzen 30 Personentage.\n',
      { kind: 'conversation', date: '2026-10-14' },
    ],
    [
      'ChatGPT copied in Portuguese',
      'chat.txt',
      'Você disse:\nA Cafeterra vai embarcar 320 sacos.\nO ChatGPT disse:\nUse um contêiner de 20 pés.\nVocê disse:\nDecidimos pelo contêiner.\n',
      { kind: 'conversation', date: null, participants: ['User', 'Assistant'] },
    ],
    [
      'a Portuguese transcript whose "Data:" line is a field, not a speaker',
      'sessao.md',
      '# Sessão\nData: 21/10/2026\n\n**Usuário:** A Cafeterra vai embarcar 320 sacos.\n\n**Assistente:** Use um contêiner de 20 pés.\n\n**Usuário:** Decidimos pelo contêiner.\n',
      { kind: 'conversation', date: '2026-10-21', participants: ['User', 'Assistant'] },
    ],
    ['a person writing as "Yo" with Claude', 'chat.txt', 'Yo: Solmar quiere un almacén en Zaragoza.\n\nClaude: Compara con subcontratar.\n\nYo: Decidido, subcontratamos.\n', { kind: 'conversation', date: null, participants: ['User', 'Assistant'] }],
    [
      'a Spanish chat between two people, said to be a chat in its header',
      'chat_equipo.txt',
      'Conversación del chat del equipo — 5 de octubre de 2026\n\nLucía Fernández: La terminal nos da prioridad de atraque los martes.\nTomás Ruiz: ¿Y si un mes no llegamos a los 80?\nLucía Fernández: Perdemos la prioridad el mes siguiente.\nTomás Ruiz: Decidido: aceptamos el acuerdo.\n',
      { kind: 'conversation', date: '2026-10-05', participants: ['Lucía Fernández', 'Tomás Ruiz'] },
    ],
    [
      'names alone on their lines above each message',
      'chat.txt',
      'Chat con Lucía — 20 oct 2026\n\nLucía:\nLa migración está prevista para el mes que viene y Solmar necesita confirmar los usuarios.\n\nYo:\nTe los confirmo el lunes con la lista completa de accesos.\n\nLucía:\nPerfecto, quedamos en eso.\n',
      { kind: 'conversation', date: '2026-10-20', participants: ['Lucía', 'User'] },
    ],
    [
      'a Teams chat copy: dated heads, "Last, First" names',
      'teams.txt',
      '[10/6/2026 9:14 AM] Nair, Priya\nThe Orca cap goes to 100k on Monday.\n[10/6/2026 9:20 AM] Dan Ortiz\nGreat, decided: we tell customers Tuesday.\n[10/6/2026 9:21 AM] Nair, Priya\nOK.\n',
      { kind: 'conversation', date: '2026-10-06', participants: ['Priya Nair', 'Dan Ortiz'] },
    ],
    [
      'a Discord copy with day-first heads',
      'discord.txt',
      'Camille Dubois — 15/09/2026 16:12\nLumen a obtenu la certification HDS.\nHugo Martin — 15/09/2026 16:20\nBravo ! On garde 40 médecins ?\nCamille Dubois — 15/09/2026 16:24\nOui, 40 médecins.\n',
      { kind: 'conversation', date: '2026-09-15', participants: ['Camille Dubois', 'Hugo Martin'] },
    ],
    [
      'a WhatsApp export in Portuguese: 03/11 is day first',
      'WhatsApp Chat - João.txt',
      '[03/11/2026, 09:14:02] João Pereira: Bom dia! A safra saiu menor que o previsto.\n[03/11/2026, 09:20:11] Marta Reis: E o preço continua o mesmo?\n[03/11/2026, 09:22:37] João Pereira: Sim, mantemos o preço para os 320 sacos.\n',
      { kind: 'conversation', date: '2026-11-03', participants: ['João Pereira', 'Marta Reis'] },
    ],
    [
      'a US WhatsApp export with a two-digit year',
      'WhatsApp Chat with Priya.txt',
      '10/07/26, 9:41 AM - Priya Nair: Our risk team signed off on the KYB review\n10/07/26, 9:52 AM - Dan Ortiz: Can we also get same-day settlement?\n10/07/26, 9:55 AM - Priya Nair: Not before Q1, the EU partner needs another audit\n',
      { kind: 'conversation', date: '2026-10-07' },
    ],
    [
      'a French Android WhatsApp export ("14/10/2026 à 09:14 - …")',
      'WhatsApp Chat.txt',
      '14/10/2026 à 09:14 - Camille Dubois: Lumen a obtenu la certification.\n14/10/2026 à 09:20 - Hugo Martin: Bravo, on garde 40 médecins ?\n14/10/2026 à 09:24 - Camille Dubois: Oui, nous avons décidé de garder 40 médecins.\n',
      { kind: 'conversation', date: '2026-10-14', participants: ['Camille Dubois', 'Hugo Martin'] },
    ],
    [
      'a Japanese iOS WhatsApp export, the year first',
      'WhatsApp Chat.txt',
      '[2026/10/14 9:14:02] Kenji Watanabe: 移行を3月に延期します。\n[2026/10/14 9:20:11] Dan Ortiz: 了解です。費用は折半で。\n[2026/10/14 9:22:37] Kenji Watanabe: 合意しました。\n',
      { kind: 'conversation', date: '2026-10-14', participants: ['Kenji Watanabe', 'Dan Ortiz'] },
    ],
    [
      'a Spanish Android WhatsApp export with "a. m." times',
      'WhatsApp Chat.txt',
      '04/10/26, 9:14 a. m. - Lucía Fernández: La terminal nos da prioridad.\n04/10/26, 9:20 a. m. - Tomás Ruiz: ¿Y la penalización?\n04/10/26, 9:24 a. m. - Lucía Fernández: No hay penalización.\n',
      { kind: 'conversation', date: '2026-10-04', participants: ['Lucía Fernández', 'Tomás Ruiz'] },
    ],
  ];
  for (const [what, filename, raw, want] of cases) {
    it(what, () => {
      const r = read(raw, filename);
      assert.equal(r.kind, want.kind, `kind of: ${r.text.slice(0, 80)}`);
      assert.equal(r.date, want.date);
      if (want.participants) assert.deepEqual(r.participants, want.participants);
    });
  }

  it('an export wrapped in an object, or holding other records beside its conversations, is read as its conversations', () => {
    const conv = claude('Acme seats', '2026-09-25T10:00:00Z', '2026-09-26T10:00:00Z', 'Ada at Acme wants 120 seats.');
    for (const value of [{ conversations: [conv] }, [conv, { uuid: 'p1', name: 'Project X', docs: [] }]]) {
      const s = parseSessionTranscript(JSON.stringify(value))!;
      assert.ok(s, JSON.stringify(value).slice(0, 60));
      assert.deepEqual(s.turns.map((t) => t.speaker), ['User', 'Assistant']);
      assert.equal(s.meta.created_at, '2026-09-25T10:00:00Z');
    }
  });

  it("a Telegram message split into formatted pieces is one sentence, dated by the message's `date`", () => {
    const s = parseSessionTranscript(
      JSON.stringify({ name: 'Anke Vogel', type: 'personal_chat', messages: [{ type: 'service', date: '2026-09-01T10:00:00', text: '' }, { type: 'message', date: '2026-09-02T18:22:41', from: 'Anke Vogel', text: ['Budget for ', { type: 'bold', text: 'Falcon' }, ' approved.'] }, { type: 'message', date: '2026-09-02T18:25:41', from: 'Jonas Keller', text: 'great' }] }),
    )!;
    assert.deepEqual(s.turns.map((t) => `${t.speaker}:${t.text}`), ['Anke Vogel:Budget for Falcon approved.', 'Jonas Keller:great']);
    assert.equal(s.meta.date, '2026-09-02');
  });

  it('decisions and facts are read in the languages chats are written in', () => {
    const c = extractConversation('User: Anke Vogel von Rheinwerk hat das Budget freigegeben.\nAssistant: Gut.\nUser: Wir haben entschieden, dass nur Anbieter mit Hosting in Deutschland zugelassen werden.');
    assert.deepEqual(c.decisions, ['Wir haben entschieden, dass nur Anbieter mit Hosting in Deutschland zugelassen werden.']);
    assert.ok(c.facts.includes('Anke Vogel von Rheinwerk hat das Budget freigegeben.'), JSON.stringify(c.facts));
    assert.equal(extractConversation('User: Combinado então: 320 sacos em março e 80 em maio.\nAssistant: Ok.').decisions.length, 1);
    assert.equal(extractConversation('User: Nous avons décidé de passer à 60 médecins en décembre.\nAssistant: Ok.').decisions.length, 1);
  });
});

describe('filing documents: a labelled day in other languages', () => {
  const cases: Array<[string, string, string]> = [
    ['Spanish effective date', 'CONTRATO DE PRESTACIÓN DE SERVICIOS\n\nFecha de entrada en vigor: 1 de octubre de 2026\nReferencia: SOL-2026-118\n\nPrimera. Objeto.', '2026-10-01'],
    ['Spanish last update', 'Política de privacidad\n\nÚltima actualización: 3 de marzo de 2026\n\nTexto.', '2026-03-03'],
    ['German last updated', '# Marktbericht\n\nZuletzt aktualisiert: 03.11.2026\nAutorin: Jonas Keller\n\nText.', '2026-11-03'],
    ['German valid from', 'Preisblatt\n\nGültig ab: 01.01.2027\n\nText.', '2027-01-01'],
    ['French last update, a space before the colon', '# Politique\n\nDernière mise à jour : 2 novembre 2026\nVersion : 1.3\n\nTexte.', '2026-11-02'],
    ["French date d'entrée en vigueur", "Conditions générales\n\nDate d'entrée en vigueur : 15 novembre 2026\n\nTexte.", '2026-11-15'],
    ['Portuguese last update', 'Relatório de safra\nÚltima atualização: 20/10/2026\n\nTexto.', '2026-10-20'],
    ['Italian last update', '# Relazione\n\nUltimo aggiornamento: 7 ottobre 2026\n\nTesto.', '2026-10-07'],
    ['Japanese: the last-updated day over the created day', '# 仕様書\n\n作成日：2026年9月1日\n最終更新日：2026年9月30日\n\n本文。', '2026-09-30'],
    ['English: a revision day over the created day', '# Spec\n\nCreated: 2026-01-10\nLast updated: 2026-02-14\n\nText.', '2026-02-14'],
    ['English: the first of two revision labels', '# Policy\n\nEffective date: 2026-03-01\nLast updated: 2026-02-14\n\nText.', '2026-03-01'],
    ['an abbreviated Spanish month', 'Informe trimestral\n\nFecha: 20 ene. 2026\n\nTexto.', '2026-01-20'],
  ];
  for (const [what, text, date] of cases) {
    it(what, () => assert.equal(eventDate(text, 'document', { reference: '2026-11-26' })?.date, date));
  }

  it('abbreviated months in other languages need a day and a year beside them', () => {
    assert.deepEqual(datesIn('3 fev 2026, 14. Okt. 2026, 3 déc. 2026, 20 out. 2026'), ['2026-02-03', '2026-10-14', '2026-12-03', '2026-10-20']);
    assert.deepEqual(datesIn('3 out of 5 customers set 2 goals'), []);
  });

  it('a one-word label over a date alone is a field, not a speaker', () => {
    const table: Array<[string, boolean]> = [
      ['Data: 21/10/2026', false],
      ['Exported: 11/20/2026 9:12:33', false],
      ['Fecha: martes, 5 de octubre de 2026', false],
      ['Ada: we ship on 2026-03-01', true],
      ['Usuário: olá', true],
    ];
    for (const [line, speaks] of table) assert.equal(speakerOf(line) != null, speaks, line);
  });
});

describe('filing junk: list footers in other languages', () => {
  it('a Spanish newsletter goes to review; a Spanish memo with a date is filed', () => {
    const letter =
      'From: Boletín Logística Hoy <boletin@logisticahoy.es>\nTo: suscriptores@logisticahoy.es\nSubject: Las 5 tendencias de la logística para 2027\n\n¡Hola!\n\nEsta semana en Logística Hoy: las 5 tendencias que marcarán 2027 y nuestro seminario web gratuito.\n\nLee el boletín completo en nuestra web.\n\nSi no quieres recibir más correos, date de baja aquí.\n';
    assert.equal(checkWorthFiling(letter, 'document').worth, false);
    assert.equal(checkWorthFiling('Memorando\n\nFecha: 3 de marzo de 2026\n\nSolmar firma el contrato de dos años con un mínimo de 120 contenedores.', 'document').worth, true);
  });
});
