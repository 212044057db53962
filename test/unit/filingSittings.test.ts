// Table tests for the dev9 filing rules, each a general mechanism:
// 1. a pasted chat is dated by its messages' own stamps ("Nutzer (19.05.2026 21:14): …", Telegram
//    Desktop's "Name, [15.03.2027 10:02]"), else by the day a message writes for the chat ("Date of
//    this chat: …", "as decided 22 oct", a message closing on "(20/10/2026)") — never a deadline's day
//    nor a day the assistant wrote;
// 2. a session that runs past midnight is one sitting (its start day); one picked up on a later day is
//    a new sitting, and what is said then gets timeline lines dated that day;
// 3. e-mailed recaps in other languages ("ieri (mercoledì 3 marzo)", "gisteren") date the meeting;
// 4. auto-replies, automatic notices and account threats in other languages are junk; a short note
//    that names a page of the brain (in lower case too) is not "too short".
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseBrainSchema } from '../../src/domain/brainSchema.js';
import { documentAuthors, EntityResolver } from '../../src/domain/filing/entities.js';
import { namesAPage, planBuiltin, type BrainLookup, type FilingContext, type FilingItem } from '../../src/domain/filing/builtinFiler.js';
import { classifyContent } from '../../src/domain/filing/classify.js';
import { extractConversation, sittingDays, stampTime } from '../../src/domain/filing/conversation.js';
import { eventDate, selfStampedDate, slashOrder } from '../../src/domain/filing/eventDate.js';
import { readableText } from '../../src/domain/filing/formats.js';
import { meetingDateInMessage } from '../../src/domain/filing/messageDate.js';
import { parseSkillFile } from '../../src/domain/filing/skillFile.js';
import { linesToTurns, parseSessionTranscript } from '../../src/domain/filing/text.js';
import { checkWorthFiling } from '../../src/domain/filing/worthFiling.js';
import { parsePage } from '../../src/domain/markdown.js';
import { SKILLS } from '../../src/domain/skills.js';
import { TEMPLATES_DIR } from '../../src/services/templates.js';

const PAGES: Record<string, string> = {
  'people/marta-kowalska.md': '---\ntitle: Marta Kowalska\nemail: marta@odra-energia.pl\ncompany: "[[companies/odra]]"\n---\n# Marta Kowalska\n',
  'companies/odra.md': '---\ntitle: Odra Energia\naliases: [Odra]\n---\n# Odra Energia\n',
  'people/priya-sharma.md': '---\ntitle: Priya Sharma\ncompany: "[[companies/ganga]]"\n---\n# Priya Sharma\n',
  'companies/ganga.md': '---\ntitle: Ganga Fintech\n---\n# Ganga Fintech\n',
  'projects/meridian.md': '---\ntitle: Meridian\ntype: project\n---\n# Meridian\n',
  'people/sam-okafor.md': '---\ntitle: Sam Okafor\n---\n# Sam Okafor\n',
  'people/jan-nowak.md': '---\ntitle: Jan Nowak\nemail: jan@wisla-grid.example\ncompany: "[[companies/odra]]"\n---\n# Jan Nowak\n',
  'companies/wisla.md': '---\ntitle: Wisla Grid\ndomain: wisla-grid.example\n---\n# Wisla Grid\n',
  'people/samantha-reyes.md': '---\ntitle: Samantha Reyes\naliases: [Sam]\n---\n# Samantha Reyes\n',
};

