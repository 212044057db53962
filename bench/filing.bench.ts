// Suite `filing`: how fast the built-in filer files a mixed inbox, next to plain page writes
// through the same durable write path in the same run, and how often a small labeled set of items
// is filed to the pages a person would have chosen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.js';
import { buildContainer, type Container } from '../src/container.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { figure, round, type Suite } from './lib.js';

const FIRST = ['Ada', 'Grace', 'Linus', 'Margaret', 'Alan', 'Barbara', 'Dennis', 'Frances', 'Ken', 'Radia', 'Edsger', 'Hedy'];
const LAST = ['Lovelace', 'Hopper', 'Berg', 'Hamilton', 'Turing', 'Liskov', 'Ritchie', 'Allen', 'Thompson', 'Perlman', 'Dijkstra', 'Lamarr'];
const COMPANIES = ['acme', 'globex', 'initech', 'umbrella', 'hooli', 'stark', 'wayne', 'wonka'];

function person(i: number): { name: string; email: string; company: string } {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[(i * 7) % LAST.length]!;
  const company = COMPANIES[i % COMPANIES.length]!;
  return { name: `${first} ${last}`, email: `${first.toLowerCase()}.${last.toLowerCase()}@${company}.com`, company };
}

function day(i: number): string {
  return new Date(Date.UTC(2026, 0, 1) + (i % 300) * 86_400_000).toISOString().slice(0, 10);
}

/** One item of a mixed inbox: meetings, documents, JSON sessions, notes and junk. */
function mixedItem(i: number): { filename: string; content: string } {
  const a = person(i);
  const b = person(i + 3);
  switch (i % 5) {
    case 0:
      return {
        filename: `${day(i)}-${a.company}-sync-${i}.txt`,
        content: `${a.company} weekly sync ${i}\nDate: ${day(i)}\nAttendees: ${a.name} <${a.email}>, ${b.name} <${b.email}>\n\n${a.name}: We reviewed the rollout plan for region ${i % 7}.\n${b.name}: Decision: ship the pilot to ${20 + (i % 30)} users.\nAction: ${b.name.split(' ')[0]} to send the pilot checklist by ${day(i + 5)}\n${a.name}: Is the budget of ${10 + (i % 9)}k enough for the second phase?\n`,
      };
    case 1:
      return {
        filename: `spec-${i}.md`,
        content: `# Service spec ${i}\n\nThis document describes version ${i} of the ${a.company} integration. It defines the API limits, the rollout and who owns what.\n\n## Key points\n\n- Rate limit of ${100 + i} requests per minute.\n- Launch on ${day(i + 30)}.\n- Owner is ${a.name}.\n`,
      };
    case 2:
      return {
        filename: `session-${i}.json`,
        content: JSON.stringify({
          created_at: `${day(i)}T10:00:00Z`,
          messages: [
            { role: 'user', content: `The ${a.company} export job ${i} fails every night. Why?` },
            { role: 'assistant', content: `The export job reads ${1000 + i} rows from Postgres and the disk on worker ${i % 4} is full.` },
            { role: 'user', content: `We decided to move the export to worker ${(i + 1) % 4} and keep the schedule.` },
          ],
        }),
      };
    case 3:
      return { filename: `note-${i}.txt`, content: `Idea ${i} from ${a.name}: offer ${a.company} a yearly plan at ${50 + (i % 40)} EUR per seat, revisit on ${day(i + 60)}.` };
    default:
      return { filename: `ci-${i}.txt`, content: `Your build #${i} has failed. This is an automated message, do not reply. Manage your notification settings.` };
  }
}

async function openBench(): Promise<{ c: Container; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bench-filing-'));
  const c = buildContainer(loadConfig({ BRAINKEEP_DATA: dir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_FILING_CRON: 'off', PORT: '0' }));
  await c.recover();
  return { c, dir };
}

async function upload(c: Container, brain: string, body: { filename: string; content: string; skill?: string; canonicalUrl?: string; version?: string }): Promise<string> {
  const r = await c.inbox.upload(SYSTEM_ACTOR, { brainRef: brain, named: false }, body, 'api');
  return r.body.item.id;
}

