import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { readTimeline } from '../../src/domain/timeline.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const fixture = (name: string) => fs.readFileSync(path.join('test/fixtures/filing', name), 'utf8');

/** A loopback stand-in for an OpenAI-compatible endpoint that answers with recorded plans, in order. */
async function recordedLlm(): Promise<{ url: string; answers: Array<{ status: number; content: string }>; requests: Array<{ auth: string | undefined; body: any }>; close(): Promise<void> }> {
  const answers: Array<{ status: number; content: string }> = [];
  const requests: Array<{ auth: string | undefined; body: any }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      requests.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      const next = answers.shift() ?? { status: 500, content: 'no recorded answer left' };
      res.writeHead(next.status, { 'content-type': 'application/json' });
      res.end(next.status === 200 ? JSON.stringify({ id: 'chatcmpl-rec', choices: [{ index: 0, message: { role: 'assistant', content: next.content } }] }) : JSON.stringify({ error: next.content }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/v1`, answers, requests, close: () => new Promise((r) => server.close(() => r())) };
}

describe('filing pass with the LLM filer (recorded plans on a loopback endpoint)', function () {
  this.timeout(30_000);
  let s: TestServer;
  let llm: Awaited<ReturnType<typeof recordedLlm>>;
  let writer: string;

  before(async () => {
    llm = await recordedLlm();
    s = await startTestServer({ BRAINKEEP_LLM_URL: llm.url, BRAINKEEP_LLM_MODEL: 'recorded-model', BRAINKEEP_LLM_API_KEY: 'sk-recorded' });
    writer = s.credential('Write');
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'people/ada.md', markdown: '---\ntitle: Ada Lovelace\nemail: ada@acme.com\n---\n# Ada Lovelace\n' });
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'companies/acme.md', markdown: '---\ntitle: Acme\ndomain: acme.com\n---\n# Acme\n' });
  });
  after(async () => {
    await s.stop();
    await llm.close();
  });

  async function upload(content: string, extra: Record<string, unknown> = {}): Promise<string> {
    const r = await s.request('POST', `/api/v1/brains/main/inbox`, { token: writer, body: { filename: 'note.txt', content, ...extra } });
    assert.equal(r.status, 201, r.text);
    return r.body.item.id;
  }

  it('a valid plan is validated and applied in one commit; the prompt carries the skill, instructions, schema and candidates', async () => {
    llm.answers.push({ status: 200, content: '```json\n' + fixture('llm-plan-valid.json') + '\n```' });
    const id = await upload('Note from Ada Lovelace (ada@acme.com) on 2026-03-12: Acme renews for 120 seats from April, invoiced yearly.', { skill: 'ingest' });
    const r = await s.c.filing.fileNow(SYSTEM_ACTOR, 'main', id);
    assert.equal(r.outcome, 'filed', r.reason ?? '');
    assert.equal(r.filer, 'llm');
    assert.deepEqual([...r.pages].sort(), ['companies/acme.md', 'notes/2026-03-12-acme-renewal-call.md', 'people/ada.md']);
    assert.equal(r.item.status, 2);
    assert.equal(r.item.suggestion!.confidence, 0.82);

    const req = llm.requests.at(-1)!;
    assert.equal(req.auth, 'Bearer sk-recorded');
    assert.equal(req.body.model, 'recorded-model');
    const [system, user] = req.body.messages;
    assert.match(system.content, /## The skill: ingest\n# ingest\n\nYou are filing one inbox item/);
    assert.match(system.content, /# How to write in this brain/);
    assert.match(system.content, /"partitionFolder":null/);
    assert.match(user.content, /"ada@acme\.com" → people\/ada\.md \(Ada Lovelace\)/);
    assert.match(user.content, /--- ITEM START ---\nNote from Ada Lovelace/);

    const gitdir = s.c.repos.gitdirOf(s.mainBrainId);
    const msg = execFileSync('git', ['--git-dir', gitdir, 'log', '-1', '--format=%B', 'main'], { encoding: 'utf8' });
    assert.match(msg, new RegExp(`^Inbox-Item: ${id}$`, 'm'));
    assert.match(msg, /^Skill: ingest$/m);
    const note = s.c.pages.get(SYSTEM_ACTOR, 'main', 'notes/2026-03-12-acme-renewal-call.md');
    assert.match(note.markdown, /## Related\n\n- \[\[people\/ada\]\]/);
    assert.equal(readTimeline(s.c.pages.get(SYSTEM_ACTOR, 'main', 'people/ada.md').markdown)[0]!.date, '2026-03-12');
    assert.equal(s.c.pages.get(SYSTEM_ACTOR, 'main', 'companies/acme.md').frontmatter.seats, 120);
  });

  it('a chat session: the prompt names every page the session is about (people, their companies, domains); the plan reaches them through the shared applier', async () => {
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'companies/globex.md', markdown: '---\ntitle: Globex\ndomain: globex.io\n---\n# Globex\n' });
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'people/grace.md', markdown: '---\ntitle: Grace Hopper\ncompany: "[[companies/globex]]"\n---\n# Grace Hopper\n' });
    const session = JSON.stringify({
      created_at: '2026-03-08T09:00:00Z',
      messages: [
        { role: 'user', content: 'Grace Hopper is leaving Globex to join Acme as CTO in April. Ada Lovelace told me on the phone.' },
        { role: 'assistant', content: 'Then Acme gains a CTO and Globex needs a new sponsor for your account.' },
        { role: 'user', content: 'We decided to ask Ada for an intro to Grace at Acme.' },
      ],
    });
    const note = 'notes/2026-03-08-grace-hopper-moves-to-acme.md';
    const link = '[[notes/2026-03-08-grace-hopper-moves-to-acme|Grace Hopper moves to Acme]]';
    const fact = `Grace Hopper is leaving Globex to join Acme as CTO in April (${link})`;
    const plan = {
      decision: 'file',
      skill: 'ingest-conversation',
      confidence: 0.8,
      rationale: 'A session about Grace Hopper moving from Globex to Acme.',
      placement: { targetFolder: 'notes', entityType: 'note', targetSlug: '2026-03-08-grace-hopper-moves-to-acme' },
      pages: [{ path: note, action: 'create', markdown: '---\ntitle: Grace Hopper moves to Acme\ndate: 2026-03-08\n---\n# Grace Hopper moves to Acme\n\n## Decisions\n\n- Ask Ada for an intro to Grace at Acme.\n' }],
      timeline: [
        { path: 'people/grace.md', date: '2026-03-08', text: fact },
        { path: 'companies/globex.md', date: '2026-03-08', text: fact },
        { path: 'companies/acme.md', date: '2026-03-08', text: fact },
      ],
      links: [],
    };
    llm.answers.push({ status: 200, content: JSON.stringify(plan) });
    // An ambient upload: routed by content to ingest-conversation.
    const r0 = await s.request('POST', `/api/v1/brains/main/inbox`, { token: writer, body: { filename: 'session.json', content: session } });
    assert.equal(r0.status, 201, r0.text);
    const r = await s.c.filing.fileNow(SYSTEM_ACTOR, 'main', r0.body.item.id);
    assert.equal(r.outcome, 'filed', r.reason ?? '');
    assert.equal(r.skill, 'ingest-conversation');
    assert.equal(r.filer, 'llm');
    assert.deepEqual([...r.pages].sort(), ['companies/acme.md', 'companies/globex.md', note, 'people/grace.md'].sort());
    const user = llm.requests.at(-1)!.body.messages[1].content as string;
    for (const expected of [/"Grace Hopper" → people\/grace\.md/, /"Globex" → companies\/globex\.md/, /"Acme" → companies\/acme\.md/, /"Ada Lovelace" → people\/ada\.md/]) assert.match(user, expected);
    for (const p of ['people/grace.md', 'companies/globex.md', 'companies/acme.md']) {
      const line = readTimeline(s.c.pages.get(SYSTEM_ACTOR, 'main', p).markdown).find((l) => l.text.includes(link));
      assert.equal(line?.date, '2026-03-08', p);
    }
    // Filing the same plan again (the item re-queued) adds no second line: the applier is shared and idempotent.
    const before = s.c.pages.get(SYSTEM_ACTOR, 'main', 'companies/acme.md').version;
    const again = await s.request('POST', `/api/v1/brains/main/inbox`, { token: writer, body: { filename: 'session-again.json', content: session.replace('09:00:00Z', '09:00:01Z') } });
    llm.answers.push({ status: 200, content: JSON.stringify({ ...plan, pages: [] }) });
    const r2 = await s.c.filing.fileNow(SYSTEM_ACTOR, 'main', again.body.item.id);
    assert.equal(r2.outcome, 'filed', r2.reason ?? '');
    assert.deepEqual(r2.pages, []);
    assert.equal(s.c.pages.get(SYSTEM_ACTOR, 'main', 'companies/acme.md').version, before);
  });

  it('an invalid plan falls back to Review with the reason; nothing is written', async () => {
    const head = s.c.repos.get(s.mainBrainId).head();
    llm.answers.push({ status: 200, content: fixture('llm-plan-invalid.json') });
    const id = await upload('Please file this note about the Acme renewal: 120 seats.', { skill: 'ingest' });
    const r = await s.c.filing.fileNow(SYSTEM_ACTOR, 'main', id);
    assert.equal(r.outcome, 'review');
    assert.equal(r.item.status, 1);
    assert.match(r.item.reason!, /^The LLM filer's plan was refused: .*confidence/);
    assert.equal(s.c.repos.get(s.mainBrainId).head(), head);
    assert.doesNotMatch((await s.c.repos.get(s.mainBrainId).readFile('.brain/skills/ingest.md'))!.toString(), /pwned/);
  });

  it('a plan that passes the schema but breaks the path rules is refused too', async () => {
    const plan = JSON.parse(fixture('llm-plan-valid.json'));
    plan.pages[0].path = 'secret/elsewhere.md';
    llm.answers.push({ status: 200, content: JSON.stringify(plan) });
    const id = await upload('Another note: Acme asked about SSO on 2026-03-13.', { skill: 'ingest' });
    const r = await s.c.filing.fileNow(SYSTEM_ACTOR, 'main', id);
    assert.equal(r.outcome, 'review');
    assert.match(r.item.reason!, /outside the folders this item may file to/);
  });

  it('a valid plan that does not apply to the pages as they are goes to Review with the reason; nothing is written', async () => {
    const head = s.c.repos.get(s.mainBrainId).head();
    const plan = { ...JSON.parse(fixture('llm-plan-valid.json')), timeline: [], links: [] };
    plan.pages = [{ path: 'notes/never-written.md', action: 'append-section', section: 'Log', content: '- one more' }];
    llm.answers.push({ status: 200, content: JSON.stringify(plan) });
    const id = await upload('A follow-up: Acme wants the invoice in EUR from 2026-04-01.', { skill: 'ingest' });
    const r = await s.c.filing.fileNow(SYSTEM_ACTOR, 'main', id);
    assert.equal(r.outcome, 'review');
    assert.equal(r.item.status, 1);
    assert.equal(r.item.reason, 'The filing plan could not be applied: The filing plan cannot be applied: page notes/never-written.md does not exist.');
    assert.equal(s.c.repos.get(s.mainBrainId).head(), head);
  });

  it('an answer that is not JSON goes to Review; a "skip" plan goes to Review with its reason', async () => {
    llm.answers.push({ status: 200, content: 'I think this should go in notes.' });
    const a = await upload('A note about Acme onboarding on 2026-03-14 with three facts.', { skill: 'ingest' });
    assert.match((await s.c.filing.fileNow(SYSTEM_ACTOR, 'main', a)).item.reason!, /did not answer with a JSON plan/);
    llm.answers.push({ status: 200, content: fixture('llm-plan-skip.json') });
    const b = await upload('I am out of the office until 2026-03-20 and will reply when back.', { skill: 'ingest' });
    const r = await s.c.filing.fileNow(SYSTEM_ACTOR, 'main', b);
    assert.equal(r.item.status, 1);
    assert.equal(r.item.reason, 'Not worth filing: An out-of-office auto-reply with nothing to keep.');
  });

  it('an endpoint error is retried with backoff by the pass (the item stays Pending)', async () => {
    llm.answers.push({ status: 503, content: 'overloaded' });
    const id = await upload('Acme renewal follow-up: legal review finishes on 2026-03-21.', { skill: 'ingest' });
    const summary = await s.c.filing.runPass(s.mainBrainId);
    assert.equal(summary.retry, 1);
    const item = s.c.inbox.get(SYSTEM_ACTOR, 'main', id);
    assert.equal(item.status, 0);
    const state = s.c.db.prepare('SELECT filing_last_error AS e, filing_next_attempt_at AS n FROM inbox_items WHERE id = ?').get(id) as { e: string; n: string };
    assert.match(state.e, /answered 503/);
    assert.ok(Date.parse(state.n) > Date.now());
  });
});