function context(): FilingContext {
  const schema = parseBrainSchema(fs.readFileSync(path.join(TEMPLATES_DIR, 'default', 'schema.json'), 'utf8'));
  const skills = Object.fromEntries(SKILLS.map((n) => [n, parseSkillFile(n, fs.readFileSync(path.join(TEMPLATES_DIR, 'default', 'skills', `${n}.md`), 'utf8'))])) as FilingContext['skills'];
  const parsed = Object.entries(PAGES).map(([p, md]) => ({ path: p, ...parsePage(p, md) }));
  const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v == null ? [] : [String(v)]);
  const under = (roots: string[]) => parsed.filter((p) => roots.some((r) => r === '' || p.path.startsWith(`${r}/`)));
  const lookup: BrainLookup = {
    read: (p) => PAGES[p] ?? null,
    findByField: (key, value, roots) => under(roots).filter((p) => listOf(p.frontmatter[key]).some((v) => v.toLowerCase() === value.toLowerCase())).map((p) => p.path),
    findByName: (name, roots) => under(roots).filter((p) => [p.title, ...listOf(p.frontmatter.aliases)].some((n) => n.toLowerCase() === name.toLowerCase())).map((p) => p.path),
    findByFirstName: (first, roots) => under(roots).filter((p) => p.title.toLowerCase().startsWith(`${first.toLowerCase()} `)).map((p) => p.path),
    resolve: () => null,
  };
  return { schema, skills, scope: { schema, partitionKey: null, partitionRoot: null }, lookup, today: '2027-03-20' };
}

function plan(filename: string, raw: string) {
  const text = readableText(raw, filename);
  const kind = classifyContent({ text, filename }).kind;
  assert.equal(kind, 'conversation');
  const item: FilingItem = { id: 'item-1', filename, text, contentType: 'text/plain', targetFolder: null, partition: null, sourceReference: null, createdAt: '2027-03-20T09:00:00Z', previous: null };
  const r = planBuiltin(item, 'ingest-conversation', context());
  assert.equal(r.kind, 'plan');
  return r.plan!;
}

const sessionDay = (raw: string, filename = 'chat.txt', reference = '2027-03-20') => extractConversation(readableText(raw, filename), { filename, reference }).date;

describe('filing sessions: the day a pasted chat carries', () => {
  it('reads a stamped role label with its message on the same line (day first, dotted)', () => {
    const chat = 'Nutzer (19.05.2026 21:14): Frau Fischer von Nordwerk fragt nach einem Test. Was muss ich klären?\n\nAssistent (19.05.2026 21:15): Klären Sie die Taktzeit.\n\nNutzer (19.05.2026 21:20): Entscheidung: wir bieten einen Test an.\n';
    assert.equal(sessionDay(chat, 'chat.txt', '2026-11-26'), '2026-05-19');
    assert.equal(linesToTurns(chat)[0]!.stamp, '19.05.2026 21:14');
  });

  it('reads a stamped label in the order the chat writes its days (04/03 is 4 March in a Portuguese chat)', () => {
    const chat = 'Usuário (04/03/2027 19:02): O João Pereira da Marlim pediu um desconto de 7% no contrato de armazenagem. Faz sentido?\n\nAssistente (04/03/2027 19:03): Depende do volume: se a Marlim garantir 12 meses de ocupação mínima, 7% é razoável.\n\nUsuário (04/03/2027 19:10): Decidido: oferecemos 5% com ocupação mínima de 12 meses.\n';
    assert.equal(sessionDay(chat), '2027-03-04');
  });

  it('reads Telegram Desktop heads ("Name, [15.03.2027 10:02]") as the speakers and their days', () => {
    const chat = 'Hyun Park, [15.03.2027 10:02]\nKim confirmed the stability study moves to our lab.\n\nMina Cho, [15.03.2027 10:05]\nDo they need GMP?\n\nHyun Park, [15.03.2027 10:07]\nYes. We agreed to start on 1 April.\n';
    const c = extractConversation(readableText(chat, 'copy.txt'), { reference: '2027-03-20' });
    assert.equal(c.date, '2027-03-15');
    assert.deepEqual(c.participants, ['Hyun Park', 'Mina Cho']);
  });

  const selfDated: Array<[string, string, string | null]> = [
    ['a "Date of this chat:" sentence in the last message', '**You:** Zhang proposed exclusive distribution. What should I ask for?\n\n**Gemini:** Ask for minimum volumes.\n\n**You:** fine, we counter with 18 months. Date of this chat: 2026-06-03.\n', '2026-06-03'],
    ['a day alone in parentheses closing a message', '## Usuario\nLucía de Solaria quiere mover 40 TB. ¿Qué pregunto?\n\n## Asistente\nPregunta por la latencia.\n\n## Usuario\napunto: Solaria prefiere la UE. (20/10/2026)\n', '2026-10-20'],
    ['"as decided" with a day without its year', 'User: ada wants day 21 for germany. does that break the math?\nAI: Not much.\nUser: ok so germany: day 21. noting that as decided 22 oct.\n', '2026-10-22'],
    ['a deadline in parentheses is not the chat\'s day', 'User: the Hooli contract is due (20/10/2026) and Ada has not signed. What now?\nAssistant: Call her.\n', null],
    ['a day only the assistant writes is not the chat\'s day', 'User: when did Hooli sign the contract?\nAssistant: Today is 3 March 2026 in my notes, but check the file.\n', null],
    ['a day that was agreed on is not the chat\'s day', 'User: last week Hooli and Ada agreed on 12 May as the launch day. Is that realistic?\nAssistant: Yes.\n', null],
    ['a day after the upload is not the chat\'s day', 'User: Hooli signs the contract, date: 2027-01-10. Ok?\nAssistant: Fine.\n', null],
  ];
  for (const [name, chat, want] of selfDated) {
    it(name, () => assert.equal(sessionDay(chat, 'chat.txt', '2026-11-26'), want));
  }

  it('selfStampedDate reads "today is" in another language and skips the assistant', () => {
    const turns = [
      { speaker: 'Assistant', text: 'Hoy es 1 de marzo de 2027.' },
      { speaker: 'User', text: 'Vale. Hoy es 2 de marzo de 2027, lo apunto.' },
    ];
    assert.equal(selfStampedDate(turns, 'dmy', '2027-03-20'), '2027-03-02');
  });

  it('a stamp on the first message beats a day written later in the chat', () => {
    const chat = 'User (Mar 1, 2027, 9:00 AM): Hooli wants a discount.\n\nAssistant (Mar 1, 2027, 9:01 AM): Offer 5%.\n\nUser (Mar 1, 2027, 9:05 AM): agreed. Date: 2027-03-04.\n';
    assert.equal(eventDate(readableText(chat, 'c.md'), 'conversation', { reference: '2027-03-20' })?.date, '2027-03-01');
  });
});

