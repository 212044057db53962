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

/**
 * The blob at `rev:path` for every path, from one `git cat-file --batch` (null where git has none).
 * Each round checks every write acknowledged so far; one `git show` per path was ~900 processes.
 */
function blobsAt(gitdir: string, rev: string, paths: Iterable<string>): Map<string, Buffer | null> {
  const list = [...paths];
  const out = execFileSync('git', ['--git-dir', gitdir, 'cat-file', '--batch'], { input: list.map((p) => `${rev}:${p}\n`).join(''), maxBuffer: 256 * 1024 * 1024 });
  const blobs = new Map<string, Buffer | null>();
  let at = 0;
  for (const p of list) {
    const eol = out.indexOf(0x0a, at);
    const header = out.subarray(at, eol).toString('utf8');
    const m = /^[0-9a-f]+ blob (\d+)$/.exec(header);
    if (!m) {
      blobs.set(p, null); // "<rev:path> missing"
      at = eol + 1;
      continue;
    }
    const size = Number(m[1]);
    blobs.set(p, out.subarray(eol + 1, eol + 1 + size));
    at = eol + 1 + size + 1;
  }
  return blobs;
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

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
    const files = `/api/v1/brains/${brainId}/files`;
    const ackedFiles = new Map<string, Buffer>(); // attachment path -> bytes acknowledged
    const ackedLines = new Map<string, string[]>(); // log page -> appended lines acknowledged
    let totalAcked = 0;
    let kills = 0;

    for (let round = 0; round < ROUNDS; round++) {
      let stop = false;
      let hold = false; // page writers wait while the last round waits for an upload
      const writer = async (w: number) => {
        for (let n = 0; !stop; n++) {
          while (hold && !stop) await new Promise((r) => setTimeout(r, 20));
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
      // Attachments go through the same durable write path: streamed bytes, one commit each.
      const fileWriter = async () => {
        for (let n = 0; !stop; n++) {
          const p = `crash/files/r${round}/img-${n}.png`;
          const bytes = Buffer.concat([PNG_SIGNATURE, Buffer.from(`round ${round} upload ${n} `.repeat(50 + n))]);
          try {
            const r = await apiRequest(server.url, 'PUT', `${files}?path=${p}`, { token, rawBody: bytes, headers: { 'content-type': 'image/png' } });
            if (r.status === 201 || r.status === 200) {
              ackedFiles.set(p, bytes);
              totalAcked++;
            }
          } catch {
            return;
          }
        }
      };
      const writers = [...[0, 1, 2].map(writer), fileWriter()];
      await new Promise((r) => setTimeout(r, 150 + Math.floor(Math.random() * 700)));
      // On a loaded machine (two test workers beside other work) an upload may take longer than
      // every short window: before the last kill, let one land (as crashLoop does for pushes).
      // The page writers hold meanwhile, so the round's pages stay within one listing below.
      if (round === ROUNDS - 1 && ackedFiles.size === 0) {
        hold = true;
        for (const until = Date.now() + 20_000; ackedFiles.size === 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20));
        hold = false;
        await new Promise((r) => setTimeout(r, 50 + Math.floor(Math.random() * 300)));
      }
      server.child.kill('SIGKILL');
      kills++;
      await new Promise((r) => server.child.once('exit', r));
      stop = true;
      await Promise.all(writers);
      server = await spawnServer(env);

      // Every acknowledged write is in git...
      const inGit = blobsAt(gitdir, 'main', [...acked.keys(), ...ackedLines.keys(), ...ackedFiles.keys()]);
      for (const [p, content] of acked) assert.equal(inGit.get(p)?.toString('utf8'), content, p);
      for (const [p, lines] of ackedLines) {
        const text = inGit.get(p)?.toString('utf8');
        assert.ok(text !== undefined, `git lacks ${p}`);
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
      // Every acknowledged attachment is in git byte for byte, and in the restarted server's index.
      for (const [p, bytes] of ackedFiles) assert.deepEqual(inGit.get(p), bytes, p);
      const fileList = await apiRequest(server.url, 'GET', `${files}?prefix=crash/files&limit=500`, { token });
      const fileSizes = new Map(fileList.body.files.map((f: { path: string; size: number }) => [f.path, f.size]));
      for (const [p, bytes] of ackedFiles) assert.equal(fileSizes.get(p), bytes.length, `file index lacks ${p} or has another version`);
      execFileSync('git', ['--git-dir', gitdir, 'fsck', '--strict', '--no-progress'], { stdio: 'pipe' });
    }
    assert.ok(ackedFiles.size > 0, 'no attachment upload got through');

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
  it('group commits: many writers racing, SIGKILLs at random points lose no acknowledged write and leave no half-applied group', async () => {
    const dir = tempDir('brainkeep-crash-groups-');
    try {
      const env = { BRAINKEEP_DATA: dir, BRAINKEEP_FSYNC: 'on', BRAINKEEP_RATE_LIMIT: '1000000' };
      let server = await spawnServer(env);
      const key = runCli(['credential', 'create', '--brain', 'main', '--role', 'Write', '--label', 'group-writer'], { BRAINKEEP_DATA: dir });
      assert.equal(key.code, 0, key.stderr);
      const token = key.stdout;
      const brainId = (await apiRequest(server.url, 'GET', '/api/v1/brains', { token })).body.brains[0].id as string;
      const pages = `/api/v1/brains/${brainId}/pages`;
      const gitdir = path.join(dir, 'brains', `${brainId}.git`);
      const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitdir, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      const acked = new Map<string, string>(); // path -> content last acknowledged
      let answered = 0;
      const WRITERS = 24;
      for (let round = 0; round < 4; round++) {
        let stop = false;
        const writer = async (w: number) => {
          for (let n = 0; !stop; n++) {
            // Each writer rewrites its own few pages (updates after the first pass), and every
            // fourth write races the others for one shared page with a version check.
            const shared = n % 4 === 3;
            const p = shared ? `groups/shared-${n % 3}.md` : `groups/w${w}/page-${n % 5}.md`;
            const content = `# ${p}\n\nround ${round} writer ${w} write ${n}\n`;
            try {
              const body: Record<string, unknown> = { path: p, markdown: content };
              if (shared) {
                const cur = await apiRequest(server.url, 'GET', `${pages}?path=${p}`, { token });
                body.expectedVersion = cur.status === 200 ? cur.body.version : 0;
              }
              const r = await apiRequest(server.url, 'PUT', pages, { token, body });
              if (r.status === 200 || r.status === 201) {
                acked.set(p, content);
                answered++;
              } else if (r.status !== 409) return;
            } catch {
              return; // the server is gone
            }
          }
        };
        const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
        // Once writes flow (a fresh server warms up first), kill at a random point of the groups.
        const flowing = answered + 2 * WRITERS;
        for (const until = Date.now() + 15_000; answered < flowing && Date.now() < until; ) await new Promise((r) => setTimeout(r, 10));
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 500)));
        server.child.kill('SIGKILL');
        await new Promise((r) => server.child.once('exit', r));
        stop = true;
        await Promise.all(writers);
        server = await spawnServer(env);

        // Every acknowledged write is in git (last acknowledged content, or a later unacknowledged one of the same writer)...
        const tree = new Map(
          git('ls-tree', '-r', 'main', 'groups/')
            .split('\n')
            .filter(Boolean)
            .map((l) => [l.split('\t')[1]!, l.split(' ')[2]!.split('\t')[0]!]),
        );
        const blobs = blobsAt(gitdir, 'main', acked.keys());
        for (const [p, content] of acked) {
          assert.ok(tree.has(p), `git lacks ${p}`);
          const inGit = blobs.get(p)!.toString('utf8');
          // A later write to the page may have landed unacknowledged (the kill came before its answer); never an older one.
          const order = (text: string) => {
            const m = /round (\d+) writer (\d+) write (\d+)/.exec(text)!;
            return { writer: m[2], at: Number(m[1]) * 1e6 + Number(m[3]) };
          };
          if (inGit !== content && !p.includes('shared')) {
            const [now, was] = [order(inGit), order(content)];
            assert.ok(now.writer === was.writer && now.at > was.at, `${p} went back: ${inGit} (acknowledged: ${content})`);
          }
        }
        // ...and the index matches git exactly: no group is half applied.
        const db = new Database(path.join(dir, 'brainkeep.db'), { readonly: true });
        try {
          const rows = db.prepare("SELECT path, blob_oid AS oid FROM pages WHERE brain_id = ? AND path LIKE 'groups/%'").all(brainId) as Array<{ path: string; oid: string }>;
          assert.deepEqual(new Map(rows.map((r) => [r.path, r.oid])), tree);
          const indexed = db.prepare('SELECT indexed_commit AS c FROM brains WHERE id = ?').get(brainId) as { c: string };
          assert.equal(indexed.c, git('rev-parse', 'main').trim());
          // Every page in git has the audit row of its creation (recovery writes those of a group that landed unanswered).
          const created = new Set((db.prepare("SELECT target FROM audit WHERE brain_id = ? AND action = 'page.create'").all(brainId) as Array<{ target: string }>).map((r) => r.target));
          for (const p of tree.keys()) assert.ok(created.has(p), `no audit row for ${p}`);
        } finally {
          db.close();
        }
        git('fsck', '--strict', '--no-progress');
      }
      // Writes did share commits, and each group commit is one commit naming all its writes.
      const groups = git('log', '--format=%H', '--grep=^Brainkeep-Op: group$', 'main').split('\n').filter(Boolean);
      assert.ok(groups.length > 0, 'no group commit formed');
      for (const oid of groups.slice(0, 20)) {
        const body = git('log', '-1', '--format=%B', oid);
        const size = Number(/Brainkeep-Group-Size: (\d+)/.exec(body)![1]);
        assert.equal(git('diff-tree', '--no-commit-id', '--name-only', '-r', oid).split('\n').filter(Boolean).length, size);
        assert.equal((body.match(/^Brainkeep-Write-\d+: /gm) ?? []).length, size);
      }
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
      const db = new Database(path.join(dir, 'brainkeep.db'), { readonly: true });
      try {
        assert.equal((db.prepare('SELECT COUNT(*) AS n FROM pending_writes').get() as { n: number }).n, 0);
      } finally {
        db.close();
      }
      assert.ok(answered > 8 * WRITERS, `too few writes got through (${answered})`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
