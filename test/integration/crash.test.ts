// Crash safety: a writer runs against `brainkeep serve` (a child process, fsync ON); the server is
// SIGKILLed at random moments, restarted, and every write that was acknowledged with a 2xx must be
// in git and in the index, git fsck must be clean, and no pending write may be left behind.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runCli, spawnServer } from '../helpers/cli.js';
import { apiRequest, tempDir } from '../helpers/server.js';

const ROUNDS = 5;

describe('crash safety (SIGKILL during writes, fsync on)', function () {
  this.timeout(90_000);
  let data: string;
  before(() => {
    data = tempDir('brainkeep-crash-');
  });
  after(() => fs.rmSync(data, { recursive: true, force: true }));

  it('keeps every acknowledged write across repeated SIGKILLs', async () => {
    const env = { BRAINKEEP_DATA: data, BRAINKEEP_FSYNC: 'on', BRAINKEEP_RATE_LIMIT: '1000000' };
    let server = await spawnServer(env);
    const key = runCli(['credential', 'create', '--brain', 'main', '--role', 'Write', '--label', 'crash-writer'], { BRAINKEEP_DATA: data });
    assert.equal(key.code, 0, key.stderr);
    const token = key.stdout;
    const brains = await apiRequest(server.url, 'GET', '/api/v1/brains', { token });
    const brainId = brains.body.brains[0].id as string;
    const pages = `/api/v1/brains/${brainId}/pages`;
    const gitdir = path.join(data, 'brains', `${brainId}.git`);

    const acked = new Map<string, string>(); // path -> content acknowledged
    const ackedLines = new Map<string, string[]>(); // log page -> appended lines acknowledged
    let totalAcked = 0;
    let kills = 0;

    for (let round = 0; round < ROUNDS; round++) {
      let stop = false;
      const writer = async (w: number) => {
        for (let n = 0; !stop; n++) {
          const base = server.url;
          try {
            if (n % 3 === 2) {
              const log = `crash/log-w${w}.md`;
              const line = `r${round} w${w} n${n}`;
              if (!ackedLines.has(log)) {
                const r = await apiRequest(base, 'PUT', pages, { token, body: { path: log, markdown: '# Log\n' } });
                if (r.status === 201 || r.status === 200) ackedLines.set(log, []);
                continue;
              }
              const r = await apiRequest(base, 'PATCH', `${pages}?path=${log}`, { token, body: { operation: 'append', content: line } });
              if (r.status === 200) {
                ackedLines.get(log)!.push(line);
                totalAcked++;
              }
            } else {
              const p = `crash/r${round}/w${w}/page-${n}.md`;
              const content = `# Page ${round}-${w}-${n}\n\n${'lorem ipsum '.repeat(20 + n)}\n`;
              const r = await apiRequest(base, 'PUT', pages, { token, body: { path: p, markdown: content } });
              if (r.status === 201) {
                acked.set(p, content);
                totalAcked++;
              }
            }
          } catch {
            return; // connection refused or reset: the server is gone
          }
        }
      };
      const writers = [0, 1, 2].map(writer);
      await new Promise((r) => setTimeout(r, 150 + Math.floor(Math.random() * 700)));
      server.child.kill('SIGKILL');
      kills++;
      await new Promise((r) => server.child.once('exit', r));
      stop = true;
      await Promise.all(writers);
      server = await spawnServer(env);

      // Every acknowledged write is in git...
      for (const [p, content] of acked) assert.equal(execFileSync('git', ['--git-dir', gitdir, 'show', `main:${p}`], { encoding: 'utf8' }), content, p);
      for (const [p, lines] of ackedLines) {
        const text = execFileSync('git', ['--git-dir', gitdir, 'show', `main:${p}`], { encoding: 'utf8' });
        for (const l of lines) assert.ok(text.includes(l), `${p} lost "${l}"`);
      }
      // ...and in the index of the restarted server.
      const list = await apiRequest(server.url, 'GET', `${pages}?prefix=crash/&limit=1000`, { token });
      const listed = new Set(list.body.pages.map((pg: { path: string }) => pg.path));
      for (const p of acked.keys()) assert.ok(listed.has(p), `index lacks ${p}`);
      for (const [p, lines] of ackedLines) {
        const r = await apiRequest(server.url, 'GET', `${pages}?path=${p}`, { token });
        assert.equal(r.status, 200);
        for (const l of lines) assert.ok(r.body.markdown.includes(l), `index copy of ${p} lost "${l}"`);
      }
      execFileSync('git', ['--git-dir', gitdir, 'fsck', '--strict', '--no-progress'], { stdio: 'pipe' });
    }

    // The restarted server still takes writes (no stale lock or pending row blocks it).
    const last = await apiRequest(server.url, 'PUT', pages, { token, body: { path: 'crash/after.md', markdown: 'after\n' } });
    assert.equal(last.status, 201, last.text);
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    const db = new Database(path.join(data, 'brainkeep.db'), { readonly: true });
    try {
      assert.equal((db.prepare('SELECT COUNT(*) AS n FROM pending_writes').get() as { n: number }).n, 0);
      const indexed = db.prepare('SELECT b.indexed_commit AS c FROM brains b WHERE b.id = ?').get(brainId) as { c: string };
      assert.equal(indexed.c, execFileSync('git', ['--git-dir', gitdir, 'rev-parse', 'main'], { encoding: 'utf8' }).trim());
    } finally {
      db.close();
    }
    assert.equal(kills, ROUNDS);
    assert.ok(totalAcked > ROUNDS, `the writer got too few writes through (${totalAcked})`);
  });
});
