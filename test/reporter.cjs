// Mocha's spec reporter plus the plain closing line CI reads: "N passed, N failed[, N skipped]".
// Under test/run.ts (two mocha runs, one closing line) the counts go to BRAINKEEP_TEST_SUMMARY_FILE
// instead, and the runner prints their sum.
const fs = require('node:fs');
const Mocha = require('mocha');
const { Spec } = Mocha.reporters;
const { EVENT_RUN_END } = Mocha.Runner.constants;

class PlainSummary extends Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(EVENT_RUN_END, () => {
      const s = runner.stats || this.stats;
      const out = process.env.BRAINKEEP_TEST_SUMMARY_FILE;
      if (out) {
        fs.appendFileSync(out, `${JSON.stringify({ passes: s.passes, failures: s.failures, pending: s.pending })}\n`);
        return;
      }
      const skipped = s.pending ? `, ${s.pending} skipped` : '';
      process.stdout.write(`\n${s.passes} passed, ${s.failures} failed${skipped}\n`);
    });
  }
}
module.exports = PlainSummary;
