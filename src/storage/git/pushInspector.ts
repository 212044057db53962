// What a push holds, read with git inside receive-pack's quarantine: the pre-receive hook hands
// us its working folder and environment (GIT_DIR, GIT_OBJECT_DIRECTORY pointing at the
// quarantined objects, GIT_ALTERNATE_OBJECT_DIRECTORIES at the repository's own), so these
// commands see the pushed objects before any ref moves. Sizes come from the object headers
// (`cat-file --batch-check`), so a blob over the limit is refused without reading it; the blobs
// whose content is checked stream one at a time.
import { GitCommandError, gitEnv, runGit } from './gitCli.js';
import { spawnGit, type GitChild } from './gitSpawner.js';

export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

export interface PushedCommit {
  oid: string;
  parents: string[];
}

export interface ChangedFile {
  path: string;
  /** False when the name's bytes are not UTF-8 (then `path` shows them with U+FFFD). */
  utf8: boolean;
  mode: string;
  /** The mode and object before the change (`000000`, all zeros, for an added file). */
  oldMode: string;
  oldOid: string;
  oid: string;
  deleted: boolean;
}

/** The hook's view of the repository: its working folder and git environment. */
export interface QuarantineView {
  cwd: string;
  env: Record<string, string>;
}

/** Told of every content byte read from a pushed blob (by `eachBlob`): for tests and accounting. */
export type BlobReadObserver = (oid: string, bytes: number) => void;

export class PushInspector {
  constructor(
    private readonly view: QuarantineView,
    private readonly observer: BlobReadObserver | null = null,
    /** Told of every byte of commit objects read (eachCommitMessage): tests show the reading streams. */
    private readonly commitObserver: BlobReadObserver | null = null,
  ) {}

  private async git(args: string[], input?: string): Promise<Buffer> {
    return (await runGit(null, args, { cwd: this.view.cwd, env: this.view.env, input })).stdout;
  }

  private async succeeds(args: string[]): Promise<boolean> {
    return (await runGit(null, args, { cwd: this.view.cwd, env: this.view.env, allowFail: true })).code === 0;
  }

