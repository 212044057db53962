#!/usr/bin/env node
// Operator entry point: `npx brainkeep <command>`. Runs the compiled CLI from dist/.
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
const entry = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
if (!existsSync(entry)) {
  process.stderr.write('brainkeep: dist/ is missing; run `npm install` (or `npm run build`) first\n');
  process.exit(1);
}
const { runCli } = await import(entry);
process.exitCode = await runCli(process.argv.slice(2));
