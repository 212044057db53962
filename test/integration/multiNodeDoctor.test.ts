// `brainkeep doctor` on a multi-node set-up (issue 27): the first node records the set-up (a marker
// file in the data folder, the same ids in the database) and beats in the nodes table; the doctor
// lists the nodes seen, and tells a data folder that is another volume, a data folder set up with
// another database, and a node whose clock is off the database's.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { maintenanceLeaseName } from '../../src/services/gitRemoteService.js';
import { runCli } from '../helpers/cli.js';
import { startTestPostgres, type TestPostgres } from '../helpers/pg.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { selectedBackends } from '../helpers/serverBackends.js';

async function sql(url: string, text: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

(selectedBackends().includes('postgres') ? describe : describe.skip)('brainkeep doctor: several nodes on one PostgreSQL', function () {
  let db: TestPostgres;
  let s: TestServer;
  const others: string[] = [];

  before(async function () {
    this.timeout(180_000);
    db = await startTestPostgres();
    s = await startTestServer({ BRAINKEEP_DATABASE_URL: db.url });
  });
  after(async function () {
    this.timeout(60_000);
    await s?.stop();
    await db?.stop();
    for (const d of others) fs.rmSync(d, { recursive: true, force: true });
  });

  it('the first node records the volume and the database in the data folder and the database, and beats', async () => {
    const marker = JSON.parse(fs.readFileSync(path.join(s.dataDir, 'cluster.json'), 'utf8')) as { volumeId: string; databaseId: string };
    const facts = Object.fromEntries((await sql(db.url, 'SELECT key, value FROM cluster_facts')).map((r) => [r.key, r.value]));
    assert.deepEqual(facts, { volume_id: marker.volumeId, database_id: marker.databaseId });
    const nodes = await sql(db.url, 'SELECT id, volume_id, pid FROM nodes');
    assert.equal(nodes.length, 1);
    assert.equal(nodes[0]!.volume_id, marker.volumeId);
    assert.equal(nodes[0]!.pid, process.pid);
  });

  it('on the shared data folder: ok, the node listed with its clock', async function () {
    this.timeout(60_000);
    const r = runCli(['doctor'], { BRAINKEEP_DATA: s.dataDir, BRAINKEEP_DATABASE_URL: db.url });
    const marker = JSON.parse(fs.readFileSync(path.join(s.dataDir, 'cluster.json'), 'utf8')) as { volumeId: string };
    assert.match(r.stdout, new RegExp(`nodes: volume ${marker.volumeId}, database [0-9a-f-]+, this node's clock [+-]\\d+ ms from the database's; 1 node\\(s\\) seen`), r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`  node [^ ]+:${process.pid}:[0-9a-f]{8}: version `));
    assert.doesNotMatch(r.stdout, /problem: /);
    assert.doesNotMatch(r.stderr, /multi-node/);
  });

  it('a data folder that is not the shared volume is a problem (exit 1), saying which', async function () {
    this.timeout(60_000);
    const elsewhere = tempDir();
    others.push(elsewhere);
    const r = runCli(['doctor'], { BRAINKEEP_DATA: elsewhere, BRAINKEEP_DATABASE_URL: db.url });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /problem: volume: the data folder .* has no cluster\.json, but the database records volume/);
    assert.match(r.stderr, /multi-node problem/);
  });

  it('a data folder set up with another database, or on another volume, is a problem', async function () {
    this.timeout(60_000);
    const marker = JSON.parse(fs.readFileSync(path.join(s.dataDir, 'cluster.json'), 'utf8')) as { volumeId: string; databaseId: string };
    const copy = tempDir();
    others.push(copy);
    fs.writeFileSync(path.join(copy, 'cluster.json'), JSON.stringify({ volumeId: 'another-volume', databaseId: 'another-database' }));
    const r = runCli(['doctor'], { BRAINKEEP_DATA: copy, BRAINKEEP_DATABASE_URL: db.url });
    assert.equal(r.code, 1);
    assert.match(r.stdout, new RegExp(`problem: database: the data folder was set up with database another-database, but this database is ${marker.databaseId}`));
    assert.match(r.stdout, new RegExp(`problem: volume: the data folder is volume another-volume, but the database records volume ${marker.volumeId}`));
  });

  it('a damaged marker file is a problem the doctor names, not a crash', async function () {
    this.timeout(60_000);
    const damaged = tempDir();
    others.push(damaged);
    fs.writeFileSync(path.join(damaged, 'cluster.json'), '{"volumeId": 7');
    const r = runCli(['doctor'], { BRAINKEEP_DATA: damaged, BRAINKEEP_DATABASE_URL: db.url });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /problem: volume: the volume marker cannot be read/);
  });

  it('a node whose clock is more than 2 s off the database, or that runs on another volume, is told', async function () {
    this.timeout(60_000);
    await sql(
      db.url,
      `INSERT INTO nodes (id, host, pid, version, volume_id, data_dir, clock_skew_ms, started_at, seen_at)
       VALUES ('far:1:abcd1234', 'far', 1, '0.1.0', 'stray-volume', '/srv/elsewhere', 4500, now(), now())`,
    );
    const r = runCli(['doctor'], { BRAINKEEP_DATA: s.dataDir, BRAINKEEP_DATABASE_URL: db.url });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /2 node\(s\) seen/);
    assert.match(r.stdout, /warning: clock: node far:1:abcd1234's clock is 4500 ms off the database's/);
    assert.match(r.stdout, /problem: nodes: node far:1:abcd1234 runs on volume stray-volume/);
    await sql(db.url, "DELETE FROM nodes WHERE id = 'far:1:abcd1234'");
  });

  it('a node started on another volume is not ready (/readyz 503, check cluster) while the problem stands', async function () {
    this.timeout(120_000);
    const marker = JSON.parse(fs.readFileSync(path.join(s.dataDir, 'cluster.json'), 'utf8')) as { volumeId: string; databaseId: string };
    const copy = tempDir();
    others.push(copy);
    fs.cpSync(s.dataDir, copy, { recursive: true });
    fs.writeFileSync(path.join(copy, 'cluster.json'), JSON.stringify({ volumeId: 'a-copied-volume', databaseId: marker.databaseId }));
    const b = await startTestServer({ BRAINKEEP_DATA: copy, BRAINKEEP_DATABASE_URL: db.url });
    try {
      const r = await b.request('GET', '/readyz');
      assert.equal(r.status, 503, r.text);
      assert.deepEqual(r.body.checks.find((c: { name: string }) => c.name === 'cluster'), { name: 'cluster', ok: false });
      const why = (await b.c.health.readiness()).checks.find((c) => c.name === 'cluster');
      assert.match(why!.detail, /volume: the data folder is volume a-copied-volume, but the database records volume/);
      // Put right (the shared volume's marker): ready again, without a restart.
      fs.writeFileSync(path.join(copy, 'cluster.json'), JSON.stringify(marker));
      const again = await b.request('GET', '/readyz');
      assert.equal(again.status, 200, again.text);
    } finally {
      await b.stop();
    }
    assert.equal((await s.request('GET', '/readyz')).status, 200, 'the node on the shared volume stays ready');
  });

  it("a node's leases are held under the node id doctor lists", async function () {
    this.timeout(60_000);
    const lease = maintenanceLeaseName(s.mainBrainId);
    // Held under this node's listed id: the node's own maintenance runs under it (the same holder).
    assert.ok(s.c.leases.acquire(lease, s.c.cluster.nodeId, 60_000));
    assert.equal((await s.c.gitRemote.maintain(s.mainBrainId, { auto: false })).ran, true);
    // Held by another node: it does not.
    assert.ok(s.c.leases.acquire(lease, 'other:1:abcd1234', 60_000));
    assert.equal((await s.c.gitRemote.maintain(s.mainBrainId, { auto: false })).ran, false);
    await sql(db.url, 'DELETE FROM leases WHERE name = $1', [lease]);
  });

  it('a node that stops leaves the list at once', async function () {
    this.timeout(60_000);
    await s.stop();
    assert.deepEqual(await sql(db.url, 'SELECT id FROM nodes'), []);
  });
});
