// One content-writer thread (see contentWriter.ts): each job makes one file durable with plain
// synchronous calls — create the temp file, write, fdatasync, close (skipped for a file staged
// and fsynced already), make the prefix folder if it is new, rename into place, fsync the folder —
// so the event loop hands over a file in one message instead of six round trips to the thread pool. Jobs run one at a time per thread; the pool keeps
// several threads so their fsyncs overlap (the filesystem journal commits them together).
import fs from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { WriteJob, WriteReply } from './contentWriter.js';
import { fsyncPathSync } from './fsyncs.js';

const knownDirs = new Set<string>();

function ensureDir(dir: string, root: string, fsync: boolean): void {
  if (knownDirs.has(dir)) return;
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(dir, { recursive: true });
    if (fsync) fsyncPathSync(root);
  }
  knownDirs.add(dir);
}

function write(job: WriteJob): boolean {
  if (fs.existsSync(job.final)) {
    if (!job.bytes) fs.rmSync(job.tempPath, { force: true }); // a staged copy of bytes already stored
    return false;
  }
  try {
    if (job.bytes) {
      const bytes = new Uint8Array(job.bytes);
      const fd = fs.openSync(job.tempPath, 'wx', 0o600);
      try {
        for (let at = 0; at < bytes.length; ) at += fs.writeSync(fd, bytes, at, bytes.length - at);
        if (job.fsync) fs.fdatasyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    }
    const dir = path.dirname(job.final);
    ensureDir(dir, job.root, job.fsync);
    try {
      fs.renameSync(job.tempPath, job.final);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || !fs.existsSync(job.tempPath)) throw e;
      // The folder went away behind our back (a restore, a person): make it again, once.
      knownDirs.delete(dir);
      ensureDir(dir, job.root, job.fsync);
      fs.renameSync(job.tempPath, job.final);
    }
    if (job.fsync) fsyncPathSync(dir);
    return true;
  } catch (e) {
    fs.rmSync(job.tempPath, { force: true });
    throw e;
  }
}

parentPort!.on('message', (job: WriteJob) => {
  let reply: WriteReply;
  try {
    reply = { id: job.id, created: write(job) };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    reply = { id: job.id, error: err.message ?? String(e), code: err.code ?? null };
  }
  parentPort!.postMessage(reply);
});

// Loaded and listening: the pool may send this thread files now (until then they go to threads already running).
parentPort!.postMessage({ ready: true });
