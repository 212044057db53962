import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { FilingScheduler } from '../../src/jobs/filingScheduler.js';
import { startTestServer } from '../helpers/server.js';

const NOTE = 'Vendor note: the Initech contract renews on 2026-06-01 for 40 seats at 12 EUR each.';

async function waitFor(check: () => boolean, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await sleep(50);
  }
  return check();
}

describe('filing scheduler', function () {
  this.timeout(30_000);

  it('an upload kicks a pass soon after (cron set to a rare time), and stop() shuts down cleanly', async () => {
    const s = await startTestServer({ BRAINKEEP_FILING_CRON: '0 3 1 1 *' });
    try {
      const token = s.credential('Write');
      const r = await s.request('POST', '/api/v1/brains/main/inbox', { token, body: { filename: 'vendor.txt', content: NOTE } });
      assert.equal(r.status, 201);
      const filed = await waitFor(() => s.c.inbox.get(SYSTEM_ACTOR, 'main', r.body.item.id).status === 2);
      assert.ok(filed, 'the kicked pass filed the item');
      // A re-queued item (Review → Pending) is kicked too.
      const junk = await s.request('POST', '/api/v1/brains/main/inbox', { token, body: { filename: 'hi.txt', content: 'hello!' } });
      assert.ok(await waitFor(() => s.c.inbox.get(SYSTEM_ACTOR, 'main', junk.body.item.id).status === 1));
      const requeued = await s.request('PUT', `/api/v1/brains/main/inbox/${junk.body.item.id}/status`, { token, body: { status: 0 } });
      assert.equal(requeued.status, 200);
      assert.ok(await waitFor(() => s.c.inbox.get(SYSTEM_ACTOR, 'main', junk.body.item.id).status === 1), 'filed again by a kicked pass (and judged junk again)');
    } finally {
      await s.stop();
    }
  });

  it('with BRAINKEEP_FILING_CRON=off uploads do not kick a pass; a pass can still be run on demand', async () => {
    const s = await startTestServer({ BRAINKEEP_FILING_CRON: 'off' });
    try {
      const token = s.credential('Write');
      const r = await s.request('POST', '/api/v1/brains/main/inbox', { token, body: { filename: 'vendor.txt', content: NOTE } });
      await sleep(700);
      assert.equal(s.c.inbox.get(SYSTEM_ACTOR, 'main', r.body.item.id).status, 0);
      assert.equal((await s.c.filing.runPass()).filed, 1);
    } finally {
      await s.stop();
    }
  });

  it('refuses an invalid cron expression; two passes asked for one brain at once share one worker', async () => {
    const s = await startTestServer();
    try {
      const bad = new FilingScheduler(s.c.filing, s.c.inbox, 'every minute please', console);
      assert.throws(() => bad.start(), /BRAINKEEP_FILING_CRON is not a valid cron expression/);
      const token = s.credential('Write');
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await s.request('POST', '/api/v1/brains/main/inbox', { token, body: { filename: `v${i}.txt`, content: `${NOTE} Batch ${i}.` } });
        ids.push(r.body.item.id);
      }
      const [a, b] = await Promise.all([s.c.filing.runPass(s.mainBrainId), s.c.filing.runPass(s.mainBrainId)]);
      assert.deepEqual(a, b, 'the second request joined the running pass');
      assert.equal(a.filed, 5);
      for (const id of ids) {
        assert.equal(s.c.inbox.get(SYSTEM_ACTOR, 'main', id).status, 2);
        const n = s.c.db.prepare("SELECT COUNT(*) AS n FROM audit WHERE action = 'inbox.file' AND target = ?").get(id) as { n: number };
        assert.equal(n.n, 1);
      }
    } finally {
      await s.stop();
    }
  });
});
