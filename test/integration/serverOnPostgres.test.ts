// The server on either database backend (issue 27 step 2): /readyz says which backend serves and
// whether vector search is on; on PostgreSQL the state and the index are there and nothing is
// written to a SQLite file in the data folder; without pgvector the server says so at start and in
// /readyz, and serves exact search.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { databaseFile } from '../../src/storage/sqlite/database.js';
import { runCli } from '../helpers/cli.js';
import { startTestPostgres, type TestPostgres } from '../helpers/pg.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { describeOnBothBackends, selectedBackends } from '../helpers/serverBackends.js';

describeOnBothBackends('the server on its database backend', (b) => {
  let s: TestServer;
  before(async function () {
    this.timeout(120_000);
    s = await b.startServer();
  });
  after(async () => s.stop());

  it('/readyz names the backend, its extensions and that vector search is on; nothing else about the database', async () => {
    const r = await s.request('GET', '/readyz');
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      r.body.database,
      b.backend === 'sqlite'
        ? { backend: 'sqlite', extensions: ['sqlite-vec'], vectorSearch: true, notice: null }
        : { backend: 'postgres', extensions: ['vector', 'pg_trgm', 'unaccent'], vectorSearch: true, notice: null },
    );
    assert.doesNotMatch(r.text, /postgres:\/\/|127\.0\.0\.1|brainkeep\.db/, 'no URL, no file');
    assert.equal(s.printed.some((l) => /WARNING/.test(l)), false);
  });

  it('a page written over HTTP is in that backend alone: on PostgreSQL no SQLite file is made in the data folder', async () => {
    const write = s.credential('Write');
    const put = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/where.md', markdown: '# Where\n\nThe quokka lives on Rottnest.\n' } });
    assert.equal(put.status, 201, put.text);
    const hits = await s.request('GET', '/api/v1/brains/main/search?mode=exact&q=quokka', { token: write });
    assert.deepEqual(hits.body.hits.map((h: { path: string }) => h.path), ['notes/where.md']);
    assert.equal(fs.existsSync(databaseFile(s.dataDir)), b.backend === 'sqlite');
    const row = s.c.db.prepare('SELECT path FROM pages WHERE path = ?').get('notes/where.md') as { path: string } | undefined;
    assert.equal(row?.path, 'notes/where.md');
  });

  it('a restart on the same data folder and database finds the workspace, the brain and the page, and searches it; the CLI in between works on the same backend', async function () {
    this.timeout(120_000);
    await s.stop(); // one server at a time on the describe's database (the last case)
    const data = tempDir();
    let t = await b.startServer({ BRAINKEEP_DATA: data });
    try {
      const write = t.credential('Write');
      const put = await t.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/again.md', markdown: '# Again\n\nThe wombat digs burrows.\n' } });
      assert.equal(put.status, 201, put.text);
      const users = t.c.identity.users().length;
      await t.stop();
      // The CLI runs on the same backend: a brain it creates is there for the restarted server.
      const cli = runCli(['brain', 'create', '--slug', 'from-cli'], { BRAINKEEP_DATA: data, ...b.env() });
      assert.equal(cli.code, 0, cli.stderr);
      t = await b.startServer({ BRAINKEEP_DATA: data }, { keepDatabase: true });
      assert.equal(t.c.identity.users().length, users, 'no second set-up');
      assert.ok(t.c.access.findBrain('from-cli'), 'the brain the CLI made');
      assert.equal((await t.request('GET', '/readyz')).status, 200);
      const got = await t.request('GET', '/api/v1/brains/main/pages?path=notes/again.md', { token: write });
      assert.equal(got.status, 200, got.text);
      assert.equal(got.body.markdown, '# Again\n\nThe wombat digs burrows.\n');
      const hits = await t.request('GET', '/api/v1/brains/main/search?mode=exact&q=wombat', { token: write });
      assert.deepEqual(hits.body.hits.map((h: { path: string }) => h.path), ['notes/again.md']);
    } finally {
      await t.stop();
      fs.rmSync(data, { recursive: true, force: true });
    }
  });
});

(selectedBackends().includes('postgres') ? describe : describe.skip)('the server on PostgreSQL without pgvector', () => {
  let pg: TestPostgres;
  let s: TestServer;
  before(async function () {
    this.timeout(180_000);
    pg = await startTestPostgres({ withVector: false });
    s = await startTestServer({ BRAINKEEP_DATABASE_URL: pg.url });
  });
  after(async function () {
    this.timeout(60_000);
    await s?.stop();
    await pg?.stop();
  });

  it('says so at start and in /readyz (exact search only), and stays ready', async () => {
    assert.ok(s.printed.some((l) => /^WARNING: .*pgvector.*exact/.test(l)), s.printed.join('\n'));
    const r = await s.request('GET', '/readyz');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.status, 'ready');
    assert.equal(r.body.database.backend, 'postgres');
    assert.equal(r.body.database.vectorSearch, false);
    assert.deepEqual(r.body.database.extensions, ['pg_trgm', 'unaccent']);
    assert.match(r.body.database.notice, /pgvector/);
  });

  it('serves exact search, and hybrid and semantic requests get the word matches', async () => {
    const write = s.credential('Write');
    const put = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/bird.md', markdown: '# Bird\n\nThe kookaburra laughs at dawn.\n' } });
    assert.equal(put.status, 201, put.text);
    for (const mode of ['exact', 'hybrid', 'semantic']) {
      const r = await s.request('GET', `/api/v1/brains/main/search?mode=${mode}&q=kookaburra`, { token: write });
      assert.equal(r.status, 200, `${mode}: ${r.text}`);
      assert.deepEqual(r.body.hits.map((h: { path: string }) => h.path), ['notes/bird.md'], mode);
    }
  });
});