describe('filing sessions: sittings over midnight and over several days', () => {
  it('stampTime reads 24-hour and 12-hour clocks', () => {
    assert.equal(stampTime('2027-03-01', '19.05.2026 21:14'), Date.parse('2027-03-01T21:14:00Z'));
    assert.equal(stampTime('2027-03-01', 'Mar 1, 2027, 2:14 PM'), Date.parse('2027-03-01T14:14:00Z'));
    assert.equal(stampTime('2027-03-01', '2027-03-01'), null);
  });

  it('a chat that runs past midnight is one sitting; one picked up days later is two', () => {
    const midnight = [
      { speaker: 'A', text: 'x', at: '2027-02-18', ms: Date.parse('2027-02-18T23:41:00Z') },
      { speaker: 'B', text: 'y', at: '2027-02-19', ms: Date.parse('2027-02-19T00:14:00Z') },
    ];
    assert.deepEqual(sittingDays(midnight, 'dmy'), ['2027-02-18', '2027-02-18']);
    const later = [
      { speaker: 'A', text: 'x', at: '2027-03-10', ms: Date.parse('2027-03-10T08:02:00Z') },
      { speaker: 'B', text: 'y', at: '2027-03-12', ms: Date.parse('2027-03-12T16:38:00Z') },
      { speaker: 'A', text: 'z' },
    ];
    assert.deepEqual(sittingDays(later, 'dmy'), ['2027-03-10', '2027-03-12', '2027-03-12']);
    // Days without times: a new day is a new sitting.
    assert.deepEqual(sittingDays([{ speaker: 'A', text: 'x', stamp: '03/03/2027' }, { speaker: 'B', text: 'y', stamp: '05/03/2027' }], 'dmy'), ['2027-03-03', '2027-03-05']);
  });

  it('JSON messages keep their time of day, so a WhatsApp export past midnight stays one sitting', () => {
    const wa = '21/02/27, 23:48 - Chiara: Ciao, test finito: precisione 96,4% su Odra Energia\n21/02/27, 23:57 - Marco: Com\'è andata?\n22/02/27, 00:06 - Marco: Abbiamo deciso: pilota con Odra Energia a marzo\n';
    const turns = parseSessionTranscript(readableText(wa, 'chat.txt'))!.turns;
    assert.equal(turns[2]!.at, '2027-02-22');
    assert.equal(typeof turns[2]!.ms, 'number');
    const c = extractConversation(readableText(wa, 'chat.txt'), { reference: '2027-03-20' });
    assert.equal(c.date, '2027-02-21');
    assert.equal(c.laterDays.size, 0);
  });

  it('what a later sitting says about a page gets a line dated that day, beside the session\'s own day', () => {
    const claude = JSON.stringify({
      name: 'Card issuing partners',
      created_at: '2027-03-10T08:02:00.000Z',
      chat_messages: [
        { sender: 'human', created_at: '2027-03-10T08:02:00.000Z', text: 'What should I look for in a card-issuing partner for India?' },
        { sender: 'assistant', created_at: '2027-03-10T08:02:30.000Z', text: 'Authorisation, tokenisation and settlement times.' },
        { sender: 'human', created_at: '2027-03-12T16:38:00.000Z', text: 'Update: Priya Sharma says Ganga Fintech settles T+1. We agreed to run a 3-month pilot with Ganga Fintech.' },
      ],
    });
    const p = plan('claude.json', claude);
    const lines = p.timeline.filter((t) => t.path === 'companies/ganga.md').map((t) => t.date).sort();
    assert.deepEqual(lines, ['2027-03-10', '2027-03-12']);
    assert.ok(p.timeline.some((t) => t.path === 'people/priya-sharma.md' && t.date === '2027-03-12'));
  });

  it('a Teams thread over two days keeps each message\'s day', () => {
    const teams = '[3/16/2027 4:05 PM] Jansen, Tom\nMarta Kowalska needs the sensors for Odra Energia before the pour.\n\n[3/16/2027 4:09 PM] Visser, Eva\nWe have 12 in stock.\n\n[3/18/2027 9:30 AM] Jansen, Tom\nThe extra sensors arrived. Odra Energia gets all 16 on Monday.\n';
    const p = plan('Teams chat.txt', teams);
    const odra = p.timeline.filter((t) => t.path === 'companies/odra.md').map((t) => t.date).sort();
    assert.deepEqual(odra, ['2027-03-16', '2027-03-18']);
  });
});

