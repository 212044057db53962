// A second node's filing pass in its own thread, for the two-claimer test: its own PostgresDb (its
// own connection and bridge thread), claiming every item it is given, in its own order, and posting
// the ones it won. Two of these run at once against one database.
import { parentPort, workerData } from 'node:worker_threads';
import { PostgresDb } from '../../src/storage/postgres/pgBridge.js';
import { FilingRepo } from '../../src/storage/sqlite/filingRepo.js';

const { url, worker, ids, now, until, barrier } = workerData as { url: string; worker: string; ids: string[]; now: string; until: string; barrier: SharedArrayBuffer };
const db = new PostgresDb(url);
const repo = new FilingRepo(db);
const won: string[] = [];
try {
  // Connected (threads and connections take a while to start), then wait for the other node, so
  // both passes run over the items at the same time.
  db.prepare('SELECT 1').get();
  const gate = new Int32Array(barrier);
  Atomics.add(gate, 0, 1);
  Atomics.notify(gate, 0);
  for (let n = Atomics.load(gate, 0); n < 2; n = Atomics.load(gate, 0)) Atomics.wait(gate, 0, n, 30_000);
  for (const id of ids) if (repo.claim(id, worker, now, until, [0])) won.push(id);
  parentPort!.postMessage({ won });
} catch (e) {
  parentPort!.postMessage({ error: (e as Error).message });
} finally {
  await db.close();
}
