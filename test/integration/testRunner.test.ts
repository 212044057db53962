// `npm test` (test/run.ts): the parallel run, the serial tail after it, and one closing line and exit
// code for both, driven on small real test files through real mocha processes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { plan, runSuite, SERIAL_TAIL } from '../run.js';

describe('npm test runner (test/run.ts)', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-testrun-'));
    const file = (name: string, body: string): void => fs.writeFileSync(path.join(dir, name), body);
    file('a.test.ts', "describe('a', () => { it('passes', () => {}); it.skip('is skipped', () => {}); });\n");
    file('b.test.ts', "describe('b', () => { it('passes too', () => {}); });\n");
    file('tail.test.ts', "describe('tail', () => { it('fails when told', () => { if (process.env.BK_TAIL_FAILS) throw new Error('told to fail'); }); });\n");
    // A top-level await: mocha's --parallel with one job loads files with a plain require and fails it.
    file('awaits.test.mts', "const n = await Promise.resolve(1);\ndescribe('awaits', () => { it('loaded', () => { if (n !== 1 || process.env.BK_PAR_FAILS) throw new Error('no'); }); });\n");
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const at = (n: string): string => path.join(dir, n);

  it('keeps the tail out of the parallel run, the slowest files first, and refuses a tail file that does not exist', () => {
    const all = ['test/unit/a.test.ts', 'test/unit/b.test.ts', 'test/integration/c.test.ts', 'test/integration/d.test.ts'];
    const p = plan(all, ['test/unit/b.test.ts'], ['test/integration/d.test.ts', 'test/gone.test.ts']);
    assert.deepEqual(p, { parallel: ['test/integration/d.test.ts', 'test/unit/a.test.ts', 'test/integration/c.test.ts'], serial: ['test/unit/b.test.ts'] });
    assert.throws(() => plan(all, ['test/unit/gone.test.ts']), /SERIAL_TAIL names files that do not exist: test\/unit\/gone.test.ts/);
    // The real list names real files (plan() throws otherwise) and the real plan runs every file once.
    const real = plan();
    assert.equal(new Set([...real.parallel, ...real.serial]).size, real.parallel.length + real.serial.length);
    assert.deepEqual(real.serial, [...SERIAL_TAIL].sort());
  });

  it('sums both runs into one closing line and exits 0 when both pass', async () => {
    let out = '';
    const code = await runSuite({ parallel: [at('a.test.ts'), at('b.test.ts')], serial: [at('tail.test.ts')], jobs: 2, stdio: 'ignore', write: (t) => (out += t) });
    assert.equal(code, 0, out);
    assert.match(out, /Run alone after the parallel run \(test\/run.ts SERIAL_TAIL\): .*tail\.test\.ts/);
    assert.match(out, /Slowest files \(of 3;/);
    if (fs.existsSync('/proc/self/stat')) assert.match(out, /CPU: \d+ s user\+sys/);
    assert.match(out, /\n3 passed, 0 failed, 1 skipped\n$/);
  });

  it('a failure in the tail alone fails the whole run', async () => {
    let out = '';
    process.env.BK_TAIL_FAILS = '1';
    try {
      const code = await runSuite({ parallel: [at('a.test.ts')], serial: [at('tail.test.ts')], jobs: 2, stdio: 'ignore', write: (t) => (out += t) });
      assert.equal(code, 1, out);
    } finally {
      delete process.env.BK_TAIL_FAILS;
    }
    assert.match(out, /\n1 passed, 1 failed, 1 skipped\n$/);
  });

  it('runs each tail file alone, loaded as ESM (a top-level await), each with its own clock', async () => {
    let out = '';
    const code = await runSuite({ parallel: [at('a.test.ts')], serial: [at('tail.test.ts'), at('awaits.test.mts')], jobs: 2, stdio: 'ignore', write: (t) => (out += t) });
    assert.equal(code, 0, out);
    assert.match(out, /Slowest files \(of 3;/);
    assert.match(out, /\n3 passed, 0 failed, 1 skipped\n$/);
  });

  it('a failure in the parallel run fails the whole run though the tail passes', async () => {
    let out = '';
    process.env.BK_PAR_FAILS = '1';
    try {
      const code = await runSuite({ parallel: [at('a.test.ts'), at('awaits.test.mts')], serial: [at('tail.test.ts')], jobs: 2, stdio: 'ignore', write: (t) => (out += t) });
      assert.equal(code, 1, out);
    } finally {
      delete process.env.BK_PAR_FAILS;
    }
    assert.match(out, /\n2 passed, 1 failed, 1 skipped\n$/);
  });

  it('a mocha run that dies before its summary fails the whole run, though no test failed', async () => {
    let out = '';
    // A module to require that does not exist: mocha exits non-zero before running anything.
    const code = await runSuite({ parallel: [at('a.test.ts')], serial: [], jobs: 2, extra: ['--require', at('missing.cjs')], stdio: 'ignore', write: (t) => (out += t) });
    assert.equal(code, 1, out);
    assert.match(out, /A mocha run did not finish cleanly/);
  });
});
