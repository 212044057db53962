// A large upload passes through in bounded memory: the request's chunks are garbage once on disk,
// and staging (and the blob written from the staged file) collect them every RECLAIM_BYTES instead
// of letting them pile up to the file's size before V8 gets to them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { RECLAIM_BYTES } from '../../src/storage/bufferReclaim.js';
import { FileStaging } from '../../src/storage/fileStaging.js';
import { writeLooseBlobFromFile } from '../../src/storage/git/objectWriter.js';
import { tempDir } from '../helpers/server.js';

const MB = 1024 * 1024;

/** A body of `total` bytes in 64 KB chunks, each a buffer of its own (as a socket delivers them); records the peak of memory outside the heap. */
function body(total: number, peak: { arrayBuffers: number }): Readable {
  let sent = 0;
  return new Readable({
    read() {
      peak.arrayBuffers = Math.max(peak.arrayBuffers, process.memoryUsage().arrayBuffers);
      if (sent >= total) return void this.push(null);
      const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, total - sent)).fill(sent % 251);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

describe('upload memory', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = tempDir('brainkeep-upload-memory-');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('staging a 24 MB body holds a few MB of its chunks at most, not the file', async () => {
    const staging = new FileStaging(dir);
    const start = process.memoryUsage().arrayBuffers;
    const peak = { arrayBuffers: start };
    const staged = await staging.stage(body(24 * MB, peak), 64 * MB);
    assert.equal(staged.size, 24 * MB);
    const growth = (peak.arrayBuffers - start) / MB;
    assert.ok(growth < (2 * RECLAIM_BYTES) / MB + 2, `memory outside the heap grew ${growth.toFixed(1)} MB while staging 24 MB`);

    // The blob is written from the staged file with one read buffer; zlib's output is collected as it goes.
    const gitdir = path.join(dir, 'repo.git');
    fs.mkdirSync(gitdir);
    const before = process.memoryUsage().arrayBuffers;
    let blobPeak = before;
    const sampler = setInterval(() => (blobPeak = Math.max(blobPeak, process.memoryUsage().arrayBuffers)), 1);
    try {
      await writeLooseBlobFromFile(gitdir, staged.tempPath, false);
    } finally {
      clearInterval(sampler);
    }
    const blobGrowth = (blobPeak - before) / MB;
    assert.ok(blobGrowth < (2 * RECLAIM_BYTES) / MB + 2, `memory outside the heap grew ${blobGrowth.toFixed(1)} MB while writing the blob`);
    await staging.discard(staged);
  });
});
