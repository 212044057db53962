// The built-in embedding model lives in its own thread. While it is not loaded yet (converting on
// a fresh models folder, here: another process holds the conversion lock), the server answers
// every request at once: writes land, search answers by words, the status shows the chunks
// waiting. When the model appears, the thread loads it and the waiting chunks are embedded.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LocalModelThread, sharedModelThread } from '../../src/infra/embeddings/localModelThread.js';
import { gloveFiles } from '../../src/storage/models/gloveStore.js';
import { TEST_MODELS_DIR } from '../helpers/models.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

describe('built-in embedding model thread', () => {
  let s: TestServer;
  let modelsDir: string;
  let token: string;
  const search = (q: string, mode: string) => s.request('GET', `/api/v1/brains/main/search?mode=${mode}&q=${encodeURIComponent(q)}`, { token });

  before(async () => {
    await sharedModelThread(TEST_MODELS_DIR).whenReady(); // the converted model this test hands over later
    modelsDir = tempDir('brainkeep-models-');
    // Another process is converting: the thread waits for its result instead of converting too.
    fs.writeFileSync(path.join(modelsDir, 'glove-100.bin.lock'), '');
    s = await startTestServer({ BRAINKEEP_MODELS_DIR: modelsDir });
    token = s.credential('Write');
  });

  after(async () => {
    await s.stop();
    await sharedModelThread(modelsDir).close();
    fs.rmSync(modelsDir, { recursive: true, force: true });
  });

  it('answers by words while the model is not loaded, then embeds once it is', async () => {
    const put = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: 'notes/garage.md', markdown: '# Garage\n\nThe mechanic fixed the automobile engine.' } });
    assert.equal(put.status, 201);
    assert.equal(sharedModelThread(modelsDir).ready, false);

    for (const mode of ['semantic', 'hybrid']) {
      const byWords = await search('automobile', mode);
      assert.equal(byWords.status, 200);
      assert.equal(byWords.body.mode, mode);
      assert.deepEqual(byWords.body.hits.map((h: { path: string }) => h.path), ['notes/garage.md']);
      // Meaning alone finds nothing yet.
      assert.deepEqual((await search('vehicle repair', mode)).body.hits, []);
    }
    const waiting = await s.request('GET', '/api/v1/brains/main/search/status', { token });
    assert.ok(waiting.body.pending > 0);
    assert.equal(waiting.body.embedded, 0);

    // The other process finishes: the model files appear (atomically) and its lock goes.
    const from = gloveFiles(TEST_MODELS_DIR);
    const to = gloveFiles(modelsDir);
    for (const k of ['vocab', 'bin'] as const) {
      fs.copyFileSync(from[k], `${to[k]}.tmp`);
      fs.renameSync(`${to[k]}.tmp`, to[k]);
    }
    fs.rmSync(path.join(modelsDir, 'glove-100.bin.lock'));
    await sharedModelThread(modelsDir).whenReady();
    await s.c.embeddings.drain();

    const done = await s.request('GET', '/api/v1/brains/main/search/status', { token });
    assert.equal(done.body.pending, 0);
    assert.equal(done.body.embedded, done.body.chunks);
    const byMeaning = await search('vehicle repair', 'semantic');
    assert.equal(byMeaning.body.hits[0]?.path, 'notes/garage.md');
  });
});

describe('built-in embedding model thread, loaded', () => {
  // A hybrid search asks for its question's vector before it ranks by words, so the thread embeds
  // while the event loop ranks: that holds only if a loaded thread is sent the request at once,
  // not after a turn of the microtask queue (which comes after the whole words ranking).
  it('sends a request to a loaded thread before embed() returns, and answers the same vectors', async () => {
    const thread = new LocalModelThread(TEST_MODELS_DIR);
    const posted: unknown[] = [];
    const post = Worker.prototype.postMessage;
    try {
      await thread.whenReady();
      const [before] = await thread.embed(['the mechanic fixed the engine']);
      Worker.prototype.postMessage = function (this: Worker, message: unknown, transfer?: readonly never[]) {
        posted.push(message);
        return post.call(this, message, transfer);
      };
      const pending = thread.embed(['the mechanic fixed the engine'], { urgent: true });
      // Should an assertion below fail, close() rejects it: not an unhandled rejection instead of the assertion.
      pending.catch(() => undefined);
      assert.deepEqual(posted.map((m) => (m as { type: string }).type), ['embed']);
      Worker.prototype.postMessage = post;
      const [after] = await pending;
      assert.deepEqual(after, before);
    } finally {
      Worker.prototype.postMessage = post;
      await thread.close();
    }
  });
});
