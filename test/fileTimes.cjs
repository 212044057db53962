// Root hooks that clock each test file, loaded by test/run.ts. Under --parallel mocha runs root
// beforeAll/afterAll once per file, so this measures a file's hooks (servers, repositories,
// browsers) as well as its tests, which the reporter's per-test ms leave out. Each file appends
// one JSON line to BRAINKEEP_TEST_TIMES_FILE; without that variable it does nothing.
const fs = require('node:fs');
const path = require('node:path');

let started = 0;
module.exports.mochaHooks = {
  beforeAll() {
    started = performance.now();
  },
  afterAll() {
    const out = process.env.BRAINKEEP_TEST_TIMES_FILE;
    const file = this.test?.parent?.suites?.find((s) => s.file)?.file;
    if (!out || !file) return;
    const line = JSON.stringify({ file: path.relative(process.cwd(), file), ms: Math.round(performance.now() - started) });
    fs.appendFileSync(out, `${line}\n`);
  },
};
