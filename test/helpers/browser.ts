// Headless Chromium for the web app tests, driven by playwright-core (which never downloads a browser).
// Which Chromium:
// - BRAINKEEP_TEST_CHROMIUM=npm forces the one shipped inside the @sparticuz/chromium devDependency
//   (what a fresh machine with only Node and git uses; CI runs this way);
// - otherwise a system Chromium when there is one: CHROMIUM_PATH, or /usr/bin/chromium;
// - otherwise the npm-shipped one.
// Either way it runs with the flags that keep it off the network.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

export const SCREENSHOT_DIR = path.resolve('test-output/screenshots');
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags that keep Chromium off the network and able to run as root in a container. */
const OFF_NETWORK = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface ChromiumChoice {
  source: 'system' | 'npm';
  executablePath: string;
  args: string[];
}

export interface ChromiumEnv {
  BRAINKEEP_TEST_CHROMIUM?: string | undefined;
  CHROMIUM_PATH?: string | undefined;
}

/** Picks the Chromium to launch (unpacking the npm-shipped one on first use). */
export async function chooseChromium(env: ChromiumEnv = process.env, systemPath = SYSTEM_CHROMIUM): Promise<ChromiumChoice> {
  const mode = env.BRAINKEEP_TEST_CHROMIUM ?? '';
  if (mode !== '' && mode !== 'npm' && mode !== 'system') throw new Error(`BRAINKEEP_TEST_CHROMIUM must be npm or system, not ${mode}`);
  if (mode !== 'npm') {
    const system = env.CHROMIUM_PATH ?? systemPath;
    if (fs.existsSync(system)) return { source: 'system', executablePath: system, args: OFF_NETWORK };
    if (mode === 'system' || env.CHROMIUM_PATH !== undefined) throw new Error(`Chromium is missing at ${system}`);
  }
  return { source: 'npm', executablePath: await npmChromium(), args: [...(await npmChromiumArgs()), ...OFF_NETWORK.filter((a) => a !== '--headless')] };
}

export async function launchBrowser(env: ChromiumEnv = process.env): Promise<Browser> {
  const choice = await chooseChromium(env);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch({ executablePath: choice.executablePath, headless: true, args: choice.args });
}

export function screenshotPath(name: string): string {
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

async function npmChromiumArgs(): Promise<string[]> {
  const mod = (await import('@sparticuz/chromium')).default;
  return mod.args;
}

/**
 * The npm-shipped Chromium, unpacked once per version into its own folder under the temp dir.
 * The package unpacks into TMPDIR and trusts any file it finds there, so a second test process
 * could launch a half-written binary. Here each process unpacks into a private folder (in a child
 * process whose TMPDIR is that folder) and renames it into place: the folder appears complete or
 * not at all, and the first to finish wins.
 */
async function npmChromium(): Promise<string> {
  // The package exports no ./package.json: find its folder from its main entry (build/cjs/index.cjs).
  const pkgDir = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '..', '..');
  const version = (JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
  const dir = path.join(os.tmpdir(), `brainkeep-chromium-${version}-${process.getuid?.() ?? 0}`);
  const exe = path.join(dir, 'chromium');
  if (fs.existsSync(exe)) return exe;
  const partial = fs.mkdtempSync(`${dir}.partial-`);
  try {
    const entry = pathToFileURL(path.join(pkgDir, 'build', 'esm', 'index.js')).href;
    const script = `import(${JSON.stringify(entry)}).then((m) => m.default.executablePath()).then((p) => process.stdout.write(p))`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, TMPDIR: partial },
      maxBuffer: 1 << 20,
    });
    if (path.resolve(stdout.trim()) !== path.join(partial, 'chromium')) throw new Error(`@sparticuz/chromium unpacked to ${stdout.trim()}, not ${partial}`);
    try {
      fs.renameSync(partial, dir);
    } catch (err) {
      // Another process finished first: use its copy.
      if (!fs.existsSync(exe)) throw err;
    }
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
  return exe;
}