describe('filing chat exports: the channel names what a thread is about', () => {
  it('a Slack export from #proj-meridian reaches the Meridian project', () => {
    const slack = JSON.stringify({
      channel: { id: 'C1', name: 'proj-meridian' },
      messages: [
        { type: 'message', user: 'U1', user_profile: { real_name: 'Marta Kowalska' }, text: 'Odra Energia reads three tables we planned to drop. Can we keep them until the cut-over?', ts: '1790000000.000100' },
        { type: 'message', user: 'U2', user_profile: { real_name: 'Lena Hart' }, text: 'Decision: the three tables stay until decommission.', ts: '1790000600.000200' },
      ],
    });
    assert.equal(parseSessionTranscript(slack)!.meta.channel, 'proj-meridian');
    const p = plan('thread.json', slack);
    assert.ok(p.timeline.some((t) => t.path === 'projects/meridian.md'));
  });
});

describe('filing agent logs: the messages an agent sent', () => {
  it('reads a tool call that sends mail (OpenAI arguments as JSON text, Anthropic tool_use input) as what was said', () => {
    const log = JSON.stringify([
      { role: 'user', content: 'Check what is open with odra-energia.pl and chase anything overdue.', timestamp: '2027-03-11T06:30:04Z' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'crm_lookup', arguments: '{"domain":"odra-energia.pl"}' } }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c2', type: 'function', function: { name: 'send_email', arguments: '{"to":"marta@odra-energia.pl","subject":"Tariff review","body":"Hi Marta, the tariff review was due on 5 March. Could you send it this week?"}' } }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'post', input: { to: ['priya@ganga.example'], text: 'The pilot starts on 1 April.' } }] },
    ]);
    const turns = parseSessionTranscript(log)!.turns;
    assert.equal(turns.length, 3);
    assert.equal(turns[1]!.text, 'Message to marta@odra-energia.pl: Tariff review — Hi Marta, the tariff review was due on 5 March. Could you send it this week?');
    assert.equal(turns[2]!.text, 'Message to priya@ganga.example: The pilot starts on 1 April.');
  });
});

