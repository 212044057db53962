// The kill -9 loop across every way content gets in: page writes, inbox uploads, webhook
// deliveries and git pushes run at once against `brainkeep serve` (fsync on, filing on) while the
// server is SIGKILLed at random moments and restarted. After every restart each acknowledged
// write must be there with its bytes, every filed item's pages must exist, git fsck must be
// clean and no journal row may survive recovery; at the end the doctor must find nothing.
// The server runs in its own process group and the whole group is killed (as a container or a
// machine dies): git processes serving a push die with it, and fsck then looks at a still repository.
import assert from 'node:assert/strict';
import { execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { spawnServer } from '../helpers/cli.js';
import { apiRequest, tempDir } from '../helpers/server.js';
import { loadConfig } from '../../src/config.js';
import { buildContainer } from '../../src/container.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';

const run = promisify(execFile);
const ROUNDS = 3;

function gitEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Pusher', GIT_AUTHOR_EMAIL: 'pusher@example.com', GIT_COMMITTER_NAME: 'Pusher', GIT_COMMITTER_EMAIL: 'pusher@example.com' };
}

async function git(cwd: string, ...args: string[]): Promise<boolean> {
  try {
    await run('git', args, { cwd, env: gitEnv(), timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

/** SIGKILL the server and every process it started (its process group), and wait for it to exit. */
async function killGroup(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGKILL');
  await exited;
}

describe('crash loop: SIGKILL during page writes, uploads, webhooks, pushes and filing', function () {
  this.timeout(150_000);
  const data = tempDir('brainkeep-crashloop-');
  const clone = tempDir('brainkeep-crashloop-clone-');
  const env = { BRAINKEEP_DATA: data, BRAINKEEP_FSYNC: 'on', BRAINKEEP_RATE_LIMIT: '1000000', BRAINKEEP_FILING_CRON: '* * * * *' };
  let server: { child: ChildProcess; url: string } | null = null;
  after(async () => {
    if (server && server.child.exitCode == null) await killGroup(server.child);
    fs.rmSync(data, { recursive: true, force: true });
    fs.rmSync(clone, { recursive: true, force: true });
  });

  it('keeps every acknowledged write of every kind across repeated SIGKILLs', async () => {
    server = await spawnServer(env, { detached: true });
    // Credentials and a webhook source, made the way the CLI makes them (another connection).
    const c0 = buildContainer(loadConfig(env));
    const brainId = c0.access.findBrain('main')!.id;
    const token = c0.identity.createCredential({ brainId, role: 'Write', label: 'crash-loop' }, SYSTEM_ACTOR).key;
    const { secret } = c0.sources.create(SYSTEM_ACTOR, brainId, { mode: 'secret', label: 'crash-loop' });
    // Pushes go to a brain of their own: on `main` the API writers would turn nearly every push into a non-fast-forward.
    const pushBrainId = (await c0.brains.create(SYSTEM_ACTOR, { slug: 'pushed' })).id;
    const pushToken = c0.identity.createCredential({ brainId: pushBrainId, role: 'Write', label: 'crash-loop-push' }, SYSTEM_ACTOR).key;
    await c0.close();
    const remote = () => `${server!.url.replace('http://', `http://git:${pushToken}@`)}/git/pushed.git`;
    const gitdirs = [brainId, pushBrainId].map((id) => path.join(data, 'brains', `${id}.git`));
    const fsckAll = async () => {
      for (const gitdir of gitdirs) await run('git', ['--git-dir', gitdir, 'fsck', '--strict', '--no-dangling'], { env: gitEnv() });
    };
    assert.ok(await git(path.dirname(clone), 'clone', '--quiet', remote(), clone), 'clone');

    const pages = new Map<string, string>(); // acknowledged path on main -> markdown
    const pushed = new Map<string, string>(); // acknowledged path on the pushed brain -> markdown
    const items: string[] = [];
    let seq = 0;

    for (let round = 0; round < ROUNDS; round++) {
      let alive = true;
      const base = server.url;
      const loop = async (step: () => Promise<void>) => {
        while (alive) await step().catch(() => undefined);
      };
      const writers = [
        loop(async () => {
          const n = seq++;
          const p = `crash/r${round}-p${n}.md`;
          const markdown = `# Page ${n}\n\nround ${round}, write ${n}\n`;
          const r = await apiRequest(base, 'PUT', `/api/v1/brains/main/pages`, { token, body: { path: p, markdown } });
          if (r.status === 201 || r.status === 200) pages.set(p, markdown);
        }),
        loop(async () => {
          const n = seq++;
          const r = await apiRequest(base, 'POST', '/api/v1/brains/main/inbox', { token, body: { filename: `note-${n}.txt`, content: `Meeting note ${n}: we agreed on item ${n} with Ada Lovelace.`, externalId: `crash-${n}` } });
          if (r.status === 201) items.push(r.body.item.id);
        }),
        loop(async () => {
          const n = seq++;
          const r = await apiRequest(base, 'POST', `/api/ingest/${brainId}`, { rawBody: `Delivered note ${n}`, headers: { 'content-type': 'text/plain', 'x-ingest-secret': secret, 'x-filename': `hook-${n}.txt` } });
          if (r.status === 201) items.push(r.body.item.id);
        }),
        loop(async () => {
          const n = seq++;
          if (!(await git(clone, 'fetch', '--quiet', 'origin', 'main')) || !(await git(clone, 'reset', '--quiet', '--hard', 'origin/main'))) return;
          const p = `pushed/r${round}-f${n}.md`;
          const markdown = `# Pushed ${n}\n\nby git in round ${round}\n`;
          fs.mkdirSync(path.join(clone, 'pushed'), { recursive: true });
          fs.writeFileSync(path.join(clone, p), markdown);
          if (!(await git(clone, 'add', p)) || !(await git(clone, 'commit', '--quiet', '-m', `push ${n}`))) return;
          if (await git(clone, 'push', '--quiet', 'origin', 'HEAD:main')) pushed.set(p, markdown);
        }),
      ];
      await new Promise((r) => setTimeout(r, 800 + Math.random() * 1500));
      // A push (fetch, commit, push through the gate and the index) takes about a second on a
      // loaded machine, so a short window may cut every one: before the last kill, let one land.
      if (round === ROUNDS - 1 && pushed.size === 0) {
        for (const until = Date.now() + 20_000; pushed.size === 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
        await new Promise((r) => setTimeout(r, Math.random() * 500));
      }
      await killGroup(server.child);
      alive = false;
      await Promise.all(writers);
      // The crash state itself: every object a ref reaches is there.
      await fsckAll();

      const restartedAt = new Date().toISOString();
      server = await spawnServer(env, { detached: true });
      await git(clone, 'remote', 'set-url', 'origin', remote());
      assert.equal((await apiRequest(server.url, 'GET', '/readyz')).status, 200);
      for (const [p, markdown] of pages) {
        const r = await apiRequest(server.url, 'GET', `/api/v1/brains/main/pages?path=${encodeURIComponent(p)}`, { token });
        assert.equal(r.status, 200, `round ${round}: acknowledged ${p} is missing`);
        assert.equal(r.body.markdown, markdown, `round ${round}: ${p} has other bytes`);
      }
      for (const [p, markdown] of pushed) {
        const r = await apiRequest(server.url, 'GET', `/api/v1/brains/pushed/pages?path=${encodeURIComponent(p)}`, { token: pushToken });
        assert.equal(r.status, 200, `round ${round}: pushed ${p} is missing from the index`);
        assert.equal(r.body.markdown, markdown);
      }
      for (const id of items) {
        const r = await apiRequest(server.url, 'GET', `/api/v1/brains/main/inbox/${id}`, { token });
        assert.equal(r.status, 200, `round ${round}: acknowledged item ${id} is missing`);
        for (const filed of r.body.status === 2 ? r.body.filedPages : []) {
          assert.equal((await apiRequest(server.url, 'GET', `/api/v1/brains/main/pages?path=${encodeURIComponent(filed)}`, { token })).status, 200, `item ${id} filed to missing ${filed}`);
        }
      }
      const db = new Database(path.join(data, 'brainkeep.db'), { readonly: true });
      try {
        const stale = db.prepare('SELECT COUNT(*) AS n FROM pending_writes WHERE created_at < ?').get(restartedAt) as { n: number };
        assert.equal(stale.n, 0, 'a journal row survived recovery');
      } finally {
        db.close();
      }
    }
    assert.ok(pages.size >= ROUNDS && items.length >= ROUNDS && pushed.size >= 1, `too little got through: ${pages.size} pages, ${items.length} items, ${pushed.size} pushes`);

    // Stop cleanly, then nothing may be left for the doctor to find.
    const stopped = new Promise((r) => server!.child.once('exit', r));
    server.child.kill('SIGTERM');
    await stopped;
    await fsckAll();
    const c = buildContainer(loadConfig(env));
    try {
      const report = await c.backups.doctor({ repair: false });
      assert.deepEqual(report.findings, []);
    } finally {
      await c.close();
    }
  });
});
