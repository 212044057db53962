// The built-in filer on inboxes as they really are: dates written in French, German, Spanish and
// Japanese, a letter's place-and-date line; names in passing in long items (tables, customer lists,
// "rivals such as …"); people named by role ("our CFO", "Globex's CTO"); forwarded copies of mail
// already filed; spam and newsletters in other languages; pasted chat threads, numbered speakers,
// chat labels in other languages and exports holding several conversations.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseBrainSchema } from '../../src/domain/brainSchema.js';
import { classifyContent } from '../../src/domain/filing/classify.js';
import { EntityResolver, passingMentions, type EntityLookup } from '../../src/domain/filing/entities.js';
import { eventDate } from '../../src/domain/filing/eventDate.js';
import { readableText } from '../../src/domain/filing/formats.js';
import { comparableBody, forwardedMessage, forwardsTheSame } from '../../src/domain/filing/forwarded.js';
import { datesIn, parseSessionTranscript, speakerOf } from '../../src/domain/filing/text.js';
import { checkWorthFiling } from '../../src/domain/filing/worthFiling.js';
import { parsePage } from '../../src/domain/markdown.js';
import { TEMPLATES_DIR } from '../../src/services/templates.js';

const PAGES: Record<string, string> = {
  'people/grace-hopper.md': '---\ntitle: Grace Hopper\nrole: CTO\ncompany: "[[companies/globex]]"\n---\n# Grace Hopper\n',
  'people/jurgen-gross.md': '---\ntitle: Jürgen Groß\nrole: CTO\ncompany: "[[companies/kessler]]"\n---\n# Jürgen Groß\n',
  'people/nadia-okafor.md': '---\ntitle: Nadia Okafor\nrole: CFO\n---\n# Nadia Okafor\n',
  'people/francois-lefevre.md': '---\ntitle: François Lefèvre\nrole: CFO\ncompany: "[[companies/lumiere]]"\n---\n# François Lefèvre\n',
  'people/hedy-lamarr.md': '---\ntitle: Hedy Lamarr\nrole: COO\ncompany: "[[companies/northwind]]"\n---\n# Hedy Lamarr\n',
  'people/ada-lovelace.md': '---\ntitle: Ada Lovelace\nrole: COO\ncompany: "[[companies/acme]]"\n---\n# Ada Lovelace\n',
  'companies/globex.md': '---\ntitle: Globex\n---\n# Globex\n',
  'companies/kessler.md': '---\ntitle: Kessler Werke\naliases: [Kessler]\n---\n# Kessler Werke\n',
  'companies/lumiere.md': '---\ntitle: Lumière Énergie\n---\n# Lumière Énergie\n',
  'companies/northwind.md': '---\ntitle: Northwind\n---\n# Northwind\n',
  'companies/acme.md': '---\ntitle: Acme\n---\n# Acme\n',
  'companies/hooli.md': '---\ntitle: Hooli\n---\n# Hooli\n',
  'companies/initech.md': '---\ntitle: Initech\n---\n# Initech\n',
  'companies/umbrella.md': '---\ntitle: Umbrella Health\n---\n# Umbrella Health\n',
  'companies/stark.md': '---\ntitle: Stark Industries\naliases: [Stark]\n---\n# Stark Industries\n',
  'projects/orion.md': '---\ntitle: Project Orion\naliases: [Orion]\n---\n# Project Orion\n',
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
    resolve: (ref) => parsed.find((p) => p.path.replace(/^.*\//, '').replace(/\.md$/, '') === ref.toLowerCase())?.path ?? null,
  };
  return new EntityResolver(lookup, { schema, partitionKey: null, roots: ['people', 'companies', 'projects', 'notes', 'sources', 'meetings'] });
}

const FILLER =
  'The support queue has been stable for most of the period, with a median first response time of under two hours during business hours. On-call load has dropped since the alerting rules were rewritten, and the number of pages outside business hours fell by roughly a third. The team would still like a second shift in a different time zone, and the budget for it is part of the next review. Risks remain concentrated in a small number of accounts and in two people who hold most of the knowledge about the deployment tooling.';

describe('filing dates written in other languages and scripts', () => {
  const table: Array<[string, string[]]> = [
    ['Compte rendu — réunion du 5 février 2026', ['2026-02-05']],
    ['le 1er mars 2026', ['2026-03-01']],
    ['Protokoll vom 3. März 2026', ['2026-03-03']],
    ['Fecha: 5 de marzo de 2026', ['2026-03-05']],
    ['30 de junio del 2026', ['2026-06-30']],
    ['議事録 2026年4月8日', ['2026-04-08']],
    ['2026 年 12 月 1 日', ['2026-12-01']],
    ['3 March 2026', ['2026-03-03']],
    // negatives: a month without a day, a day without a year, a word that only looks like a month
    ['en mai 2026', []],
    ['le 5 mars', []],
    ['Mars 2026 mission', []],
    ['31 février 2026', []],
  ];
  for (const [text, want] of table) it(`"${text}" → ${JSON.stringify(want)}`, () => assert.deepEqual(datesIn(text), want));

  it("a contract's place-and-date line above the signatures dates the document", () => {
    const text = 'Rahmenvertrag\n\n1. Kessler liefert 400 Steuerungen.\n2. Laufzeit: drei Jahre.\n\nStuttgart, den 14.05.2026\nFür Kessler: Jürgen Groß';
    assert.deepEqual(eventDate(text, 'document'), { date: '2026-05-14', from: 'phrase' });
    assert.equal(eventDate('Paris, le 2 septembre 2026\n\nMadame, Monsieur,\n\nNous confirmons la commande.', 'document')?.date, '2026-09-02');
  });

  it('a Japanese header date dates the meeting', () => assert.equal(eventDate('議事録 2026年4月8日\n\n出席者：田中、Ken', 'meeting')?.date, '2026-04-08'));
});

describe('filing names in passing in long items', () => {
  const r = resolver();
  const passing = (body: string) => {
    const found = r.mentions(body).found;
    return { found: found.map((f) => f.path).sort(), passing: [...passingMentions(body, found, r)].sort() };
  };

  it('a comparables table in a long memo is passing; the company the memo is about is not', () => {
    const body = `Investment memo: Lumière Énergie\n\nLumière Énergie sells fixed-price energy contracts. ${FILLER}\n\n| Company | Multiple |\n|---|---|\n| Hooli | 9.5x |\n| Initech | 1.8x |\n\nWe recommend investing in Lumière Énergie. ${FILLER}`;
    assert.deepEqual(passing(body).passing, ['companies/hooli.md', 'companies/initech.md']);
  });

  it('a customer list of three or more in a long item is passing', () => {
    const body = `FY27 budget\n\nThe Project Orion budget stays flat. ${FILLER}\n\nOur largest customers (Acme, Globex, Umbrella Health and Initech) are assumed to renew. Orion needs no more people. ${FILLER}`;
    assert.deepEqual(passing(body).passing, ['companies/acme.md', 'companies/globex.md', 'companies/initech.md', 'companies/umbrella.md']);
  });

  it('"rivals such as A and B", "someone at A" and "A, B and several others" are passing in any item', () => {
    assert.deepEqual(passing('Hooli buys Kessler robotics\n\nHooli buys a division of Kessler Werke. Hooli will run it. Analysts noted that rivals such as Stark Industries and Globex did the same.').passing, ['companies/globex.md', 'companies/stark.md']);
    assert.deepEqual(passing('Retro\n\nWe copied the runbook from a talk by someone at Stark. Acme liked it. Acme will reuse it.').passing, ['companies/stark.md']);
    assert.deepEqual(passing('Informe\n\nProveedores principales: Kessler, Globex y varios integradores locales. Solaria crece.').passing, ['companies/globex.md', 'companies/kessler.md']);
  });

  it('negatives: a short note\'s list, a name the title carries, a name said twice, a person moving between two companies', () => {
    assert.deepEqual(passing('Catalogue\n\nAcme, Globex and Initech agreed to share the Orion catalogue.').passing, []);
    assert.deepEqual(passing(`Hooli, Initech and Acme: joint update\n\n${FILLER}\n\nHooli, Initech and Acme signed the pilot. ${FILLER}`).passing, []);
    assert.deepEqual(passing(`Update\n\n${FILLER} Our customers (Acme, Globex and Initech) renew. ${FILLER} Acme asked for a discount.`).passing, ['companies/globex.md', 'companies/initech.md']);
    assert.deepEqual(passing(`Note\n\n${FILLER} Hedy Lamarr leaves Northwind to join Acme as COO. ${FILLER}`).passing, []);
  });
});

describe('filing people named by role', () => {
  const r = resolver();
  const roles = (text: string) => r.roleMentions(text).map((m) => m.path);
  const table: Array<[string, string[]]> = [
    ['Our CFO approved the budget.', ['people/nadia-okafor.md']], // two CFOs: the one without another company is ours
    ['my CFO wants it by Friday', ['people/nadia-okafor.md']],
    ["Globex's CTO wants weekly updates.", ['people/grace-hopper.md']],
    ["And Globex's CTO agreed.", ['people/grace-hopper.md']], // a sentence's first word is not the owner
    ['Kessler’s CTO sent the numbers.', ['people/jurgen-gross.md']],
    ["Lumière Énergie's CFO signed.", ['people/francois-lefevre.md']],
    // negatives: a role two people hold and no owner, an owner no page knows, a role no page holds
    ['our COO is away', []], // both COOs work elsewhere
    ['our CTO called', []], // the only CTOs work at Globex and Kessler
    ["Vandelay's CTO called.", []],
    ['our head of marketing called', []],
    ['our team shipped it', []],
  ];
  for (const [text, want] of table) it(`"${text}" → ${JSON.stringify(want)}`, () => assert.deepEqual(roles(text), want));

  it('a role mention is found among the mentions of a text', () => {
    assert.ok(r.mentions("Our CFO approved Project Orion. Globex's CTO wants updates.").found.some((f) => f.path === 'people/nadia-okafor.md'));
  });
});

describe('filing forwarded copies', () => {
  const original = 'From: Carmen <carmen@solaria.es>\nTo: Radia <radia@wonka.co>\nDate: Thu, 5 Mar 2026 19:40:12 +0100\nSubject: Resumen\n\nHola Radia:\n\n- Solaria y Wonka Labs arrancan un piloto de tres meses en abril.\n- Revisamos el precio en junio con los resultados del piloto.\n\nUn saludo,\nCarmen\n\n--\nCarmen Ruiz · Solaria Redes\n';
  const forward = (note: string, body = original.split('\n\n').slice(1).join('\n\n').replace(/\n--\n[\s\S]*$/, '')) =>
    `From: Radia <radia@wonka.co>\nTo: me@fund.vc\nSubject: Fwd: Resumen\n\n${note}\n\n---------- Forwarded message ---------\nFrom: Carmen <carmen@solaria.es>\nDate: Thu, 5 Mar 2026\nSubject: Resumen\n\n${body}\n`;

  it('finds the forwarded block and the note above it', () => {
    const f = forwardedMessage(forward('FYI, same notes as yesterday.'));
    assert.equal(f?.note, 'FYI, same notes as yesterday.');
    assert.match(f!.body, /^Hola Radia:/);
    assert.equal(forwardedMessage(original), null);
    // A reply's quoted original is not a forward: the reply is new content.
    assert.equal(forwardedMessage(`Agreed.\n\n-----Original Message-----\nFrom: Carmen\n\n${original}`), null);
    assert.match(forwardedMessage('FYI\n\n---------- Weitergeleitete Nachricht ----------\nVon: Jürgen\n\nDie Steuerungen kommen drei Wochen später.')?.body ?? '', /^Die Steuerungen/);
  });

  it('a forward of the same body with a short note is a copy, the signature aside', () => assert.equal(forwardsTheSame(forward('FYI, same notes as yesterday.'), comparableBody(original)), true));
  it('a forward whose own note says more is not a copy', () => {
    const note = 'Adding context: the board asked us to double the pilot, Wonka wants to start in March instead of April, and legal needs a new NDA before anything is shared with Solaria. Please read the notes below with that in mind.';
    assert.equal(forwardsTheSame(forward(note), comparableBody(original)), false);
  });
  it('a forward of another message is not a copy', () => assert.equal(forwardsTheSame(forward('FYI', 'Hola Radia:\n\nEl piloto se cancela; hablamos en mayo sobre otro calendario y otro precio para todo el proyecto.'), comparableBody(original)), false));
});

describe('filing junk in other languages, and web pages', () => {
  it('French spam is not worth filing', () => {
    const w = checkWorthFiling('Subject: Félicitations ! Vous avez gagné un iPhone\n\nVous avez été sélectionné pour recevoir un iPhone GRATUIT. Cliquez ici pour confirmer. Offre valable 24 heures.', 'other');
    assert.equal(w.worth, false);
    assert.match(w.reason ?? '', /spam/);
  });
  it('a German newsletter is not worth filing', () => {
    const w = checkWorthFiling('From: News <news@kessler.de>\nTo: me@fund.vc\nSubject: Ihr Newsletter – März\n\nNeu: KW-8. Ein Interview mit unserem CTO.\n\nSie erhalten diesen Newsletter, weil Sie sich angemeldet haben. Abmelden | Impressum', 'other');
    assert.equal(w.worth, false);
    assert.match(w.reason ?? '', /newsletter/);
  });
  const article = '# How Umbrella Health cut its cloud bill\n\nPublished 2026-05-20\n\nMargaret Hamilton tagged every bucket with an owner and deleted what nobody claimed within a month. The bill fell by 40% in two quarters.\n\nMore from the CloudCost newsletter: five things we learned this week.\n\nYou are receiving this because you subscribed at cloudcost.example.org. Unsubscribe.';
  it('a page captured from its web address keeps its subscription footer as site chrome', () => assert.equal(checkWorthFiling(article, 'document', { webPage: true }).worth, true));
  it('the same text without a web address is a newsletter issue', () => assert.equal(checkWorthFiling(article, 'document').worth, false));
  it('a mail is never a web page, whatever address it came with', () => assert.equal(checkWorthFiling(`From: CloudCost <news@cloudcost.example.org>\nTo: me@fund.vc\nSubject: Issue 12\n\n${article}`, 'document', { webPage: true }).worth, false));
});

describe('filing chat threads, numbered speakers and chat labels', () => {
  const kind = (raw: string, filename = 'x.txt') => classifyContent({ text: readableText(raw, filename), filename }).kind;

  it('a Slack thread pasted with AM/PM stamps, @-mentions and :emoji: codes is a session', () => {
    const raw = 'Wednesday, January 14th\n\nAda Lovelace  9:14 AM\n@Linus Berg can we still cut over on Saturday?\n\nLinus Berg  9:20 AM\nWe can, if we leave Umbrella for the second wave.\n\nAda Lovelace  9:22 AM\nOk, let us do that.\n\nLinus Berg  9:23 AM\n:+1: I will update the runbook.\n';
    assert.match(readableText(raw, 'thread.txt'), /^Ada Lovelace: @Linus Berg can we/m);
    assert.equal(kind(raw), 'conversation');
  });

  it('a transcript whose speakers are numbered is a meeting', () => {
    const raw = 'Addendum walkthrough\nJun 18, 2026 · 45 min\n\nSpeaker 1  0:00\nHi, this is Layla from Hooli.\n\nSpeaker 2  0:06\nOlga here, Globex legal.\n\nSpeaker 1  0:15\nThe open point is the backup location.\n\nSpeaker 2  1:02\nWe accept Dublin as secondary.\n';
    assert.match(readableText(raw, 'otter.txt'), /^Speaker 2: Olga here/m);
    assert.equal(kind(raw, 'otter.txt'), 'meeting');
  });

  it('numbered lists are not speakers: "Day 1:", "Step 2:"', () => {
    assert.equal(speakerOf('Day 1: Bonfim and a walk along the river.'), null);
    assert.equal(speakerOf('Step 2: validate the feed.'), null);
    assert.equal(speakerOf('Speaker 2: We accept Dublin.')?.speaker, 'Speaker 2');
  });

  it('minutes written as prose are a meeting', () => {
    const raw = `# Leadership review — minutes\n\nTuesday, 10 February 2026\n\nAda opened the meeting at nine. Grace joined from the Globex office ten minutes in.\n\n## Acme renewal\n\nAcme renews if Orion ships by June. ${FILLER}\n\n## Decisions\n\n- Orion gets two engineers.\n`;
    assert.equal(kind(raw, 'minutes.md'), 'meeting');
  });

  it('chat labels in Spanish, French and German are user and assistant turns', () => {
    assert.equal(kind('Fecha: 5 de octubre de 2026\n\n**Usuario:** Carmen deja Solaria.\n\n**Asistente:** El contrato sigue vigente.\n\n**Usuario:** Tarea: pedir un nuevo contacto.\n'), 'conversation');
    assert.equal(kind('Utilisateur: Bonjour, résume ce contrat.\nAssistant: Le contrat dure trois ans.\nUtilisateur: Merci, décision prise.\n'), 'conversation');
    assert.equal(kind('Benutzer: Fasse den Vertrag zusammen.\nAssistent: Der Vertrag läuft drei Jahre.\nBenutzer: Danke.\n'), 'conversation');
  });

  it('an export of several conversations is one session holding every conversation, dated by the first', () => {
    const conv = (title: string, t: number, text: string) => ({
      title,
      create_time: t,
      mapping: { a: { id: 'a', message: { author: { role: 'user' }, content: { parts: [text] }, create_time: t }, parent: null, children: [] } },
      current_node: 'a',
    });
    const s = parseSessionTranscript(JSON.stringify([conv('First', 1781768700, 'Olga sent the redlines.'), conv('Second', 1781780400, 'Jürgen sent the benchmark.')]));
    assert.deepEqual(s?.turns.map((t) => t.text), ['Olga sent the redlines.', 'Jürgen sent the benchmark.']);
    assert.equal(s?.meta.title, 'First (and 1 more conversation)');
    assert.equal(s?.meta.date?.slice(0, 10), '2026-06-18');
  });

  it('a Slack export names its writers by their profile, not their user id', () => {
    const s = parseSessionTranscript(JSON.stringify([{ type: 'message', user: 'U02', user_profile: { real_name: 'Layla Haddad' }, text: 'We signed the pilot.', ts: '1781768700.000100' }]));
    assert.equal(s?.turns[0]?.speaker, 'Layla Haddad');
  });
});