describe('filing documents: kinds and days', () => {
  it('a report whose paragraphs stand on lines of their own, without blank lines, is a document', () => {
    const para = (i: number) => `Point ${i}. The panel compared transit-time commitments, claims handling and invoicing accuracy on the sample lanes, and asked each bidder for evidence of on-time performance over the last twelve months; claims that were not backed by carrier data were discounted, and references were called where the evidence was thin.`;
    const text = ['Tender evaluation — outbound freight', 'Evaluation date: 1 June 2026', '', Array.from({ length: 6 }, (_, i) => para(i + 1)).join('\n'), '', 'Recommendation. Award to the first-ranked bidder.'].join('\n');
    assert.equal(classifyContent({ text, filename: 'tender.txt' }).kind, 'document');
    // Long list items are notes, not paragraphs.
    const bullets = ['Notes', '', Array.from({ length: 6 }, (_, i) => `- ${para(i + 1)}`).join('\n')].join('\n');
    assert.notEqual(classifyContent({ text: bullets, filename: 'notes.txt' }).kind, 'document');
  });

  it('a letter under a Polish subject line is a document, dated by its place-and-date line; Arabic-Indic digits are digits', () => {
    const letter = 'ODRA ENERGIA S.A. | ul. Nadbrzeżna 12, Wrocław\n\nWrocław, 22.02.2027\n\nDotyczy: przedłużenie umowy serwisowej nr 2025/118\n\nSzanowni Państwo,\n\nniniejszym Odra Energia potwierdza przedłużenie umowy serwisowej na okres 24 miesięcy, od 1 kwietnia 2027 r. Wynagrodzenie roczne pozostaje bez zmian.\n\nZ poważaniem\nMarta Kowalska\n';
    assert.equal(classifyContent({ text: letter, filename: 'scan.txt' }).kind, 'document');
    assert.equal(eventDate(letter, 'document')?.date, '2027-02-22');
    assert.equal(eventDate('محضر اجتماع\nالتاريخ: ٢٠٢٦/٠٥/١٢\nالحاضرون: أميرة حداد\n', 'meeting')?.date, '2026-05-12');
  });

  it('a Hindi minute is a meeting, its slashed date read day first', () => {
    const text = 'बैठक नोट्स — गंगा फिनटेक\nदिनांक: 11/03/2027\nउपस्थित: प्रिया शर्मा, Rohan Mehta\n\n- गंगा फिनटेक पायलट चाहता है।\nनिर्णय: पायलट 1 अप्रैल से शुरू होगा।\n';
    assert.equal(classifyContent({ text, filename: 'notes.txt' }).kind, 'meeting');
    assert.equal(eventDate(text, 'meeting')?.date, '2027-03-11');
  });
});

describe('filing forwarded documents: the writer\'s organisation', () => {
  it('a forwarded message\'s writer, named by address, brings the one company their page says they work at', () => {
    const ctx = context();
    const r = new EntityResolver(ctx.lookup, { schema: ctx.schema, partitionKey: null, roots: ['people', 'companies', 'projects'] });
    const mail = 'From: ken@ourfund.vc\nTo: team@ourfund.vc\nSubject: Fwd: tariff 2027\n\nFYI.\n\n---------- Forwarded message ---------\nFrom: marta@odra-energia.pl\nSubject: tariff 2027\n\nThe 2027 tariff rises by 3% from April for all meters.\n';
    assert.deepEqual(documentAuthors(mail, r).map((a) => a.path).sort(), ['companies/odra.md', 'people/marta-kowalska.md']);
  });

  it('a writer whose address names another company does not bring the company their page (maybe stale) says', () => {
    const ctx = context();
    const r = new EntityResolver(ctx.lookup, { schema: ctx.schema, partitionKey: null, roots: ['people', 'companies', 'projects'] });
    const mail = 'From: ken@ourfund.vc\nTo: team@ourfund.vc\nSubject: Fwd: grid 2027\n\nFYI.\n\n---------- Forwarded message ---------\nFrom: jan@wisla-grid.example\nSubject: grid 2027\n\nThe 2027 grid fee rises by 2% from May for all meters.\n';
    assert.ok(!documentAuthors(mail, r).some((a) => a.path === 'companies/odra.md'));
  });
});

