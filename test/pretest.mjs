// `npm test`'s pretest: the build (package.json's "build" script: dist/, run by the tests that
// spawn the CLI or a server) and the type-check of src/, test/ and bench/ side by side. Each is one
// tsc on one core (27 s and 36 s of CPU on CI's 2 cores), and neither needs the other's output, so
// run one after the other they left a core idle for half a minute. Both print their errors (a type
// error in src/ is printed by each); the exit code is the first failure's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.build;
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// As npm runs a script: its local binaries first on the PATH.
const env = { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}` };
const children = new Set();

function run(what, command, args, shell) {
  return new Promise((resolve) => {
    // Its own process group, so a stop reaches the tsc under the build's shell too.
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit', shell, detached: true });
    children.add(child);
    child.on('error', (err) => {
      process.stderr.write(`${what}: ${err.message}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(signal ? 1 : (code ?? 1));
    });
  });
}

// Ctrl-C or a CI cancel stops both (each child is in a group of its own, out of the terminal's).
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
  process.on(signal, () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    }
    process.exitCode = code;
  });
}

const codes = await Promise.all([run(`build (${build})`, build, [], true), run('type-check', process.execPath, [tsc, '-p', 'tsconfig.test.json'], false)]);
process.exitCode ||= codes.find((c) => c !== 0) ?? 0;
