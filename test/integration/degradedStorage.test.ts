// A full disk and a read-only data folder, made real as root without mounting anything:
//   - full: RLIMIT_FSIZE on the running server (prlimit), so the kernel refuses to grow any file
//     (EFBIG from write(2); SQLite sees the same refusal);
//   - read-only: the immutable attribute (chattr +i), which even root cannot write through;
//   - and the database alone read-only: SQLite's query_only on the server's connection.
// Each must refuse writes with a clear 5xx problem, leave nothing half-written (same head, same
// index, no journal rows, git fsck clean), keep reads working, and recover when the condition clears.
import assert from 'node:assert/strict';
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { GitClient, gitUrl } from '../helpers/git.js';
import { serverState, spawnServer } from '../helpers/cli.js';
import { sqliteOf, apiRequest, startTestServer, tempDir } from '../helpers/server.js';
import { loadConfig } from '../../src/config.js';
import { buildContainer } from '../../src/container.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import type { Role } from '../../src/domain/roles.js';

/** A credential made the way the CLI makes it (another process's connection to the same database). */
async function credential(dataDir: string, role: Role): Promise<string> {
  const c = buildContainer(loadConfig({ BRAINKEEP_DATA: dataDir, BRAINKEEP_FSYNC: 'off' }));
  try {
    return c.identity.createCredential({ brainId: c.access.findBrain('main')!.id, role }, SYSTEM_ACTOR).key;
  } finally {
    await c.close();
  }
}

function fingerprint(dataDir: string) {
  const db = new Database(path.join(dataDir, 'brainkeep.db'), { readonly: true });
  try {
    const brain = db.prepare("SELECT id, indexed_commit FROM brains WHERE slug = 'main'").get() as { id: string; indexed_commit: string };
    const gitdir = path.join(dataDir, 'brains', `${brain.id}.git`);
    return {
      head: execFileSync('git', ['--git-dir', gitdir, 'rev-parse', 'main'], { encoding: 'utf8' }).trim(),
      indexed: brain.indexed_commit,
      pages: db.prepare('SELECT path, blob_oid, version FROM pages ORDER BY path').all(),
      lastSeq: (db.prepare('SELECT MAX(seq) AS s FROM page_changes').get() as { s: number }).s,
      pending: (db.prepare('SELECT COUNT(*) AS n FROM pending_writes').get() as { n: number }).n,
      gitdir,
    };
  } finally {
    db.close();
  }
}

function fsckClean(gitdir: string): void {
  execFileSync('git', ['--git-dir', gitdir, 'fsck', '--strict', '--no-dangling'], { stdio: 'pipe' });
}

/** A full or read-only disk is the one storage_full problem (507) on every surface. */
function assertStorageProblem(r: { status: number; headers: Headers; body: any }, detail: RegExp): void {
  assert.equal(r.status, 507, JSON.stringify(r.body));
  assert.match(r.headers.get('content-type') ?? '', /^application\/problem\+json/);
  assert.equal(r.body.code, 'storage_full');
  assert.match(r.body.detail, detail);
  assert.match(r.body.detail, /Reads still work/);
}

const METRICS_TOKEN = 'degraded-metrics-token';