describe('filing lower-case first names', () => {
  it('a first name that is also another person\'s whole alias names neither', () => {
    const ctx = context();
    const r = new EntityResolver(ctx.lookup, { schema: ctx.schema, partitionKey: null, roots: ['people', 'companies', 'projects'] });
    assert.deepEqual(r.lowerCaseMentions('ok, telling sam to take it through approval').map((m) => m.path), []);
    assert.deepEqual(r.lowerCaseMentions('ok, telling marta to take it through approval').map((m) => m.path), ['people/marta-kowalska.md']);
  });
});

describe('filing recaps in other languages', () => {
  const table: Array<[string, string, string, string | null]> = [
    ['Italian "ieri" with the weekday and the day', 'Ciao,\n\nriepilogo della riunione di ieri (mercoledì 3 marzo) con Vesuvio.\n', '2027-03-04', '2027-03-03'],
    ['Dutch "gisteren"', 'Hoi,\n\nhet verslag van ons overleg van gisteren (dinsdag 16 maart):\n', '2027-03-17', '2027-03-16'],
    ['a weekday that contradicts the day is not trusted', 'riepilogo della riunione di ieri (venerdì 3 marzo).\n', '2027-03-04', null],
    ['German "hier" (here) is not "yesterday"', 'Hallo,\n\nhier die Notizen vom Meeting am 2027-03-02.\n', '2027-03-04', '2027-03-02'],
  ];
  for (const [name, body, sent, want] of table) it(name, () => assert.equal(meetingDateInMessage(body, sent), want));
});

describe('filing junk and short notes in other languages', () => {
  const junk: Array<[string, string]> = [
    ['an Italian auto-reply', 'From: Chiara <chiara@vesuvio-tech.it>\nTo: marco@ourfund.vc\nSubject: Risposta automatica: Contratto\n\nGrazie per il messaggio. Sono fuori ufficio fino al 24 marzo.\n'],
    ['a German automatic notice', 'From: Buchhaltung <b@lieferant.example>\nTo: a@ourfund.vc\nSubject: Zahlungseingang\n\nDies ist eine automatisch versendete Nachricht. Ihre Zahlung ist eingegangen.\n'],
    ['an English automatic notice from a known company', 'From: Billing <billing@balticfreight.lv>\nTo: a@ourfund.vc\nSubject: Invoice 0611 – payment received\n\nThis is an automatic message. Payment for invoice 0611 has been received. No action is required.\n'],
    ['Turkish phishing', 'From: Güvenlik <g@example.test>\nSubject: Acil\n\nSayın kullanıcı,\n\nHesabınız geçici olarak askıya alındı. Hesabınızı 24 saat içinde doğrulamazsanız kalıcı olarak kapatılacaktır.\n'],
  ];
  for (const [name, text] of junk) it(`${name} is junk`, () => assert.equal(checkWorthFiling(text, classifyContent({ text, filename: 'm.eml' }).kind).worth, false));

  it('a real note that says someone is out of the office is kept when it holds more', () => {
    const note = 'Odra call notes: Marta Kowalska is fuori sede next week, so the tariff review moves to 2 April; Odra Energia accepts the 3% increase.';
    assert.equal(checkWorthFiling(note, 'other').worth, true);
  });

  it('a short lower-case note is kept when it names a page of the brain, not otherwise', () => {
    const note = 'call marta kowalska re odra tariff';
    assert.equal(namesAPage(note, context()), true);
    assert.equal(checkWorthFiling(note, 'other', { namesPage: true }).worth, true);
    assert.equal(checkWorthFiling(note, 'other').worth, false);
    assert.equal(namesAPage('water the plants', context()), false);
    // Two words are a greeting, whoever they name.
    assert.equal(checkWorthFiling('hi marta', 'other', { namesPage: true }).worth, false);
    // Three words that name a page are a note; two are too few, greeting or not.
    assert.equal(checkWorthFiling('marta odra tariff', 'other', { namesPage: true }).worth, true);
    assert.equal(checkWorthFiling('marta odra tariff', 'other').worth, false);
    assert.equal(checkWorthFiling('marta odra', 'other', { namesPage: true }).worth, false);
  });

  it('a one-line note with a document word in it is a note, not a document', () => {
    assert.notEqual(classifyContent({ text: 'odra angebot bis freitag schicken', filename: 'notiz.txt' }).kind, 'document');
  });

  it('a short lower-case note reaches the pages it names', () => {
    const item: FilingItem = { id: 'n1', filename: 'note.txt', text: 'call marta kowalska re odra tariff', contentType: 'text/plain', targetFolder: null, partition: null, sourceReference: null, createdAt: '2027-03-20T09:00:00Z', previous: null };
    const r = planBuiltin(item, 'ingest', context());
    assert.equal(r.kind, 'plan');
    const touched = r.plan!.timeline.map((t) => t.path).sort();
    assert.deepEqual(touched, ['companies/odra.md', 'people/marta-kowalska.md']);
  });
});