interface Labeled {
  item: { filename: string; content: string; skill?: string; canonicalUrl?: string; version?: string };
  /** Pages the item should touch (all of them), or 'review' when it must not be filed. */
  expect: string[] | 'review';
}

const LABELED: Labeled[] = [
  {
    item: { filename: 'acme-kickoff.txt', content: 'Acme kickoff\nDate: 2026-02-03\nAttendees: Ada Lovelace <ada@acme.com>, Tom Reed <tom@acme.com>\n\nAda Lovelace: Decision: start with the billing module.\nTom Reed: Action: Tom to share the data export by 2026-02-10\n' },
    expect: ['meetings/2026-02-03-acme-kickoff.md', 'people/ada.md', 'people/tom-reed.md', 'companies/acme.md'],
  },
  {
    item: { filename: 'globex-call.txt', content: 'Call with Globex\nDate: 2026-02-05\nParticipants: Hank Scorpio <hank@globex.com>, Ada Lovelace <ada@acme.com>\n\nHank Scorpio: We agreed to run a two-week trial.\nAda Lovelace: Sounds good.\n' },
    expect: ['meetings/2026-02-05-call-with-globex.md', 'people/hank-scorpio.md', 'people/ada.md', 'companies/globex.md'],
  },
  {
    item: { filename: 'brief.md', content: '# Globex onboarding brief\n\nGlobex wants to move 40 teams onto the product by June. This brief lists the constraints agreed with their IT team.\n\n## Key points\n\n- SSO via Okta is required.\n- Budget is 60k EUR.\n', canonicalUrl: 'https://globex.sharepoint.com/sites/it/brief.docx', version: '1' },
    expect: ['sources/globex-onboarding-brief.md'],
  },
  {
    item: { filename: 'brief.md', content: '# Globex onboarding brief\n\nGlobex wants to move 40 teams onto the product by June. This brief lists the constraints agreed with their IT team.\n\n## Key points\n\n- SSO via Okta is required.\n- Budget is 75k EUR.\n- Data stays in the EU.\n', canonicalUrl: 'https://globex.sharepoint.com/sites/it/brief.docx', version: '2' },
    expect: ['sources/globex-onboarding-brief.md'],
  },
  {
    item: { filename: 'session.json', content: JSON.stringify({ created_at: '2026-02-07T09:00:00Z', messages: [{ role: 'user', content: 'Why is the Acme dashboard slow?' }, { role: 'assistant', content: 'The Acme dashboard query scans 3 million events without an index.' }, { role: 'user', content: 'We decided to add the index and cache the totals for 5 minutes.' }] }) },
    expect: ['notes/2026-02-07-why-is-the-acme-dashboard-slow.md', 'companies/acme.md'],
  },
  { item: { filename: 'hi.txt', content: 'hi there, thanks!' }, expect: 'review' },
  { item: { filename: 'ci.txt', content: 'Your build has failed. This is an automated message, do not reply. Manage your notification settings.' }, expect: 'review' },
  { item: { filename: 'test.txt', content: 'test' }, expect: 'review' },
  { item: { filename: 'trivial.json', content: JSON.stringify([{ role: 'user', content: 'hello' }, { role: 'assistant', content: 'Hi! How can I help you today?' }]) }, expect: 'review' },
  { item: { filename: 'pricing.txt', content: 'Pricing idea: charge per brain, 19 EUR a month for up to 3 writers. Revisit after 50 customers.' }, expect: ['notes/'] },
  {
    item: { filename: 'standup.txt', content: '# Daily standup\n\n**Attendees:** Ada Lovelace (ada@acme.com), Tom Reed (tom@acme.com)\n\n## Decisions\n- Freeze the API on Friday\n\n## Action items\n- [ ] Tom: update the changelog\n' },
    expect: ['meetings/', 'people/ada.md', 'people/tom-reed.md'],
  },
  {
    item: { filename: 'article.txt', content: 'Why small teams need a shared memory\n\nTeams lose decisions in chat. A shared, versioned memory keeps them findable. Teams that wrote decisions down shipped 20% faster in our survey of 300 teams.\n\nThe survey ran from 2025-09-01 to 2025-12-01 and covered 14 countries.' },
    expect: ['sources/why-small-teams-need-a-shared-memory.md'],
  },
];

