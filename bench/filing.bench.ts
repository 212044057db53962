// Suite `filing`: how fast the built-in filer files a mixed inbox, next to plain page writes
// through the same durable write path in the same run, and how well it files the eval set
// (bench/filingEval: meetings, documents, chat sessions, junk against a seeded brain): worth-filing
// accuracy, page precision and recall, and timeline accuracy per kind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.js';
import { buildContainer, type Container } from '../src/container.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { readTimeline, todayUtc } from '../src/domain/timeline.js';
import { SEED_PAGES } from './filingEval/brain.js';
import { BLIND_ITEMS, BLIND_SEED_PAGES } from './filingEval/blind.js';
import { BLIND2_ITEMS, BLIND2_SEED_PAGES } from './filingEval/blind2.js';
import { BLIND3_ITEMS, BLIND3_SEED_PAGES } from './filingEval/blind3.js';
import { BLIND4_ITEMS, BLIND4_SEED_PAGES } from './filingEval/blind4.js';
import { HELDOUT_ITEMS } from './filingEval/heldout.js';
import { EVAL_ITEMS, type EvalItem } from './filingEval/items.js';
import { scoreAll, type ItemOutcome, type KindScore } from './filingEval/score.js';
import { figure, round, type Figure, type Suite } from './lib.js';

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

export async function openBench(): Promise<{ c: Container; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bench-filing-'));
  const c = buildContainer(loadConfig({ BRAINKEEP_DATA: dir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_FILING_CRON: 'off', PORT: '0' }));
  await c.recover();
  return { c, dir };
}

async function upload(c: Container, brain: string, body: { filename: string; content?: string; contentBase64?: string; skill?: string; canonicalUrl?: string; version?: string }): Promise<string> {
  const r = await c.inbox.upload(SYSTEM_ACTOR, brain, body, 'api');
  return r.body.item.id;
}

