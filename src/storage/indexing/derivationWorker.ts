// The derivation thread (worker_threads): derivePage for a batch of pages, so a large commit's
// parsing, chunking and link extraction run while its git objects are written on the main thread.
import { parentPort } from 'node:worker_threads';
import { derivePage, type DerivedPage } from '../../domain/pageDerivation.js';
import type { DerivationReply, DerivationRequest } from './derivationThread.js';

const port = parentPort;
if (!port) throw new Error('derivationWorker must run in a worker thread');

port.on('message', (m: DerivationRequest) => {
  try {
    const pages: DerivedPage[] = m.pages.map((p) => derivePage(p.path, p.markdown));
    port.postMessage({ id: m.id, pages } satisfies DerivationReply);
  } catch (e) {
    port.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e) } satisfies DerivationReply);
  }
});
