// The real `git` CLI for tests, run asynchronously (the server under test lives in this same
// process, so a synchronous child would deadlock it), with an isolated HOME, no system config,
// a fixed identity and no prompts.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './server.js';

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

export class GitClient {
  readonly home = tempDir('brainkeep-git-home-');
  readonly env: NodeJS.ProcessEnv;

  constructor(identity = { name: 'Ada Lovelace', email: 'ada@example.com' }) {
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
    this.env = {
      ...env,
      HOME: this.home,
      XDG_CONFIG_HOME: path.join(this.home, '.config'),
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_TERMINAL_PROMPT: '0',
      GIT_ASKPASS: '',
      GIT_AUTHOR_NAME: identity.name,
      GIT_AUTHOR_EMAIL: identity.email,
      GIT_COMMITTER_NAME: identity.name,
      GIT_COMMITTER_EMAIL: identity.email,
    };
  }

  /** Run git; never throws on a non-zero exit (tests assert on `code` and `stderr`). */
  run(args: string[], cwd = this.home, extraEnv: Record<string, string> = {}): Promise<GitResult> {
    return new Promise((resolve, reject) => {
      execFile('git', args, { cwd, env: { ...this.env, ...extraEnv }, maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) => {
        if (err && typeof (err as { code?: unknown }).code !== 'number') return reject(err);
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      });
    });
  }

  /** Run git and fail the test with git's own words when it exits non-zero. */
  async ok(args: string[], cwd = this.home, extraEnv: Record<string, string> = {}): Promise<string> {
    const r = await this.run(args, cwd, extraEnv);
    if (r.code !== 0) throw new Error(`git ${args.join(' ')} failed (${r.code}):\n${r.stderr}${r.stdout}`);
    return r.stdout;
  }

  async clone(url: string, name: string, args: string[] = []): Promise<string> {
    const dir = path.join(this.home, name);
    await this.ok(['clone', '--quiet', ...args, url, dir]);
    return dir;
  }

  /** Write files (null deletes), stage everything and commit. Returns the new commit id. */
  async commit(dir: string, files: Record<string, string | Buffer | null>, message = 'Edit pages'): Promise<string> {
    for (const [rel, content] of Object.entries(files)) {
      const file = path.join(dir, rel);
      if (content == null) fs.rmSync(file, { force: true });
      else {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, content);
      }
    }
    await this.ok(['add', '--all'], dir);
    await this.ok(['commit', '--quiet', '--allow-empty', '-m', message], dir);
    return (await this.ok(['rev-parse', 'HEAD'], dir)).trim();
  }

  cleanup(): void {
    fs.rmSync(this.home, { recursive: true, force: true });
  }
}

/** `http://user:token@host/git/<brain>.git` */
export function gitUrl(baseUrl: string, brain: string, token?: string | null): string {
  const u = new URL(`${baseUrl}/git/${brain}.git`);
  if (token) {
    u.username = 'git';
    u.password = token;
  }
  return u.toString();
}