describe('filing review fixes (file9)', () => {
  it('a first-person "I am away" in a real note is not an auto-reply', () => {
    const fr = 'je suis absente demain, Marta reprend le dossier Odra avec le client Acme; le devis de 40k part vendredi.';
    assert.equal(checkWorthFiling(fr, 'other').worth, true);
    const nl = 'Notes from the Odra sync\nIk ben afwezig next week so Piet runs the pilot; budget 40k approved by Marta.';
    assert.equal(checkWorthFiling(nl, 'other').worth, true);
    // In an auto-reply's context it still is one: a mail that says when the writer is back, or an auto-reply subject.
    const ooo = 'From: Ada <ada@example.test>\nTo: b@ourfund.vc\nSubject: Re: Odra\n\nIch bin abwesend und wieder erreichbar am 12. Mai.\n';
    assert.equal(checkWorthFiling(ooo, 'other').worth, false);
    const subj = 'From: Ada <ada@example.test>\nTo: b@ourfund.vc\nSubject: Automatic reply: Odra\n\nJe suis absente.\n';
    assert.equal(checkWorthFiling(subj, 'other').worth, false);
  });

  it('with both times known, only the gap decides a sitting', () => {
    const turns = [
      { speaker: 'A', text: 'x', at: '2027-02-18', ms: Date.parse('2027-02-18T23:30:00Z') },
      { speaker: 'B', text: 'y', at: '2027-02-19', ms: Date.parse('2027-02-19T00:10:00Z') },
      { speaker: 'A', text: 'z', at: '2027-02-19', ms: Date.parse('2027-02-19T15:00:00Z') },
    ];
    assert.deepEqual(sittingDays(turns, 'dmy'), ['2027-02-18', '2027-02-18', '2027-02-19']);
  });

  it('"as agreed on <day>" and a bare "logged … on <day>" do not date a chat; "noted on <day>" does', () => {
    assert.equal(selfStampedDate([{ speaker: 'User', text: 'as agreed on 12 May, Hooli launches in June. Ok?' }], 'dmy', '2026-11-26'), null);
    assert.equal(selfStampedDate([{ speaker: 'User', text: 'we logged 2 bugs on 3 Oct 2026 for Hooli.' }], 'dmy', '2026-11-26'), null);
    assert.equal(selfStampedDate([{ speaker: 'User', text: 'Hooli pays 40k, noted on 3 Oct 2026.' }], 'dmy', '2026-11-26'), '2026-10-03');
  });

  it('weekday names that are ordinary words do not contradict a written date', () => {
    assert.equal(meetingDateInMessage('La quarta riunione con Odra si è tenuta il 12 ottobre.', '2026-10-14'), '2026-10-12');
    assert.equal(meetingDateInMessage('Pazar araştırması toplantı notları, 14 Ekim 2026.', '2026-10-16'), '2026-10-14');
    // The unambiguous forms, and an ambiguous one right beside its date, still check the date.
    assert.equal(meetingDateInMessage('A reunião de quarta-feira, 13 de outubro, correu bem.', '2026-10-16'), null);
    assert.equal(meetingDateInMessage('A reunião de quarta-feira, 14 de outubro, correu bem.', '2026-10-16'), '2026-10-14');
    assert.equal(meetingDateInMessage('Toplantı Pazar 13 Ekim yapıldı.', '2026-10-16'), null);
  });
});

