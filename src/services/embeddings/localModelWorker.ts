// The built-in model's thread (worker_threads): converts the GloVe JSON on first use (seconds of
// CPU), loads the compact model and computes sentence vectors, so none of that runs on the
// server's event loop. Jobs are worked in slices with a turn of the event loop between them, and
// query jobs go ahead of queued batches, so a search never waits behind a whole batch of chunks.
import { parentPort, workerData } from 'node:worker_threads';
import { loadGloveModel } from '../../storage/models/gloveStore.js';
import { SifModel } from './localProvider.js';
import type { FromModelThread, ToModelThread } from './localModelThread.js';

/** Texts embedded between two looks at the message queue (a few milliseconds of work). */
const SLICE = 16;

interface Job {
  id: number;
  texts: string[];
  out: Float32Array;
  done: number;
}

const port = parentPort;
if (!port) throw new Error('localModelWorker must run in a worker thread');
const { modelsDir } = workerData as { modelsDir: string };

let model: SifModel | null = null;
const queue: Job[] = [];
let pumping = false;

function send(message: FromModelThread, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

function pump(): void {
  const job = queue[0];
  if (!job || !model) {
    pumping = false;
    return;
  }
  const dims = model.dims;
  const end = Math.min(job.texts.length, job.done + SLICE);
  for (; job.done < end; job.done++) job.out.set(model.embed(job.texts[job.done]!), job.done * dims);
  if (job.done === job.texts.length) {
    queue.shift();
    send({ type: 'vectors', id: job.id, dims, data: job.out }, [job.out.buffer as ArrayBuffer]);
  }
  setImmediate(pump);
}

function schedule(): void {
  if (pumping || !model) return;
  pumping = true;
  setImmediate(pump);
}

port.on('message', (m: ToModelThread) => {
  if (!model) {
    send({ type: 'failed', id: m.id, message: 'The built-in embedding model is not loaded yet.' });
    return;
  }
  const job: Job = { id: m.id, texts: m.texts, out: new Float32Array(m.texts.length * model.dims), done: 0 };
  // A query goes after the job in hand (already sliced) but before everything else waiting.
  if (m.urgent) queue.splice(Math.min(1, queue.length), 0, job);
  else queue.push(job);
  schedule();
});

loadGloveModel(modelsDir).then(
  (glove) => {
    model = new SifModel(glove);
    send({ type: 'ready', dims: model.dims });
  },
  (e: unknown) => send({ type: 'error', message: e instanceof Error ? e.message : String(e) }),
);
