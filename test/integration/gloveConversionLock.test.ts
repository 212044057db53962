// The built-in model is converted once per models folder under a lock file. A converter killed
// halfway leaves its lock behind; the next process must take it over at once (the lock names its
// holder) instead of waiting out the stale-lock age, while a live converter's lock is respected.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gloveFiles, loadGloveModel } from '../../src/storage/models/gloveStore.js';
import { tempDir } from '../helpers/server.js';

const DIMS = 4;
const WORDS = ['the', 'engine', 'car', 'garden', 'rose', 'tulip', 'motor', 'wheel'];

/** A miniature of the wink package's JSON: `"vectors": { word: [d1..dN, l2norm, rank] }`. */
function writeTinySource(dir: string): string {
  const vectors = Object.fromEntries(
    WORDS.map((w, rank) => {
      const v = Array.from({ length: DIMS }, (_, d) => Math.sin(rank * 3 + d + 1));
      return [w, [...v, Math.hypot(...v), rank]];
    }),
  );
  const file = path.join(dir, 'tiny-embeddings.json');
  fs.writeFileSync(file, JSON.stringify({ dimensions: DIMS, size: WORDS.length, vectors }));
  return file;
}

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
  assert.ok(child.pid);
  return child.pid;
}

describe('built-in model conversion lock', () => {
  let dir: string;
  let source: string;
  let lock: string;

  beforeEach(() => {
    dir = tempDir('brainkeep-glove-lock-');
    source = writeTinySource(dir);
    lock = path.join(dir, 'glove-100.bin.lock');
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('converts with no lock and removes its own lock afterwards', async () => {
    const model = await loadGloveModel(dir, { sourceFile: source });
    assert.equal(model.count, WORDS.length);
    assert.equal(model.dims, DIMS);
    assert.equal(model.vocab.get('engine'), 1);
    assert.ok(fs.existsSync(gloveFiles(dir).bin));
    assert.equal(fs.existsSync(lock), false);
  });

  it('takes over at once a lock left by a converter that is gone', async () => {
    fs.writeFileSync(lock, `${deadPid()} ${os.hostname()}\n`);
    const model = await loadGloveModel(dir, { sourceFile: source });
    assert.equal(model.count, WORDS.length);
    assert.equal(fs.existsSync(lock), false);
  });

  it('takes over a lock naming this process that it does not hold (a container restarted with the same pid)', async () => {
    fs.writeFileSync(lock, `${process.pid} ${os.hostname()}\n`);
    const model = await loadGloveModel(dir, { sourceFile: source });
    assert.equal(model.count, WORDS.length);
  });

  it('waits for a live converter and loads what it wrote', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(lock, `${holder.pid} ${os.hostname()}\n`);
      let loaded = false;
      const loading = loadGloveModel(dir, { sourceFile: source }).then((m) => {
        loaded = true;
        return m;
      });
      await new Promise((r) => setTimeout(r, 700));
      assert.equal(loaded, false, 'a live holder keeps others waiting');
      assert.equal(fs.existsSync(gloveFiles(dir).bin), false, 'nobody converted beside the holder');

      // The holder finishes: it renames its files into place and removes its lock.
      const other = tempDir('brainkeep-glove-other-');
      try {
        await loadGloveModel(other, { sourceFile: source });
        for (const k of ['vocab', 'bin'] as const) fs.copyFileSync(gloveFiles(other)[k], gloveFiles(dir)[k]);
      } finally {
        fs.rmSync(other, { recursive: true, force: true });
      }
      fs.rmSync(lock);
      assert.equal((await loading).count, WORDS.length);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('leaves alone a lock from another host until it is older than any conversion', async () => {
    fs.writeFileSync(lock, `1 some-other-host\n`);
    let loaded = false;
    const loading = loadGloveModel(dir, { sourceFile: source }).then(() => (loaded = true));
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(loaded, false);
    const old = new Date(Date.now() - 11 * 60_000);
    fs.utimesSync(lock, old, old);
    await loading;
    assert.equal(loaded, true);
  });
});
