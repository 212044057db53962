// What a light CLI command loads (task boot54): every `brainkeep` process used to import the whole
// container's tree (the HTTP-free services with isomorphic-git, pg, ajv, prom-client, gray-matter,
// cli-progress: ~870 files, ~1.3 s of CPU) before it looked at its arguments. The real CLI runs as a
// child process with a preload that records every module it loads: ES modules through a loader
// hook, CommonJS ones from require's cache at exit (a package required with createRequire never
// passes an ES loader hook).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cliArgv, ROOT, runCli } from '../helpers/cli.js';
import { TEST_MODELS_DIR } from '../helpers/models.js';
import { tempDir } from '../helpers/server.js';

const HOOKS = `
import fs from 'node:fs';
export async function load(url, context, next) {
  if (!url.startsWith('node:')) fs.appendFileSync(process.env.BRAINKEEP_TEST_MODULE_LOG, url + '\\n');
  return next(url, context);
}`;

const PRELOAD = `
import fs from 'node:fs';
import Module, { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}));
process.on('exit', () => {
  const files = Object.keys(Module._cache).map((f) => 'file://' + f);
  fs.appendFileSync(process.env.BRAINKEEP_TEST_MODULE_LOG, files.join('\\n') + '\\n');
});`;

/** The packages (folders under node_modules) and the project's own modules one CLI run loaded. */
function loadedBy(args: string[], env: Record<string, string>): { packages: Set<string>; own: string[]; code: number; stdout: string } {
  const logDir = tempDir('bk-cli-modules-');
  const log = path.join(logDir, 'modules.txt');
  const r = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(PRELOAD)}`, ...cliArgv(args)], {
    cwd: ROOT,
    env: { ...process.env, BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: TEST_MODELS_DIR, ...env, BRAINKEEP_TEST_MODULE_LOG: log },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.ok(fs.existsSync(log), `no module log: ${r.stderr}`);
  const urls = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
  fs.rmSync(logDir, { recursive: true, force: true });
  const packages = new Set<string>();
  for (const u of urls) {
    const m = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u); // the innermost copy: a nested one counts as itself
    if (m) packages.add(m[1]!);
  }
  const own = urls.filter((u) => !u.includes('/node_modules/') && /\/(?:src|dist)\//.test(u)).map((u) => u.replace(/^.*\/(?:src|dist)\//, ''));
  return { packages, own, code: r.status ?? -1, stdout: r.stdout.trim() };
}

/** Packages a read-only listing has no use for: the HTTP stack, MCP, git objects, PostgreSQL, metrics, validation, YAML, progress bars, markdown parsing. */
const HEAVY = ['express', '@modelcontextprotocol/sdk', 'isomorphic-git', 'pg', 'prom-client', '@opentelemetry/api', 'ajv', 'gray-matter', 'js-yaml', 'cli-progress'];
// remark is loaded on first parse where Node requires ES modules synchronously (20.19 and later); at import before that.
if ((process.features as { require_module?: boolean }).require_module) HEAVY.push('unified', 'remark-parse', 'remark-gfm', 'micromark', 'mdast-util-to-markdown');

describe('cli: what a light command loads', function () {
  this.timeout(120_000);
  let dir: string;
  let env: Record<string, string>;

  before(() => {
    dir = tempDir('bk-cli-loads-');
    env = { BRAINKEEP_DATA: dir };
    // The first command sets the data folder up (workspace, owner, the brain `main`): not measured.
    const first = runCli(['brain', 'list'], env);
    assert.equal(first.code, 0, first.stderr);
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('`brain list` answers without loading the heavy packages', () => {
    const r = loadedBy(['brain', 'list'], env);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /\tmain\t/);
    // The recording works: the database driver and the container were loaded.
    assert.ok(r.packages.has('better-sqlite3'), `better-sqlite3 not seen among ${[...r.packages].join(', ')}`);
    assert.ok(r.own.some((f) => /^container\.(?:js|ts)$/.test(f)), 'the container not seen');
    assert.deepEqual(HEAVY.filter((p) => r.packages.has(p)), []);
  });

  it('`--help` loads neither the container nor any package', () => {
    const r = loadedBy(['--help'], env);
    assert.equal(r.code, 0);
    assert.ok(r.own.some((f) => /^cli\/commands\.(?:js|ts)$/.test(f)), 'the command registry not seen');
    assert.deepEqual(r.own.filter((f) => /^(?:container|storage\/|services\/)/.test(f)), []);
    // tsx (when dist/ is older than src/) brings its own packages; none of the project's.
    assert.deepEqual([...r.packages].filter((p) => !['tsx', 'esbuild', 'get-tsconfig', 'resolve-pkg-maps', '@esbuild'].includes(p)), []);
  });
});
