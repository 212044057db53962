// Another node in its own thread, for the tests of claims made by two nodes at once: its own
// PostgresDb (its own connection and bridge thread) claims every filing item or takes every lease
// it is given, in the order given, and posts the ones it won. Two of these run at once against one
// database, released together by a shared barrier once both are connected.
import { parentPort, workerData } from 'node:worker_threads';
import { PostgresDb } from '../../src/storage/postgres/pgBridge.js';
import { FilingRepo } from '../../src/storage/sqlite/filingRepo.js';
import { LeaseRepo } from '../../src/storage/sqlite/leaseRepo.js';

export interface ClaimerData {
  url: string;
  kind: 'filing' | 'lease';
  worker: string;
  /** Filing items' ids, or lease names. */
  ids: string[];
  now: string;
  until: string;
  barrier: SharedArrayBuffer;
}

const { url, kind, worker, ids, now, until, barrier } = workerData as ClaimerData;
const db = new PostgresDb(url);
const won: string[] = [];
try {
  const filing = new FilingRepo(db);
  const leases = new LeaseRepo(db);
  const claim = kind === 'filing' ? (id: string) => filing.claim(id, worker, now, until, [0]) : (id: string) => leases.acquire(id, worker, 60_000);
  // Connected (threads and connections take a while to start), then wait for the other node, so
  // both run over the same items at the same time.
  db.prepare('SELECT 1').get();
  const gate = new Int32Array(barrier);
  Atomics.add(gate, 0, 1);
  Atomics.notify(gate, 0);
  // With a deadline: a node that failed before arriving would otherwise leave this one waiting for good.
  const deadline = Date.now() + 60_000;
  for (let n = Atomics.load(gate, 0); n < 2; n = Atomics.load(gate, 0)) {
    if (Date.now() > deadline) throw new Error('the other node never reached the barrier');
    Atomics.wait(gate, 0, n, 1000);
  }
  for (const id of ids) if (claim(id)) won.push(id);
  parentPort!.postMessage({ won });
} catch (e) {
  parentPort!.postMessage({ error: (e as Error).message });
} finally {
  await db.close();
}
