// The content store's writer threads on a real folder: bytes land at their address (and nowhere
// else), a second write of stored bytes reports it and leaves no temp file, a staged file is
// moved into place or dropped when its bytes are already stored, an error reaches the caller
// with its code, many writes at once all land, a file never waits for a thread to load while a
// loaded one can take it, and a closed store refuses further writes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ContentStore } from '../../src/storage/contentStore.js';
import { ContentWriter } from '../../src/storage/contentWriter.js';
import { tempDir } from '../helpers/server.js';

describe('content writer threads', () => {
  let dir: string;
  let store: ContentStore;

  beforeEach(() => {
    dir = tempDir('brainkeep-content-writer-');
    store = new ContentStore(dir, true);
  });

  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores bytes at their address, once', async () => {
    const bytes = Buffer.from('# Note\n\nhello\n');
    const first = await store.put(bytes);
    assert.equal(first.created, true);
    assert.equal(first.sha256, ContentStore.hash(bytes));
    assert.deepEqual(fs.readFileSync(store.pathOf(first.sha256)), bytes);
    const again = await store.put(bytes);
    assert.equal(again.created, false);
    assert.deepEqual(fs.readdirSync(store.tmpDir), [], 'no temp file is left behind');
    assert.deepEqual(store.list(), [first.sha256]);
  });

  it('keeps the bytes of a slice of a larger buffer, not its neighbours', async () => {
    const pool = Buffer.from('AAAA-the-part-we-store-BBBB');
    const part = pool.subarray(5, 22);
    const stored = await store.put(part);
    assert.equal(fs.readFileSync(store.pathOf(stored.sha256), 'utf8'), 'the-part-we-store');
    assert.equal(pool.toString(), 'AAAA-the-part-we-store-BBBB', 'the caller still has its bytes');
  });

  it('moves a staged file into place, or drops it when those bytes are stored already', async () => {
    const stage = async (text: string) => {
      const s = store.stage();
      await new Promise<void>((resolve, reject) => s.sink.end(Buffer.from(text), (e?: Error | null) => (e ? reject(e) : resolve())));
      return s.finish();
    };
    const staged = await stage('staged bytes');
    assert.equal(await store.promote(staged.tempPath, staged.sha256), true);
    assert.equal(fs.readFileSync(store.pathOf(staged.sha256), 'utf8'), 'staged bytes');
    const twin = await stage('staged bytes');
    assert.equal(await store.promote(twin.tempPath, twin.sha256), false);
    assert.equal(fs.existsSync(twin.tempPath), false);
    assert.deepEqual(fs.readdirSync(store.tmpDir), []);
  });

  it('hands a failure back with its error code', async () => {
    const writer = new ContentWriter(1);
    try {
      await assert.rejects(
        writer.write(Buffer.from('x'), path.join(dir, 'no-such-folder', 'x.part'), path.join(dir, 'ab', 'x'), dir, false),
        (e: NodeJS.ErrnoException) => e.code === 'ENOENT',
      );
      // the thread is still there for the next file
      assert.equal(await writer.write(Buffer.from('y'), path.join(dir, 'y.part'), path.join(dir, 'cd', 'y'), dir, false), true);
      assert.equal(fs.readFileSync(path.join(dir, 'cd', 'y'), 'utf8'), 'y');
    } finally {
      await writer.close();
    }
  });

  it('sends no file to a thread still loading while a loaded one can take it', async () => {
    const writer = new ContentWriter(2);
    type Thread = { busy: number; ready: boolean };
    const threads = () => (writer as unknown as { pool: { threads: Thread[] } }).pool.threads;
    try {
      writer.start();
      assert.equal(threads().length, 1);
      // Its first answer comes after its ready notice: it is loaded from here on.
      assert.equal(await writer.write(Buffer.from('a'), path.join(dir, 'a.part'), path.join(dir, 'aa', 'a'), dir, false), true);
      assert.equal(threads()[0]!.ready, true);
      const both = [0, 1].map((i) => writer.write(Buffer.from(`b${i}`), path.join(dir, `b${i}.part`), path.join(dir, 'bb', `b${i}`), dir, false));
      // The second file found the loaded thread busy: a second thread starts, and the file queues on the loaded one.
      assert.equal(threads().length, 2);
      assert.deepEqual(threads().map((t) => [t.ready, t.busy]), [[true, 2], [false, 0]]);
      assert.deepEqual(await Promise.all(both), [true, true]);
    } finally {
      await writer.close();
    }
  });

  it('lands every one of many concurrent writes', async () => {
    const texts = Array.from({ length: 200 }, (_, i) => `delivery ${i}`);
    const stored = await Promise.all(texts.map((t) => store.put(Buffer.from(t))));
    assert.ok(stored.every((s) => s.created));
    for (const [i, s] of stored.entries()) assert.equal(fs.readFileSync(store.pathOf(s.sha256), 'utf8'), texts[i]);
    assert.equal(store.list().length, 200);
  });

  it('refuses writes once closed', async () => {
    await store.put(Buffer.from('before'));
    await store.close();
    await assert.rejects(store.put(Buffer.from('after')), /shut down/);
  });
});
