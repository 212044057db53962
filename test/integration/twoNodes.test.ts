// Two Brainkeep nodes (issue 27, proof): two real server PROCESSES on one data folder and one real
// PostgreSQL (the machine's own; PGlite is one backend for every connection, so locks between
// sessions would prove nothing there). Writes go through both at once and each is read through the
// other; a push to one is cloned from the other; the filing pass, polled every second by both
// nodes, files each item once; one node killed with SIGKILL mid-writes leaves every acknowledged
// write readable through the other. Skipped, saying why, where no PostgreSQL is installed (CI).
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runCli, spawnServer } from '../helpers/cli.js';
import { GitClient, gitUrl } from '../helpers/git.js';
import { realPostgresMissing, startRealPostgres, type RealPostgres } from '../helpers/realPg.js';
import { apiRequest, tempDir, type ApiResponse, type RequestOpts } from '../helpers/server.js';

interface Node {
  child: ChildProcess;
  url: string;
  output: () => string;
  request(method: string, urlPath: string, opts?: RequestOpts): Promise<ApiResponse>;
}

/** `brainkeep serve` as a process in its own group (killed with every git child it started); a minute to start on a busy machine. */
async function startNode(env: Record<string, string>): Promise<Node> {
  const { child, url, output } = await spawnServer({ BRAINKEEP_FSYNC: 'off', ...env }, { detached: true, startMs: 120_000 });
  return { child, url, output, request: (method, urlPath, opts = {}) => apiRequest(url, method, urlPath, opts) };
}

async function stopNode(n: Node | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!n || n.child.exitCode != null || n.child.signalCode != null) return;
  const exited = new Promise<void>((resolve) => n.child.once('exit', () => resolve()));
  try {
    process.kill(-n.child.pid!, signal);
  } catch {
    return;
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
  if (n.child.exitCode == null && n.child.signalCode == null) process.kill(-n.child.pid!, 'SIGKILL');
}

const why = realPostgresMissing();

