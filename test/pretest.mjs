// `npm test`'s pretest: the build (dist/, run by the tests that spawn the CLI or a server) and the
// type-check of src/, test/ and bench/ side by side. Each is one tsc on one core (27 s and 36 s of
// CPU on CI's 2 cores), and neither needs the other's output, so run one after the other they left
// a core idle for a minute. Both print their errors; the exit code is the first failure's.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, ...args], { cwd: root, stdio: 'inherit' });
    child.on('error', (err) => {
      process.stderr.write(`tsc ${args.join(' ')}: ${err.message}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

const codes = await Promise.all([run(['-p', 'tsconfig.json']), run(['-p', 'tsconfig.test.json'])]);
process.exitCode = codes.find((c) => c !== 0) ?? 0;
