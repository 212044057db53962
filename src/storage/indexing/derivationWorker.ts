// The derivation thread (worker_threads): derivePage for a batch of pages, sent back in chunks
// over the request's own port, each followed by a bump of the shared progress counter that the
// index transaction may be sleeping on (see derivationThread.ts).
import { parentPort } from 'node:worker_threads';
import { derivePage, type DerivedPage } from '../../domain/pageDerivation.js';
import { DERIVATION_CHUNK, type DerivationChunk, type DerivationRequest } from './derivationThread.js';

const parent = parentPort;
if (!parent) throw new Error('derivationWorker must run in a worker thread');

parent.on('message', (m: DerivationRequest) => {
  const progress = new Int32Array(m.progress);
  const signal = (value: number) => {
    Atomics.store(progress, 0, value);
    Atomics.notify(progress, 0);
  };
  try {
    for (let from = 0; from < m.pages.length; from += DERIVATION_CHUNK) {
      const pages: DerivedPage[] = m.pages.slice(from, from + DERIVATION_CHUNK).map((p) => derivePage(p.path, p.markdown, m.rules));
      m.port.postMessage({ from, pages } satisfies DerivationChunk);
      signal(from + pages.length);
    }
  } catch (e) {
    m.port.postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies DerivationChunk);
    signal(-1);
  }
});
