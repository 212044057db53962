// The derivation thread (worker_threads): derivePage for the pages of a batch it claims, sent back
// in chunks over the request's own port, each followed by a bump of the shared progress counter
// that the index transaction may be sleeping on (see derivationThread.ts).
import { parentPort } from 'node:worker_threads';
import { derivePage, type DerivedPage } from '../../domain/pageDerivation.js';
import { packMarkdown } from '../sqlite/pageText.js';
import { DERIVATION_CHUNK, NEXT, SENT, WAITING, type DerivationChunk, type DerivationRequest } from './derivationThread.js';

const parent = parentPort;
if (!parent) throw new Error('derivationWorker must run in a worker thread');

parent.on('message', (m: DerivationRequest) => {
  const progress = new Int32Array(m.progress);
  let sent = 0;
  let chunk: Array<[number, DerivedPage]> = [];
  const flush = () => {
    if (!chunk.length) return;
    m.port.postMessage({ pages: chunk } satisfies DerivationChunk);
    sent += chunk.length;
    chunk = [];
    Atomics.store(progress, SENT, sent);
    Atomics.notify(progress, SENT);
  };
  try {
    // Claim pages one at a time (the index side claims those it reaches first, see derivationThread.ts);
    // send at once while it waits for one.
    for (let k = Atomics.add(progress, NEXT, 1); k < m.pages.length; k = Atomics.add(progress, NEXT, 1)) {
      const { path, markdown } = m.pages[k]!;
      const page = derivePage(path, markdown, m.rules);
      // The page row's packed markdown too (deflate), off the index transaction's thread.
      if (m.pack) page.stored = packMarkdown(markdown);
      chunk.push([k, page]);
      if (chunk.length >= DERIVATION_CHUNK || Atomics.load(progress, WAITING) >= 0) flush();
    }
    flush();
  } catch (e) {
    m.port.postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies DerivationChunk);
    Atomics.store(progress, SENT, -1);
    Atomics.notify(progress, SENT);
  }
});
