// The built-in model's thread (worker_threads): converts the GloVe JSON on first use (seconds of
// CPU), loads the compact model and computes sentence vectors, so none of that runs on the
// server's event loop. Jobs are worked in slices with a turn of the event loop between them, and
// query jobs go ahead of queued batches, so a search never waits behind a whole batch of chunks.
import { parentPort, workerData } from 'node:worker_threads';
import { loadGloveModel } from '../../storage/models/gloveStore.js';
import { SifModel, type TermOverlay } from './localProvider.js';
import type { FromModelThread, ToModelThread } from './localModelThread.js';

/** Texts embedded between two looks at the message queue (a few milliseconds of work). */
const SLICE = 16;

interface Job {
  id: number;
  texts: string[];
  out: Float32Array;
  done: number;
  overlay: TermOverlay | undefined;
}

const port = parentPort;
if (!port) throw new Error('localModelWorker must run in a worker thread');
const { modelsDir } = workerData as { modelsDir: string };

let model: SifModel | null = null;
/** Each brain's learned vocabulary (words GloVe lacks), installed by the server side. */
const overlays = new Map<string, TermOverlay>();
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
  for (; job.done < end; job.done++) job.out.set(model.embed(job.texts[job.done]!, job.overlay), job.done * dims);
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
  if (m.type === 'terms') {
    const overlay: TermOverlay = new Map();
    const dims = m.terms.length ? m.data.length / m.terms.length : 0;
    m.terms.forEach((t, i) => overlay.set(t, m.data.subarray(i * dims, (i + 1) * dims)));
    overlays.set(m.brainId, overlay);
    return;
  }
  if (!model) {
    send({ type: 'failed', id: m.id, message: 'The built-in embedding model is not loaded yet.' });
    return;
  }
  if (m.type === 'learn') {
    // Learning reads the whole brain once (a reindex, or a brain that grew); it runs between jobs.
    try {
      const learned = model.learnTerms(m.texts);
      send({ type: 'learned', id: m.id, dims: model.dims, terms: learned.terms, occurrences: learned.occurrences, data: learned.vectors, textsWithTerms: learned.textsWithTerms }, [learned.vectors.buffer as ArrayBuffer]);
    } catch (e) {
      send({ type: 'failed', id: m.id, message: e instanceof Error ? e.message : String(e) });
    }
    return;
  }
  const overlay = m.brainId ? overlays.get(m.brainId) : undefined;
  const job: Job = { id: m.id, texts: m.texts, out: new Float32Array(m.texts.length * model.dims), done: 0, overlay };
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
