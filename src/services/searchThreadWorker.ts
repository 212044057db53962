// One search thread (see searchThreads.ts): its own read-only connection to the index database and
// the same SearchService the server runs, over repositories of that connection. Each job is one
// search, run inside one read transaction (one WAL snapshot, as the event loop's synchronous
// search sees one state of the index), answered as the JSON text the route sends.
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config.js';
import { AppError } from '../domain/errors.js';
import { openReader, type Db } from '../storage/sqlite/database.js';
import { BrainsRepo } from '../storage/sqlite/brainsRepo.js';
import { EmbeddingRepo } from '../storage/sqlite/embeddingRepo.js';
import { FileIndexRepo } from '../storage/sqlite/fileIndexRepo.js';
import { LinkGraphRepo } from '../storage/sqlite/linkGraphRepo.js';
import { SearchIndexRepo } from '../storage/sqlite/searchIndexRepo.js';
import { AccessService } from './accessService.js';
import { EmbeddingService } from './embeddings/embeddingService.js';
import { SearchService } from './searchService.js';
import type { SearchJob, SearchReply, SearchThreadData } from './searchThreads.js';

const parent = parentPort;
if (!parent) throw new Error('searchThreadWorker must run in a worker thread');
const { file, config } = workerData as SearchThreadData;

const db: Db = openReader(file);
const brains = new BrainsRepo(db);
const vectors = new EmbeddingRepo(db);
const index = new SearchIndexRepo(db, vectors);
const search = new SearchService(new AccessService(brains), index, new LinkGraphRepo(db), vectors, new EmbeddingService(brains, vectors, config as Config));
search.useFileText(new FileIndexRepo(db));

async function run(job: SearchJob): Promise<SearchReply> {
  try {
    db.exec('BEGIN');
    index.readBegun();
    try {
      const result = await search.search(job.actor, job.brain, job.params);
      return { id: job.id, json: JSON.stringify(result) };
    } finally {
      if (db.inTransaction) db.exec('COMMIT');
    }
  } catch (e) {
    // The event loop runs the search again and answers whatever it answers: a refusal or a bad
    // query (`refused`: the thread works) or, for anything else, its own answer (a thread failure).
    return { id: job.id, error: e instanceof Error ? e.message : String(e), refused: e instanceof AppError && e.status < 500 };
  }
}

// One search at a time: a read transaction is this connection's, and a search holds it throughout.
let queue: Promise<unknown> = Promise.resolve();
parent.on('message', (job: SearchJob) => {
  queue = queue.then(() => run(job).then((reply) => parent.postMessage(reply)));
});
