// A start-up that fails part way (here: the HTTP port is taken) closes what it opened: the
// database connections, the search thread's reader among them, and the threads, so the process
// holds nothing of the data folder afterwards.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { loadConfig } from '../../src/config.js';
import { startService } from '../../src/main.js';
import { TEST_MODELS_DIR } from '../helpers/models.js';
import { startTestServer, tempDir } from '../helpers/server.js';

/** This process's open files inside `dir` (Linux: /proc/self/fd). */
function openFilesIn(dir: string): string[] {
  const out: string[] = [];
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(dir)) out.push(target);
    } catch {
      // closed while listing
    }
  }
  return out;
}

describe('start-up failure', function () {
  this.timeout(60_000);
  before(function () {
    if (!fs.existsSync('/proc/self/fd')) this.skip();
  });

  it('closes the container (database, search thread) when a later step throws', async () => {
    const taken = await startTestServer();
    const dataDir = tempDir();
    try {
      const port = new URL(taken.url).port;
      const config = loadConfig({ PORT: port, HOST: '127.0.0.1', BRAINKEEP_DATA: dataDir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_FILING_CRON: 'off', BRAINKEEP_MODELS_DIR: TEST_MODELS_DIR });
      await assert.rejects(startService(config, { quiet: true, print: () => {} }), /EADDRINUSE/);
      // The search thread's connection closes as its thread ends (terminate is awaited by close).
      assert.deepEqual(openFilesIn(dataDir), []);
    } finally {
      await taken.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