describe('degraded storage', function () {
  this.timeout(90_000);
  let dir: string;
  let server: { child: ChildProcess; url: string; output: () => string };
  let write: string;
  // A request that gets no answer says how the server is: a server that died (SIGBUS) shows here
  // (its exit is reported a moment after its connections close).
  const req = (method: string, p: string, opts: Parameters<typeof apiRequest>[3] = {}) =>
    apiRequest(server.url, method, p, opts).catch(async (e: Error) => {
      if (server.child.exitCode === null && server.child.signalCode === null) await new Promise((r) => setTimeout(r, 500));
      throw new Error(`${method} ${p} got no answer (${e.message}); ${serverState(server)}`);
    });
  const readPage = (token: string, p: string) => req('GET', `/api/v1/brains/main/pages?path=${p}`, { token });
  /** WAL checkpoints of the server's checkpoint thread so far, by outcome (/metrics needs its token). */
  const checkpoints = async (outcome: 'ok' | 'failed') => {
    const line = (await req('GET', '/metrics', { token: METRICS_TOKEN })).text.split('\n').find((l) => l.startsWith(`brainkeep_sqlite_checkpoints_total{outcome="${outcome}"} `));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  };
  /** Poll `ok` for up to 15 s; a failure says how the server is (it may have died) and what it logged. */
  const waitFor = async (what: string | (() => Promise<string>), ok: () => Promise<boolean>, ms = 15_000) => {
    for (const until = Date.now() + ms; !(await ok()); await new Promise((r) => setTimeout(r, 100))) {
      if (Date.now() >= until) assert.fail(`${typeof what === 'string' ? what : await what()}: ${serverState(server)}`);
    }
  };

  /**
   * Wait until the server is idle: its checkpoint thread emptied the WAL (docs/operations.md,
   * "Degraded modes": a folder that turns read-only in the second after a write can still end the
   * process). Empty on two looks 400 ms apart, so a commit between them would have shown.
   */
  /** Chunks waiting for their vectors: the embedding worker commits them after the page writes. */
  const embedQueue = () => {
    const db = new Database(path.join(dir, 'brainkeep.db'), { readonly: true });
    try {
      return db.prepare('SELECT COUNT(*) FROM search_embed_queue').pluck().get() as number;
    } finally {
      db.close();
    }
  };
  const walSettled = async () => {
    // The embedding worker's vector commits come after the writes: the idle wait starts once they are
    // in (on a loaded machine it may take seconds; a batch that failed and waits to retry is waited for up to 20 s).
    for (const until = Date.now() + 20_000; embedQueue() > 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 200));
    await walIdle();
  };
  const walIdle = () => {
    const wal = path.join(dir, 'brainkeep.db-wal');
    const empty = () => !fs.existsSync(wal) || fs.statSync(wal).size === 0;
    const why = async () => `the WAL was not emptied once the server was idle (${fs.existsSync(wal) ? fs.statSync(wal).size : 0} bytes; checkpoints ok ${await checkpoints('ok')}, failed ${await checkpoints('failed')})`;
    // Up to 30 s: on a loaded machine the embedding worker may still be committing the earlier pages' vectors.
    return waitFor(why, async () => empty() && (await new Promise((r) => setTimeout(r, 400))) === undefined && empty(), 30_000);
  };

  before(async () => {
    dir = tempDir();
    // One search thread: its reader connection is open beside the server's and the checkpoint thread's.
    server = await spawnServer({ BRAINKEEP_DATA: dir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_METRICS_TOKEN: METRICS_TOKEN, BRAINKEEP_SEARCH_THREADS: '1' });
    write = await credential(dir, 'Write');
    assert.match(write, /^ck_/);
    assert.equal((await req('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/keep', markdown: '# Keep\n\nv1\n' } })).status, 201);
  });
  after(async () => {
    execFileSync('chattr', ['-R', '-i', dir]);
    // A server that died in a case has exited already: its exit event will not come again.
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a full disk refuses writes with 507, changes nothing, keeps reads working, and recovers', async () => {
    const read = await credential(dir, 'Read');
    const mcp = new Client({ name: 'brainkeep-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${write}` } } }));
    const git = new GitClient();
    const clone = await git.clone(gitUrl(server.url, 'main', write), 'main');
    await git.commit(clone, { 'notes/pushed.md': '# Pushed\n' });
    const before = fingerprint(dir);
    execFileSync('prlimit', ['--pid', String(server.child.pid), '--fsize=1:']);
    try {
      assertStorageProblem(await req('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/keep', markdown: '# Keep\n\nv2\n' } }), /full/);
      assertStorageProblem(await req('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/big', markdown: `# Big\n\n${'x'.repeat(200_000)}\n` } }), /full/);
      assertStorageProblem(await req('DELETE', '/api/v1/brains/main/pages?path=notes/keep', { token: write }), /full/);
      // The same problem over MCP (a tool error with the problem JSON) and git (the push is refused with its code).
      const tool = (await mcp.callTool({ name: 'write_page', arguments: { path: 'notes/keep', markdown: '# Keep\n\nv2\n' } })) as { isError?: boolean; content: Array<{ text: string }> };
      assert.equal(tool.isError, true);
      const problem = JSON.parse(tool.content[0]!.text);
      assert.equal(problem.code, 'storage_full');
      assert.equal(problem.status, 507);
      assert.match(problem.detail, /full.*Reads still work/);
      const pushed = await git.run(['push', 'origin', 'HEAD:main'], clone);
      assert.notEqual(pushed.code, 0);
      assert.match(pushed.stderr, /remote: storage_full: The data folder is full/);
      // Reads go on, including a credential's first use (its last-used stamp cannot be written).
      const page = await readPage(read, 'notes/keep');
      assert.equal(page.status, 200);
      assert.equal(page.body.markdown, '# Keep\n\nv1\n');
      assert.equal((await req('GET', '/api/v1/brains/main/pages', { token: read })).status, 200);
      assert.equal((await req('GET', '/readyz')).status, 200);
    } finally {
      execFileSync('prlimit', ['--pid', String(server.child.pid), '--fsize=unlimited:']);
    }
    const after = fingerprint(dir);
    assert.deepEqual(after, before, 'nothing was half-written');
    fsckClean(after.gitdir);
    const again = await req('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/keep', markdown: '# Keep\n\nv2\n' } });
    assert.equal(again.status, 200);
    assert.equal(again.body.version, 2);
    fsckClean(after.gitdir);
    await git.ok(['pull', '--quiet', '--rebase', 'origin', 'main'], clone);
    await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], clone);
    await mcp.close();
    git.cleanup();
  });

  it("a full disk fails the checkpoint thread's checkpoints without stopping it; it catches up after", async () => {
    // Another process commits a megabyte (not limited itself): the server's thread must grow the
    // database file to checkpoint it, which the full disk refuses.
    const other = new Database(path.join(dir, 'brainkeep.db'));
    execFileSync('prlimit', ['--pid', String(server.child.pid), '--fsize=1:']);
    try {
      const failedBefore = await checkpoints('failed');
      other.exec('CREATE TABLE checkpoint_filler (x BLOB)');
      other.prepare('INSERT INTO checkpoint_filler VALUES (zeroblob(1048576))').run();
      await waitFor('no failed checkpoint while the disk was full', async () => (await checkpoints('failed')) > failedBefore);
    } finally {
      execFileSync('prlimit', ['--pid', String(server.child.pid), '--fsize=unlimited:']);
    }
    const okBefore = await checkpoints('ok');
    await waitFor('no checkpoint once the disk had room again', async () => (await checkpoints('ok')) > okBefore);
    other.exec('DROP TABLE checkpoint_filler');
    other.close();
    const page = await req('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/after-full', markdown: '# After\n' } });
    assert.equal(page.status, 201);
  });

  it('a read-only data folder refuses writes with the same 507 storage_full problem, changes nothing, keeps reads working, and recovers', async () => {
    const read = await credential(dir, 'Read');
    const mcp = new Client({ name: 'brainkeep-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${write}` } } }));
    const before = fingerprint(dir);
    // The search thread has read the database (its connection maps the WAL index too).
    assert.equal((await req('GET', '/api/v1/brains/main/search?q=keep&mode=exact', { token: write })).status, 200);
    await walSettled();
    execFileSync('chattr', ['-R', '+i', dir]);
    try {
      // A commit between the idle wait and chattr would leave frames, and the case would test a race.
      assert.equal(fs.statSync(path.join(dir, 'brainkeep.db-wal')).size, 0, 'a commit landed between the idle wait and chattr: this run tests a race, not the idle server');
      // Reads first: a reader that had to store its read mark into the immutable WAL index would end the process.
      assert.equal((await req('GET', '/api/v1/brains/main/search?q=keep&mode=exact', { token: read })).status, 200);
      assertStorageProblem(await req('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/keep', markdown: '# Keep\n\nv3\n' } }), /read-only or full/);
      assertStorageProblem(await req('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'fresh/folder/page', markdown: '# New\n' } }), /read-only or full/);
      // MCP answers with the same problem, not internal_error.
      const tool = (await mcp.callTool({ name: 'write_page', arguments: { path: 'notes/keep', markdown: '# Keep\n\nv3\n' } })) as { isError?: boolean; content: Array<{ text: string }> };
      assert.equal(tool.isError, true);
      const problem = JSON.parse(tool.content[0]!.text);
      assert.equal(problem.code, 'storage_full');
      assert.equal(problem.status, 507);
      assert.match(problem.detail, /read-only or full.*Reads still work/);
      const page = await readPage(read, 'notes/keep');
      assert.equal(page.status, 200);
      assert.equal(page.body.version, 2);
      assert.equal((await req('GET', `/api/v1/brains/main/schema`, { token: read })).status, 200);
      assert.equal((await req('GET', '/readyz')).status, 200);
      // The checkpoint thread keeps looking meanwhile; the server is still there after a few of its looks.
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal((await req('GET', '/api/v1/brains/main/search?q=keep&mode=exact', { token: read })).status, 200);
      assert.equal(server.child.exitCode ?? server.child.signalCode, null, serverState(server));
    } finally {
      execFileSync('chattr', ['-R', '-i', dir]);
    }
    const after = fingerprint(dir);
    assert.deepEqual(after, before, 'nothing was half-written');
    fsckClean(after.gitdir);
    // The client's pooled connections from the refusals may have been reset by the server (a 507
    // answered before its body was read); a GET that fails on one drops it from the pool. The case
    // is about the write after recovery, so it starts on a connection that answers.
    await waitFor('the server answers once the folder is writable', async () => (await req('GET', '/healthz').catch(() => null))?.status === 200);
    const again = await req('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/keep', markdown: '# Keep\n\nv3\n' } }).catch((e: Error) => {
      throw new Error(`the server did not answer after the folder was writable again (${e.message}); ${serverState(server, 6000)}`);
    });
    assert.equal(again.status, 200);
    assert.equal(again.body.version, 3);
    await mcp.close();
  });
});

describe('degraded storage: the database alone read-only', () => {
  it('refuses writes with the same 507 storage_full problem before the ref moves, keeps reads working, and recovers', async () => {
    const s = await startTestServer();
    try {
      const write = s.credential('Write');
      assert.equal((await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'a', markdown: '# A\n' } })).status, 201);
      const before = fingerprint(s.dataDir);
      sqliteOf(s.c).pragma('query_only = ON');
      try {
        assertStorageProblem(await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'a', markdown: '# A2\n' } }), /read-only or full/);
        assert.equal((await s.request('GET', '/api/v1/brains/main/pages?path=a', { token: write })).body.markdown, '# A\n');
      } finally {
        sqliteOf(s.c).pragma('query_only = OFF');
      }
      const after = fingerprint(s.dataDir);
      assert.deepEqual(after, before);
      fsckClean(after.gitdir);
      const again = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'a', markdown: '# A2\n' } });
      assert.equal(again.status, 200);
      assert.equal(again.body.version, 2);
    } finally {
      await s.stop();
    }
  });
});
