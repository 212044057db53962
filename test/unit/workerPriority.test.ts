// runBehindEventLoop (src/workerThread.ts): a background thread lowers its own scheduling priority
// on Linux, and only its own: the process's main thread (the event loop) and the other threads keep
// theirs. Read back from the kernel (/proc/self/task/<tid>/stat) with a real worker thread.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BACKGROUND_NICE, runBehindEventLoop } from '../../src/workerThread.js';

/** The nice value of every thread of this process, by thread id. */
function niceByThread(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const fields = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'latin1').split(') ')[1]!.split(' ');
    out.set(Number(tid), Number(fields[16])); // field 19 of stat(5), counted after the command name
  }
  return out;
}

function tsxApiUrl(): string {
  const pkgFile = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(pkgFile), pkg.exports['./esm/api']!.import.default)).href;
}

describe('background threads run behind the event loop', () => {
  before(function () {
    if (process.platform !== 'linux') this.skip();
  });

  it('lowers the calling worker thread by BACKGROUND_NICE and leaves the main thread as it was', async () => {
    const module = pathToFileURL(path.resolve('src/workerThread.ts')).href;
    const code = `
      const { parentPort } = require('node:worker_threads');
      const os = require('node:os');
      import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module)}); }).then((m) => {
        const before = os.getPriority(0);
        m.runBehindEventLoop();
        parentPort.postMessage({ before, after: os.getPriority(0) });
        parentPort.once('message', () => process.exit(0));
      });`;
    const mainBefore = os.getPriority(0);
    const threadsBefore = niceByThread();
    const worker = new Worker(code, { eval: true });
    try {
      const seen = await new Promise<{ before: number; after: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      assert.equal(seen.after, Math.min(19, seen.before + BACKGROUND_NICE));
      // The kernel's view while the worker is alive: exactly one new thread at the lowered value.
      const threadsAfter = niceByThread();
      const lowered = [...threadsAfter].filter(([tid, nice]) => nice === seen.after && threadsBefore.get(tid) !== nice);
      assert.equal(lowered.length, 1);
      assert.equal(threadsAfter.get(process.pid), threadsBefore.get(process.pid));
      assert.equal(os.getPriority(0), mainBefore);
    } finally {
      worker.postMessage('exit');
      await new Promise((r) => worker.once('exit', r));
    }
  });

  it('does nothing on the main thread', () => {
    const before = os.getPriority(0);
    runBehindEventLoop();
    assert.equal(os.getPriority(0), before);
  });
});
