// The extraction pool's thread (extractionPool.ts): says 'ready' once loaded, then takes one job at
// a time, the bytes transferred in, the extraction posted back. extractText never throws; a thread that dies (out of memory, or
// terminated at the time limit) is the pool's to report and replace.
import { parentPort } from 'node:worker_threads';
import { extractText, preloadHtmlParser } from './extraction.js';
import type { ZipLimits } from './zipLimits.js';

export interface ExtractionJob {
  bytes: Uint8Array;
  contentType: string;
  limits: ZipLimits;
}

parentPort!.on('message', (job: ExtractionJob) => {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  void extractText(bytes, job.contentType, job.limits).then((result) => parentPort!.postMessage(result));
});

// Loaded (under tsx in tests, a second or more on a busy machine): the pool starts the job clock now.
// The HTML converter (every HTML page and DOCX uses it) is loaded first; PDF and DOCX parsers on first use.
await preloadHtmlParser();
parentPort!.postMessage('ready');