export const suite: Suite = {
  name: 'filing',
  description: 'built-in filer throughput on a 1,000-item mixed inbox vs plain page writes; the eval set (bench/filingEval): worth, precision, recall, timeline per kind',
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

      // The eval set (bench/filingEval), in a fresh brain seeded with people, companies and projects.
      log('eval set (bench/filingEval/items.ts, written with the filer):');
      const scores = await runEval(c, log);
      // The held-out set (bench/filingEval/heldout.ts), written apart from the filer: the honest figure.
      log('held-out set (bench/filingEval/heldout.ts, written without reading the filer):');
      const held = await runEval(c, log, { items: HELDOUT_ITEMS });
      // The blind set (bench/filingEval/blind.ts), written from the item format and the brain only.
      log('blind set (bench/filingEval/blind.ts, written without reading the filer or the other sets):');
      const blind = await runEval(c, log, { items: BLIND_ITEMS, seed: BLIND_SEED_PAGES });
      // The second blind set (bench/filingEval/blind2.ts): long documents, wandering sessions, roles,
      // non-Latin names, French/German/Spanish items and review cases, written without reading the filer.
      log('second blind set (bench/filingEval/blind2.ts, written without reading the filer):');
      const blind2 = await runEval(c, log, { items: BLIND2_ITEMS, seed: BLIND2_SEED_PAGES });
      // The third blind set (bench/filingEval/blind3.ts): real-inbox forms (Zoom chat, Otter and voice-memo
      // transcripts, e-mail threads, .ics, WhatsApp/Telegram exports, agent logs), six more languages,
      // nicknames, e-mail-only people, tickers and domains, relative dates; written without reading the filer.
      log('third blind set (bench/filingEval/blind3.ts, written without reading the filer or the other sets):');
      const blind3 = await runEval(c, log, { items: BLIND3_ITEMS, seed: BLIND3_SEED_PAGES });
      // The fourth blind set (bench/filingEval/blind4.ts): Teams/Zoom/Copilot recaps, .ics with e-mails
      // only, French/German minutes, forwarded threads, long documents naming a company deep and in lower
      // case, ChatGPT/Claude exports, agent logs, pasted transcripts in three styles, near-junk from known
      // companies, signature and cc mentions; written without reading the filer.
      log('fourth blind set (bench/filingEval/blind4.ts, written without reading the filer or the other sets):');
      const blind4 = await runEval(c, log, { items: BLIND4_ITEMS, seed: BLIND4_SEED_PAGES });
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
        ...scores.flatMap((k) => evalFigures(k)),
        ...held.flatMap((k) => evalFigures(k, 'held-out')),
        ...blind.flatMap((k) => evalFigures(k, 'blind')),
        ...blind2.flatMap((k) => evalFigures(k, 'blind2')),
        ...blind3.flatMap((k) => evalFigures(k, 'blind3')),
        ...blind4.flatMap((k) => evalFigures(k, 'blind4')),
      ];
    } finally {
      await c.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

/** File every eval item (ambient uploads, routed by content) into a seeded brain and score it. */
export async function runEval(c: Container, log: (line: string) => void, opts: { verbose?: boolean; items?: EvalItem[]; seed?: Array<{ path: string; markdown: string }> } = {}): Promise<KindScore[]> {
  const brain = await c.brains.create(SYSTEM_ACTOR, { slug: `filing-eval-${Date.now().toString(36)}` });
  const known = new Set<string>();
  for (const p of [...SEED_PAGES, ...(opts.seed ?? [])]) {
    await c.pages.put(SYSTEM_ACTOR, brain.id, p);
    known.add(p.path);
  }
  const outcomes: ItemOutcome[] = [];
  for (const item of opts.items ?? EVAL_ITEMS) {
    const id = await upload(c, brain.id, item.upload);
    await c.filing.runPass(brain.id);
    const row = c.inbox.get(SYSTEM_ACTOR, brain.id, id);
    const created = row.filedPages.filter((p) => !known.has(p));
    for (const p of row.filedPages) known.add(p);
    outcomes.push({
      item,
      status: row.status,
      reason: row.reason,
      filedPages: row.filedPages,
      created,
      uploadDate: todayUtc(),
      timelineOf: (path) => {
        try {
          return readTimeline(c.pages.get(SYSTEM_ACTOR, brain.id, path).markdown);
        } catch {
          return [];
        }
      },
    });
  }
  const scores = scoreAll(outcomes);
  const pct = (n: number | null) => (n == null ? '  –  ' : n.toFixed(2));
  log('kind       items  worth  precision  recall  timeline');
  for (const k of scores) log(`${k.kind.padEnd(10)} ${String(k.items).padStart(5)}  ${pct(k.worth)}   ${pct(k.precision)}     ${pct(k.recall)}    ${pct(k.timeline)}`);
  const all = scores.find((k) => k.kind === 'all')!;
  for (const m of all.misses.slice(0, opts.verbose ? 500 : 60)) log(`miss ${m}`);
  return scores;
}

function evalFigures(k: KindScore, set = 'eval'): Figure[] {
  const name = (what: string) => `${set} ${k.kind}: ${what} (${k.items} items)`;
  const out: Figure[] = [
    figure({ suite: 'filing', name: name('worth-filing accuracy'), value: k.worth, unit: '', baselineName: null, baseline: null, better: 'higher', target: k.kind === 'all' ? '>= 0.93' : null, met: k.kind === 'all' ? k.worth >= 0.93 : null }),
  ];
  if (k.precision != null) out.push(figure({ suite: 'filing', name: name('precision'), value: k.precision, unit: '', baselineName: null, baseline: null, better: 'higher', target: '>= 0.9', met: k.precision >= 0.9 }));
  if (k.recall != null) out.push(figure({ suite: 'filing', name: name('recall'), value: k.recall, unit: '', baselineName: null, baseline: null, better: 'higher', target: '>= 0.8', met: k.recall >= 0.8 }));
  if (k.timeline != null) out.push(figure({ suite: 'filing', name: name('timeline accuracy'), value: k.timeline, unit: '', baselineName: null, baseline: null, better: 'higher', target: k.kind === 'all' ? '>= 0.85' : null, met: k.kind === 'all' ? k.timeline >= 0.85 : null }));
  return out;
}
