// Git maintenance of a brain under a lease when several nodes share the repository volume
// (PostgreSQL): a node whose peer holds `git-maintenance:<brain>` leaves the brain's packs alone,
// the holder keeps the lease while it repacks and lets it go after. The server here runs on SQLite
// (its repositories are the shared volume's); the leases are PostgreSQL's (PGlite), two connections
// standing for two nodes.
import assert from 'node:assert/strict';
import { countObjects, rollUpPacks } from '../../src/storage/git/gitCli.js';
import { maintenanceLeaseName } from '../../src/services/gitRemoteService.js';
import { connectPostgres, openPostgres } from '../../src/storage/postgres/database.js';
import type { PostgresDb } from '../../src/storage/postgres/pgBridge.js';
import { LeaseRepo } from '../../src/storage/sqlite/leaseRepo.js';
import { startTestPostgres, type TestPostgres } from '../helpers/pg.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('git maintenance under a lease shared by nodes (PostgreSQL)', function () {
  this.timeout(240_000);
  let s: TestServer;
  let pg: TestPostgres;
  let a: PostgresDb;
  let b: PostgresDb;
  let brainId: string;

  before(async () => {
    pg = await startTestPostgres({ withVector: false });
    a = openPostgres(pg.url).db;
    b = connectPostgres(pg.url);
    s = await startTestServer({ BRAINKEEP_GC_CRON: 'off' });
    brainId = s.mainBrainId;
    const token = s.credential('Write', 'main', 'writer');
    for (let i = 0; i < 6; i++) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: `notes/p${i}.md`, markdown: `# P${i}\n` } });
      assert.equal(r.status, 201);
    }
    s.c.gitRemote.useLeases(new LeaseRepo(a), 'node-a');
  });
  after(async () => {
    await s?.stop();
    await a?.close();
    await b?.close();
    await pg?.stop();
  });

  it("leaves the brain alone while another node holds its lease, and repacks once it is free, holding it meanwhile", async () => {
    const gitdir = s.c.repos.gitdirOf(brainId);
    const name = maintenanceLeaseName(brainId);
    const nodeB = new LeaseRepo(b);
    assert.equal(nodeB.acquire(name, 'node-b', 60_000), true);
    const before = await countObjects(gitdir);
    const skipped = await s.c.gitRemote.maintain(brainId, { auto: false });
    assert.equal(skipped.ran, false);
    assert.deepEqual(await countObjects(gitdir), before, 'nothing repacked');

    nodeB.release(name, 'node-b');
    const ran = await s.c.gitRemote.maintain(brainId, { auto: false });
    assert.equal(ran.ran, true);
    assert.equal(ran.after.count, 0, 'every loose object packed');
    assert.equal(nodeB.current(name, 'node-b'), null, 'let go after the gc');
    let holderDuring: string | null = null;
    s.c.gitRemote.packRollUp = async (dir) => {
      holderDuring = nodeB.current(name, 'node-b')?.holder ?? null;
      return rollUpPacks(dir);
    };
    await s.c.gitRemote.consolidatePacks(brainId, -1);
    assert.equal(holderDuring, 'node-a', 'held by the node repacking');
    assert.equal(nodeB.current(name, 'node-b'), null, 'let go after the roll-up');
  });
});