  /** Commits reachable from `tip` and from no existing ref, oldest first. */
  async newCommits(tip: string): Promise<PushedCommit[]> {
    const out = (await this.git(['rev-list', '--reverse', '--parents', tip, '--not', '--all'])).toString('utf8');
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [oid, ...parents] = line.split(' ');
        return { oid: oid!, parents };
      });
  }

  /** Files that differ between two commits or trees (`git diff-tree -r -z`, no rename detection). */
  async changedFiles(from: string, to: string): Promise<ChangedFile[]> {
    const parts = splitZ(await this.git(['diff-tree', '-r', '-z', '--no-renames', from, to]));
    const files: ChangedFile[] = [];
    for (let i = 0; i + 1 < parts.length; i += 2) {
      // `:oldmode newmode oldoid newoid status`, then the path
      const meta = parts[i]!.toString('latin1').replace(/^:/, '').split(' ');
      const raw = parts[i + 1]!;
      const path = decodePath(raw);
      files.push({
        path: path ?? raw.toString('utf8'),
        utf8: path != null,
        mode: meta[1] ?? '',
        oldMode: meta[0] ?? '',
        oldOid: meta[2] ?? '',
        oid: meta[3] ?? '',
        deleted: (meta[4] ?? '').startsWith('D'),
      });
    }
    return files;
  }

  /**
   * Hand the messages of `oids` (commits), and each whole commit's text, to `visit` in order, one at a time as one
   * `git cat-file --batch` streams them (`started`: one from startBlobReader): memory holds one
   * commit, never the push's messages. Throws when a commit is missing.
   */
  async eachCommitMessage(oids: string[], visit: (oid: string, message: string, raw: string) => void, started?: Promise<GitChild>): Promise<void> {
    let seen = 0;
    await this.eachObject('commit', oids, Number.MAX_SAFE_INTEGER, this.commitObserver, (oid, content) => {
      const raw = content.toString('utf8');
      const i = raw.indexOf('\n\n');
      seen++;
      visit(oid, i < 0 ? '' : raw.slice(i + 2), raw);
    }, started);
    if (seen < oids.length) throw new Error(`git cat-file found no commit ${oids[seen]}`);
  }

  isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    return this.succeeds(['merge-base', '--is-ancestor', ancestor, descendant]);
  }

  /**
   * The `git cat-file --batch-check` blobSizes reads from, started ahead so that its start overlaps
   * the diff (it reads nothing until blobSizes names the blobs). Hand it to blobSizes, or to
   * `stopBlobReader` when the push is refused first.
   */
  startSizeReader(): Promise<GitChild> {
    const started = spawnGit(['cat-file', SIZE_CHECK], { cwd: this.view.cwd, env: gitEnv({}, this.view.env), stdin: true, stderr: true });
    started.catch(() => undefined); // blobSizes or stopBlobReader sees the failure
    return started;
  }

  /** Sizes of many blobs with one git process (`started`: one from startSizeReader). */
  async blobSizes(oids: string[], started?: Promise<GitChild>): Promise<Map<string, number>> {
    const sizes = new Map<string, number>();
    if (!oids.length) {
      if (started) await this.stopBlobReader(started);
      return sizes;
    }
    const input = `${oids.join('\n')}\n`;
    const out = (started ? await finish(await started, input, ['cat-file', SIZE_CHECK]) : await this.git(['cat-file', SIZE_CHECK], input)).toString('utf8');
    for (const line of out.split('\n')) {
      const [oid, size] = line.split(' ');
      if (oid && size && /^\d+$/.test(size)) sizes.set(oid, Number(size));
    }
    return sizes;
  }

  /**
   * The `git cat-file --batch` eachBlob reads from, started ahead so that its start overlaps the
   * size check: it reads nothing until eachBlob names the blobs. Hand it to eachBlob, or to
   * `stopBlobReader` when the push is refused first.
   */
  startBlobReader(): Promise<GitChild> {
    const started = spawnGit(['cat-file', '--batch'], { cwd: this.view.cwd, env: gitEnv({}, this.view.env), stdin: true, stderr: false });
    started.catch(() => undefined); // eachBlob or stopBlobReader sees the failure
    return started;
  }

  stopBlobReader(started: Promise<GitChild>): Promise<void> {
    return started.then(stopChild, () => undefined);
  }

  /**
   * Hand blobs to `visit` one at a time, as `git cat-file --batch` streams them (a header line,
   * the bytes, a newline), so memory holds one blob, never the push. A blob whose header says it
   * is over `maxBytes` ends the reading before its bytes are taken. `visit` returning false stops
   * the reading too (and git with it). Every content byte taken is reported to the observer.
   */
  eachBlob(oids: string[], maxBytes: number, visit: (oid: string, content: Buffer) => boolean | void, started?: Promise<GitChild>): Promise<void> {
    return this.eachObject('blob', oids, maxBytes, this.observer, visit, started);
  }

  /** eachBlob for objects of `type`; every content byte taken is told to `observe`. */
  private async eachObject(
    kind: 'blob' | 'commit',
    oids: string[],
    maxBytes: number,
    observe: BlobReadObserver | null,
    visit: (oid: string, content: Buffer) => boolean | void,
    started?: Promise<GitChild>,
  ): Promise<void> {
    if (!oids.length) {
      // A pre-started reader is stopped before the verdict goes out (git runs in the quarantine).
      await started?.then(stopChild, () => undefined);
      return;
    }
    const child = await (started ?? this.startBlobReader());
    const exited = child.closed;
    child.stdin!.on('error', () => undefined); // git may stop before reading every name
    child.stdin!.end(`${oids.join('\n')}\n`);
    let pending: Buffer = Buffer.alloc(0);
    let want: { oid: string; size: number } | null = null;
    let body: Buffer[] = [];
    let have = 0;
    let stopped = false;
    try {
      for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        while (!stopped) {
          if (!want) {
            const nl = pending.indexOf(10);
            if (nl < 0) break;
            const [oid = '', type, size] = pending.subarray(0, nl).toString('latin1').split(' ');
            pending = pending.subarray(nl + 1);
            const n = Number(size);
            // `<oid> missing`, or a size the sizes check should have refused: stop here.
            if (type !== kind || !Number.isInteger(n) || n > maxBytes) {
              stopped = true;
              break;
            }
            want = { oid, size: n };
            body = [];
            have = 0;
          }
          const take = Math.min(want.size - have, pending.length);
          if (take > 0) {
            body.push(pending.subarray(0, take));
            have += take;
            observe?.(want.oid, take);
            pending = pending.subarray(take);
          }
          if (have < want.size || pending.length < 1) break; // the rest, then its newline
          pending = pending.subarray(1);
          const done = want;
          want = null;
          if (visit(done.oid, body.length === 1 ? body[0]! : Buffer.concat(body, done.size)) === false) stopped = true;
        }
        if (stopped) break;
      }
    } finally {
      child.kill();
      child.stdout.destroy();
      await exited;
    }
  }
}

const SIZE_CHECK = '--batch-check=%(objectname) %(objectsize)';

/** Give a started git its whole input and take its whole output (rejects when it exits non-zero, as runGit does). */
async function finish(child: GitChild, input: string, args: string[]): Promise<Buffer> {
  const out: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => out.push(c));
  if (child.stdin) {
    child.stdin.on('error', () => undefined); // git may exit before reading all its input
    child.stdin.end(input);
  }
  const { code, stderr } = await child.closed;
  if (code !== 0) throw new GitCommandError(args, code, stderr);
  return Buffer.concat(out);
}

async function stopChild(child: GitChild): Promise<void> {
  child.stdin?.on('error', () => undefined);
  child.stdin?.end();
  child.kill();
  child.stdout.destroy();
  await child.closed;
}

function splitZ(buf: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < buf.length; i++) {
    if (buf[i] === 0) {
      parts.push(buf.subarray(start, i));
      start = i + 1;
    }
  }
  return parts;
}

/** Paths are bytes in git; null when they are not UTF-8. */
function decodePath(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