export const suite: Suite = {
  name: 'filing',
  description: 'built-in filer throughput on a mixed inbox vs plain page writes; share of a labeled set filed to the right pages',
  async run({ quick, log }) {
    const { c, dir } = await openBench();
    try {
      const n = quick ? 150 : 1000;
      const brain = await c.brains.create(SYSTEM_ACTOR, { slug: 'filing-bench' });
      for (const [i, co] of COMPANIES.entries()) {
        await c.pages.put(SYSTEM_ACTOR, brain.id, { path: `companies/${co}.md`, markdown: `---\ntitle: ${co[0]!.toUpperCase()}${co.slice(1)}\ndomain: ${co}.com\n---\n# ${co}\n\nCustomer ${i}.\n` });
      }
      for (let i = 0; i < n; i++) await upload(c, brain.id, mixedItem(i));
      const t0 = performance.now();
      const pass = await c.filing.runPass(brain.id);
      const filingSeconds = (performance.now() - t0) / 1000;
      log(`filed ${pass.filed}, review ${pass.review}, retry ${pass.retry} of ${n} in ${round(filingSeconds, 2)} s`);

      // Baseline: the same number of plain page writes through the same write path, same run.
      const plain = await c.brains.create(SYSTEM_ACTOR, { slug: 'filing-bench-baseline' });
      const t1 = performance.now();
      for (let i = 0; i < n; i++) await c.pages.put(SYSTEM_ACTOR, plain.id, { path: `notes/plain-${i}.md`, markdown: `# Plain ${i}\n\n${mixedItem(i).content.slice(0, 400)}\n` });
      const writeSeconds = (performance.now() - t1) / 1000;

      // Labeled set, in a fresh brain with a few known pages.
      const lb = await c.brains.create(SYSTEM_ACTOR, { slug: 'filing-labeled' });
      await c.pages.put(SYSTEM_ACTOR, lb.id, { path: 'people/ada.md', markdown: '---\ntitle: Ada Lovelace\nemail: ada@acme.com\n---\n# Ada Lovelace\n' });
      await c.pages.put(SYSTEM_ACTOR, lb.id, { path: 'companies/acme.md', markdown: '---\ntitle: Acme\ndomain: acme.com\n---\n# Acme\n' });
      await c.pages.put(SYSTEM_ACTOR, lb.id, { path: 'companies/globex.md', markdown: '---\ntitle: Globex\ndomain: globex.com\n---\n# Globex\n' });
      let right = 0;
      for (const l of LABELED) {
        const id = await upload(c, lb.id, l.item);
        await c.filing.runPass(lb.id);
        const item = c.inbox.get(SYSTEM_ACTOR, lb.id, id);
        const ok =
          l.expect === 'review'
            ? item.status === 1
            : item.status === 2 && l.expect.every((e) => (e.endsWith('/') ? item.filedPages.some((p) => p.startsWith(e)) : item.filedPages.includes(e)));
        if (ok) right++;
        else log(`labeled miss: ${l.item.filename} → status ${item.status} ${item.reason ?? ''} ${JSON.stringify(item.filedPages)}`);
      }
      return [
        figure({
          suite: 'filing',
          name: `built-in filer, ${n}-item mixed inbox`,
          value: n / filingSeconds,
          unit: 'items/s',
          baselineName: 'plain page writes (PUT through the write path)',
          baseline: n / writeSeconds,
          better: 'higher',
          target: null,
        }),
        figure({
          suite: 'filing',
          name: `labeled set filed to the right pages (${LABELED.length} items)`,
          value: (right / LABELED.length) * 100,
          unit: '%',
          baselineName: null,
          baseline: null,
          better: 'higher',
          target: '>= 90%',
          met: right / LABELED.length >= 0.9,
        }),
      ];
    } finally {
      await c.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