(why ? describe.skip : describe)(`two nodes on one data folder and one PostgreSQL${why ? ` (skipped: ${why})` : ''}`, function () {
  let pg: RealPostgres;
  let data: string;
  let env: Record<string, string>;
  let a: Node | null = null;
  let b: Node | null = null;
  let key: string;
  const git = new GitClient();

  before(async function () {
    this.timeout(300_000);
    pg = await startRealPostgres();
    data = tempDir();
    // Both nodes poll the inbox every second: they race for every item.
    env = { BRAINKEEP_DATA: data, BRAINKEEP_DATABASE_URL: pg.url, BRAINKEEP_FILING_CRON: '* * * * * *' };
    a = await startNode(env); // the first start sets up the workspace
    b = await startNode(env);
    const cred = runCli(['credential', 'create', '--brain', 'main', '--role', 'Write'], env);
    assert.equal(cred.code, 0, cred.stderr);
    key = cred.stdout;
  });

  after(async function () {
    this.timeout(120_000);
    await stopNode(a);
    await stopNode(b);
    await pg?.stop();
    git.cleanup();
    if (data) fs.rmSync(data, { recursive: true, force: true });
  });

  it('both nodes list each other in the doctor\'s report, on one volume and one database', async function () {
    this.timeout(120_000);
    const r = runCli(['doctor'], env);
    assert.match(r.stdout, /2 node\(s\) seen/, r.stdout + r.stderr);
    assert.doesNotMatch(r.stdout, /problem: /);
  });

  it('writes through both nodes at once all succeed, and each is read and found through the other', async function () {
    this.timeout(300_000);
    const n = 12;
    const md = (who: string, i: number) => `# ${who} ${i}\n\nWritten through node ${who}, note ${i}, marker zq${who}${i}x.\n`;
    const writes = [];
    for (let i = 0; i < n; i++) {
      writes.push(a!.request('PUT', '/api/v1/brains/main/pages', { token: key, body: { path: `two/a-${i}.md`, markdown: md('a', i) } }));
      writes.push(b!.request('PUT', '/api/v1/brains/main/pages', { token: key, body: { path: `two/b-${i}.md`, markdown: md('b', i) } }));
    }
    const results = await Promise.all(writes);
    assert.deepEqual(results.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.text}`), [], 'no 409s: the writes are to different pages');
    for (let i = 0; i < n; i++) {
      const viaB = await b!.request('GET', `/api/v1/brains/main/pages?path=two/a-${i}.md`, { token: key });
      assert.equal(viaB.status, 200, viaB.text);
      assert.equal(viaB.body.markdown, md('a', i));
      const viaA = await a!.request('GET', `/api/v1/brains/main/pages?path=two/b-${i}.md`, { token: key });
      assert.equal(viaA.status, 200, viaA.text);
      assert.equal(viaA.body.markdown, md('b', i));
    }
    const found = await b!.request('GET', '/api/v1/brains/main/search?mode=exact&q=zqa3x', { token: key });
    assert.deepEqual(found.body.hits.map((h: { path: string }) => h.path), ['two/a-3.md']);
  });

  it('a push to one node is cloned from the other, and its pages are read there', async function () {
    this.timeout(180_000);
    const dir = await git.clone(gitUrl(a!.url, 'main', key), 'push-to-a');
    const commit = await git.commit(dir, { 'pushed/numbat.md': '# Numbat\n\nThe numbat eats termites.\n' }, 'Add the numbat');
    const pushed = await git.run(['push', 'origin', 'main'], dir);
    assert.equal(pushed.code, 0, pushed.stderr);
    const clone = await git.clone(gitUrl(b!.url, 'main', key), 'clone-from-b');
    assert.equal((await git.ok(['rev-parse', 'HEAD'], clone)).trim(), commit);
    assert.equal(fs.readFileSync(path.join(clone, 'pushed/numbat.md'), 'utf8'), '# Numbat\n\nThe numbat eats termites.\n');
    const page = await b!.request('GET', '/api/v1/brains/main/pages?path=pushed/numbat.md', { token: key });
    assert.equal(page.status, 200, page.text);
  });

  it('the filing pass, run every second by both nodes, files each item exactly once', async function () {
    this.timeout(300_000);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const node = i % 2 ? b! : a!;
      const r = await node.request('POST', '/api/v1/brains/main/inbox', {
        token: key,
        body: { filename: `vendor-${i}.txt`, content: `Vendor note ${i}: the Initech contract ${i} renews on 2026-06-0${i + 1} for ${40 + i} seats at 12 EUR each.` },
      });
      assert.equal(r.status, 201, r.text);
      ids.push(r.body.item.id);
    }
    const until = Date.now() + 180_000;
    let statuses: number[] = [];
    for (;;) {
      statuses = await Promise.all(ids.map(async (id) => (await a!.request('GET', `/api/v1/brains/main/inbox/${id}`, { token: key })).body.status as number));
      if (statuses.every((s) => s !== 0) || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.ok(statuses.every((s) => s !== 0), `every item taken by a pass: ${statuses.join(',')}`);
    assert.ok(statuses.filter((s) => s === 2).length >= 3, `the vendor notes are filed (status 2), not only judged: ${statuses.join(',')}`);
    const clone = await git.clone(gitUrl(b!.url, 'main', key), 'after-filing');
    const log = await git.ok(['log', '--format=%B%x00'], clone);
    for (const [i, id] of ids.entries()) {
      const commits = log.split('\0').filter((m) => m.includes(`Inbox-Item: ${id}`)).length;
      assert.equal(commits, statuses[i] === 2 ? 1 : 0, `item ${i} (status ${statuses[i]}) filed in ${commits} commits`);
    }
  });

  it('kill -9 of one node mid-writes: every acknowledged write is readable through the other, which goes on', async function () {
    this.timeout(300_000);
    const acked: { path: string; markdown: string }[] = [];
    let stopWriting = false;
    const writer = async (node: Node, who: string) => {
      for (let i = 0; !stopWriting; i++) {
        const path = `kill/${who}-${i}.md`;
        const markdown = `# ${who} ${i}\n\nWritten before or after the kill.\n`;
        try {
          const r = await node.request('PUT', '/api/v1/brains/main/pages', { token: key, body: { path, markdown } });
          if (r.status === 201) acked.push({ path, markdown });
        } catch {
          if (who === 'a') return; // the killed node's connection is gone: not acknowledged
        }
      }
    };
    const writing = [writer(a!, 'a'), writer(b!, 'b')];
    while (acked.filter((w) => w.path.startsWith('kill/a-')).length < 5) await new Promise((r) => setTimeout(r, 20));
    process.kill(-a!.child.pid!, 'SIGKILL');
    const bBefore = acked.filter((w) => w.path.startsWith('kill/b-')).length;
    const until = Date.now() + 60_000;
    while (acked.filter((w) => w.path.startsWith('kill/b-')).length < bBefore + 5 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    stopWriting = true;
    await Promise.all(writing);
    assert.ok(acked.filter((w) => w.path.startsWith('kill/b-')).length >= bBefore + 5, 'node b went on writing after a was killed');
    const missing: string[] = [];
    for (const w of acked) {
      const r = await b!.request('GET', `/api/v1/brains/main/pages?path=${w.path}`, { token: key });
      if (r.status !== 200 || r.body.markdown !== w.markdown) missing.push(`${w.path}: ${r.status}`);
    }
    assert.ok(acked.length >= 10);
    assert.deepEqual(missing, [], `of ${acked.length} acknowledged writes`);
    a = null;
  });
});