describe('filing review fixes (file9): account letters and automatic notices', () => {
  it('a genuine account-closure letter with a deadline is not phishing; with a link it is', () => {
    const letter = 'From: Banco Sul <atendimento@bancosul.example>\nTo: a@ourfund.vc\nSubject: Encerramento de conta\n\nPrezada Ana Souza,\n\nConforme solicitado no dia 3, sua conta será encerrada em 24 horas. O saldo de R$ 1.240,00 foi transferido para a conta 0042-7 no Banco Norte.\n';
    assert.equal(checkWorthFiling(letter, 'other').worth, true);
    const phish = letter.replace('Prezada Ana Souza,', 'Prezado cliente, acesse http://bancosul-seguro.example/login agora.');
    assert.equal(checkWorthFiling(phish, 'other').worth, false);
  });

  it('"This is an automatic message" with a fact is kept when it names a page or comes from a known sender', () => {
    const okta = 'From: Okta <notifications@okta.example>\nTo: a@ourfund.vc\nSubject: Access approved\n\nThis is an automatic message. Dana Lee approved your access to Atlas Jira.\n';
    assert.equal(checkWorthFiling(okta, 'other', { namesPage: true }).worth, true);
    assert.equal(checkWorthFiling(okta, 'other', { knownSender: true }).worth, true);
    assert.equal(checkWorthFiling(okta, 'other').worth, false);
  });
});

describe('filing review fixes (file9): a chat\'s stamped day', () => {
  it('a stamp after the upload does not date a chat ("99" read as 2099)', () => {
    const chat = 'Ada (01/01/99 10:00): Hooli signs.\nBob (03/03/2027 10:05): Hooli pays 40k.\n';
    assert.equal(eventDate(readableText(chat, 'c.txt'), 'conversation', { reference: '2027-03-20' })?.date, '2027-03-03');
  });

  it('an export listing the newest message first is dated by its earliest stamp', () => {
    const lines: string[] = [];
    for (let d = 28; d >= 1; d--) for (let k = 0; k < 10; k++) lines.push(`Ada (${String(d).padStart(2, '0')}.02.2027 10:${String(k).padStart(2, '0')}): Hooli update ${d}-${k}.`);
    assert.equal(eventDate(lines.join('\n'), 'conversation', { reference: '2027-03-20' })?.date, '2027-02-01');
  });

  it('a Telegram export is dated by its local time, not the UTC day of its epoch', () => {
    const tg = JSON.stringify({ name: 'Odra', type: 'personal_chat', messages: [{ id: 1, type: 'message', date: '2027-03-01T00:30:00', date_unixtime: '1803857400', from: 'Ada', text: 'Odra Energia accepts the 3% increase.' }] });
    const turns = parseSessionTranscript(readableText(tg, 'result.json'))!.turns;
    assert.equal(turns[0]!.at, '2027-03-01');
  });
});

describe('filing review fixes (file9): day-first scripts', () => {
  it('an English text naming a Russian person keeps month-first dates; a Russian text reads day first', () => {
    assert.equal(slashOrder('Meeting notes Acme Corp 03/04/2026 with Иван Петрович Сидоров-Кузнецов'), 'mdy');
    assert.equal(slashOrder('Протокол встречи 03/04/2026: обсудили поставки оборудования, сроки монтажа и оплату второго этапа работ по договору.'), 'dmy');
  });
});
