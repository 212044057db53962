// One brain's git repository (bare, branch `main`). Commits are built directly from blobs
// and trees with isomorphic-git (no index file, no work tree), objects are fsynced before
// the ref moves, and the ref moves by compare-and-swap (refStore). Only this folder
// touches the repository's disk format.
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type IsomorphicGit from 'isomorphic-git';
import { CommitObjectSink, PACK_ON_THREAD_FROM, serializeCommit, serializeTree, writeLooseBlobFromFile, type ObjectSink } from './objectWriter.js';
import { gitEnv } from './gitCli.js';
import { spawnGit } from './gitSpawner.js';
import { PushInspector } from './pushInspector.js';
import { fsyncPathSync } from '../fsyncs.js';
import { readRef, syncRefFolder } from './refStore.js';
import { gitWriteThreads, secondsSince } from './gitWriteThread.js';

/** How many times a read that failed beside a repack is tried again on a fresh pack list. */
const READ_ATTEMPTS_ACROSS_REPACK = 5;

export const DEFAULT_BRANCH = 'main';
export const BRANCH_REF = `refs/heads/${DEFAULT_BRANCH}`;
const FILE_MODE = '100644';
const TREE_MODE = '040000';
/**
 * isomorphic-git's fs, listing only real packs. It finds packs by every `*.idx` in objects/pack,
 * sorted, so git's own temporary files came first: `git repack` renames
 * `.tmp-<pid>-pack-<hash>.pack` then `.idx` into place, and one killed between the two renames (or
 * read between them) left a `.tmp-…idx` whose pack had already moved, and every read that looked
 * there failed ("Could not read packfile"). git never reads its dot-named temporary files as packs;
 * neither does this.
 *
 * It and isomorphic-git are loaded by the first read or init (loadGit), not at import: the package
 * is the largest a CLI process loads, and most commands (a list, a doctor of the index) read no
 * object through it.
 */
function repositoryFileSystem(FileSystem: typeof import('isomorphic-git/models').FileSystem): typeof fs {
  class RepositoryFileSystem extends FileSystem {
    override async readdir(filepath: string): Promise<string[] | null> {
      const names = (await super.readdir(filepath)) as string[] | null;
      return names && /[/\\]objects[/\\]pack$/.test(filepath) ? names.filter((n) => !n.startsWith('.')) : names;
    }
  }
  return new RepositoryFileSystem(fs) as unknown as typeof fs;
}

let git: typeof IsomorphicGit;
/**
 * node's fs as isomorphic-git wraps it, built once: given plain fs, every call wraps it again
 * (a promisified copy of each fs function), which cost a quarter to a third of a blob read.
 */
let gitFs: typeof fs;
let loadingGit: Promise<void> | null = null;

/** Sets `git` and `gitFs` (once; every caller awaits the same load). */
function loadGit(): Promise<void> {
  return (loadingGit ??= Promise.all([import('isomorphic-git'), import('isomorphic-git/models')]).then(([iso, models]) => {
    gitFs = repositoryFileSystem(models.FileSystem);
    git = iso.default;
  }));
}

export interface FileChange {
  path: string;
  /** New bytes, or null to delete the file. */
  content: Buffer | null;
  /** Instead of `content`: a file on disk whose bytes are the new content, streamed into the blob (attachments). */
  sourceFile?: string;
}

export interface CommitMeta {
  message: string;
  author: { name: string; email: string };
  /** Trailers appended to the message as `Key: value` lines (Brainkeep-Actor, Brainkeep-Op...). */
  trailers?: Record<string, string>;
  /** Seconds since the epoch; defaults to now. */
  timestamp?: number;
}

export interface BuiltCommit {
  commit: string;
  tree: string;
  parent: string | null;
  blobs: Map<string, string>;
  /** Seconds spent building the objects on this thread (hash, compress, trees) and writing and syncing them (thread pool). */
  timings: { build: number; sync: number };
}

export interface TreeFile {
  path: string;
  oid: string;
}

export interface TreeDiffEntry {
  path: string;
  oldOid: string | null;
  newOid: string | null;
}

export interface CommitSummary {
  oid: string;
  parents: string[];
  message: string;
  author: { name: string; email: string; timestamp: number };
  trailers: Record<string, string>;
}

type TreeEntry = { mode: string; path: string; oid: string; type: 'blob' | 'tree' | 'commit' };

export class BrainRepository {
  /** isomorphic-git's pack/object cache; replaced when the packs change (packsChanged). */
  private cache: object = {};
  /**
   * Moves on when a repack of this repository starts and again when it ends (rewritingPacks); odd
   * while one runs. A read that overlapped a repack may have listed a pack the repack then deleted:
   * it is tried once more with a fresh pack list (see `read`).
   */
  private packEpoch = 0;
  /**
   * Trees this process wrote or read lately, and the trees of the commits it built, by oid (objects
   * never change). The next commit starts from the tree the last one wrote, so under a stream of
   * writes its path down the tree is read from memory instead of from loose object files.
   */
  private readonly trees = new Map<string, TreeEntry[]>();
  private readonly commitTrees = new Map<string, string>();

  constructor(readonly gitdir: string, private readonly opts: { fsync: boolean } = { fsync: true }) {}

  /**
   * The repository's packs were rewritten (a repack): what isomorphic-git cached of the old ones is
   * dropped. The trees kept by oid stay (objects never change), so the next commit still starts
   * from memory instead of reading its path down the tree from the new pack on the event loop.
   */
  packsChanged(): void {
    this.cache = {};
    this.packCacheDrops++;
  }

  /** How often the pack cache was dropped (tests). */
  packCacheDrops = 0;
  /** The pack indexes seen at the last look, and when (see dropVanishedPacks). */
  private packNames: Set<string> | null = null;
  private packsLookedAt = 0;

  /**
   * Another process may repack this repository (a CLI import beside the server, another node on the
   * same volume): it cannot tell this one, so what isomorphic-git cached of the packs it deleted
   * would be kept for good beside the new pack, and a read that had listed them would fail. At most
   * once a second (or when a read fails), a read lists the pack indexes; when one seen at the last
   * look is gone, the cache is dropped. Packs only added (our own imports) keep it.
   */
  private dropVanishedPacks(force = false): boolean {
    const now = Date.now();
    if (!force && now - this.packsLookedAt < 1000) return false;
    this.packsLookedAt = now;
    let names: string[];
    try {
      names = fs.readdirSync(path.join(this.gitdir, 'objects', 'pack')).filter((n) => n.endsWith('.idx'));
    } catch {
      names = [];
    }
    const before = this.packNames;
    const seen = new Set(names);
    this.packNames = seen;
    if (!before || ![...before].some((n) => !seen.has(n))) return false;
    this.packsChanged();
    return true;
  }

  /**
   * Moves on when this process starts or ends a repack of the repository; odd while one runs. Work
   * that git does on its own (git fsck) compares it before and after to know whether a repack ran
   * beside it.
   */
  get repackEpoch(): number {
    return this.packEpoch;
  }

  /**
   * Run `work`, a repack of this repository by git (no write lock needed: git writes the new pack
   * before it deletes the packs it replaces), telling reads running meanwhile that a pack they
   * listed may vanish under them. The cached pack data is dropped when it ends.
   */
  async rewritingPacks<T>(work: () => Promise<T>): Promise<T> {
    this.packEpoch++;
    try {
      return await work();
    } finally {
      this.packEpoch++;
      this.removeOrphanPackIndexes();
      this.packsChanged();
    }
  }

  /**
   * Remove pack indexes (and bitmaps, reverse indexes) whose pack is gone. A repack killed while deleting the packs it replaced
   * (`git repack -d` unlinks a pack before its index) leaves such an index: git skips it, but
   * isomorphic-git lists packs by their indexes and fails every read that looks there. A pack is
   * always in place before its index is (git's and ours), so a lone index is never a pack being written.
   * Returns how many were removed.
   */
  removeOrphanPackIndexes(): number {
    const dir = path.join(this.gitdir, 'objects', 'pack');
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      // A pack's index, bitmap or reverse index without the pack: git unlinks the pack first and
      // writes it first, so these are what a killed deletion left. A lone bitmap is ignored by git
      // but would stay for good.
      const ext = /^pack-[0-9a-f]+(\.(?:idx|bitmap|rev))$/.exec(name);
      if (!ext || names.includes(`${name.slice(0, -ext[1]!.length)}.pack`)) continue;
      fs.rmSync(path.join(dir, name), { force: true });
      removed++;
    }
    if (removed) this.packsChanged();
    return removed;
  }

  /**
   * An isomorphic-git read with the current cache. One that fails while a repack ran beside it
   * (a listed pack deleted before it was read: a missing file, a "could not read packfile", an
   * object not found in the packs listed before the new one landed) is tried again on a fresh
   * pack list; every object is in some pack or loose file throughout a repack.
   */
  private async read<T>(fn: (cache: object) => Promise<T>): Promise<T> {
    if (!git) await loadGit();
    this.dropVanishedPacks();
    for (let attempt = 0; ; attempt++) {
      const epoch = this.packEpoch;
      try {
        return await fn(this.cache);
      } catch (e) {
        // A repack by another process deleted a pack this one had listed: once, on a fresh list.
        if (attempt === 0 && this.dropVanishedPacks(true)) continue;
        // No repack ran beside this attempt: the failure is the read's own. A fresh pack list can
        // itself be read while a running roll-up is still deleting the packs it replaced, so a read
        // is tried again (a few times, briefly apart) for as long as a roll-up is running or ran.
        if ((epoch % 2 === 0 && epoch === this.packEpoch) || attempt >= READ_ATTEMPTS_ACROSS_REPACK) throw e;
        this.cache = {};
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
      }
    }
  }

  static exists(gitdir: string): boolean {
    return fs.existsSync(path.join(gitdir, 'HEAD'));
  }

  /** Create an empty bare repository whose HEAD names `main`. */
  async init(): Promise<void> {
    fs.mkdirSync(this.gitdir, { recursive: true });
    if (!git) await loadGit();
    await git.init({ fs: gitFs, gitdir: this.gitdir, bare: true, defaultBranch: DEFAULT_BRANCH });
    // Let `git http-backend` serve pushes and keep loose objects in check.
    const configPath = path.join(this.gitdir, 'config');
    const config = fs.readFileSync(configPath, 'utf8');
    if (!config.includes('[http]')) {
      fs.appendFileSync(configPath, '[http]\n\treceivepack = true\n[receive]\n\tdenyNonFastForwards = true\n\tdenyDeletes = true\n');
    }
    if (this.opts.fsync) fsyncPathSync(this.gitdir);
  }

  head(): string | null {
    return readRef(this.gitdir, BRANCH_REF);
  }

  /**
   * Commit `changes` on top of `parent` through a git write thread: the blobs, trees and commit are
   * built here, then written and made durable and the ref moved from `parent` by compare-and-swap in
   * one message (one wait for a busy event loop instead of two). Throws RefConflictError when the ref
   * moved. With `syncLater` the ref's folder sync is left to the returned `durable` (the new ref file
   * is synced before the move either way; only the folder's sync is left).
   */
  async commit(parent: string | null, changes: FileChange[], meta: CommitMeta, opts: { syncLater?: boolean; beforeLanding?: (built: BuiltCommit) => void } = {}): Promise<BuiltCommit & { durable: Promise<void>; timings: { ref: number } }> {
    const prepared = await this.prepareCommit(parent, changes, meta);
    const summary = { ...prepared.summary, timings: { build: prepared.buildSeconds, sync: 0, ref: 0 } };
    try {
      opts.beforeLanding?.(summary);
    } catch (e) {
      // The caller's journal could not be written (a degraded data folder): the objects are written
      // as they were before the journal, so a refusal names the folder's own problem (full,
      // read-only) when it has one. Unreachable objects are harmless; gc prunes them.
      await prepared.sink.finish();
      throw e;
    }
    const objects = prepared.sink.take();
    const landing = process.hrtime.bigint();
    const later = Boolean(opts.syncLater && this.opts.fsync);
    const landed = await gitWriteThreads().landCommit(this.gitdir, objects, BRANCH_REF, parent, prepared.summary.commit, { fsync: this.opts.fsync, syncDir: !later, lockWaitMs: 5000 });
    this.remember(prepared);
    // A large commit's pack is built as part of landing (on the thread): it counts as building the
    // objects; a wait for the thread to load counts as writing them.
    summary.timings.build += landed.packSeconds;
    summary.timings.sync = landed.objectSeconds + landed.waitSeconds;
    summary.timings.ref = Math.max(0, secondsSince(landing) - landed.objectSeconds - landed.packSeconds - landed.waitSeconds);
    return { ...summary, durable: later ? syncRefFolder(this.gitdir, BRANCH_REF) : Promise.resolve() };
  }

  /** A commit's objects built in memory (attachments, streamed from disk, are written as they are read). */
  private async prepareCommit(parent: string | null, changes: FileChange[], meta: CommitMeta): Promise<{ summary: Omit<BuiltCommit, 'timings'>; sink: CommitObjectSink; written: Array<[string, TreeEntry[]]>; buildSeconds: number }> {
    const started = process.hrtime.bigint();
    // A commit this large has its pack built on a git write thread: one starts loading now (a CLI import's first commit) while the objects are built here.
    if (changes.length >= PACK_ON_THREAD_FROM) gitWriteThreads().warm();
    // Many objects (group commits, imports, moves that rewrite many pages) become one packfile: a few fsyncs, not one per object and folder.
    const sink = new CommitObjectSink(this.gitdir, this.opts.fsync);
    const blobs = new Map<string, string>();
    for (const change of changes) {
      if (change.sourceFile) blobs.set(change.path, await writeLooseBlobFromFile(this.gitdir, change.sourceFile, this.opts.fsync));
      else if (change.content != null) blobs.set(change.path, sink.put('blob', change.content));
    }
    const baseTree = parent ? (this.commitTrees.get(parent) ?? (await this.readCommitObject(parent)).tree) : null;
    const nested = nestChanges(changes, blobs);
    const written: Array<[string, TreeEntry[]]> = [];
    const tree = (await this.rewriteTree(baseTree, nested, sink, written)) ?? sink.put('tree', Buffer.alloc(0));
    const timestamp = meta.timestamp ?? Math.floor(Date.now() / 1000);
    const commit = sink.put(
      'commit',
      serializeCommit({ tree, parents: parent ? [parent] : [], author: meta.author, timestamp, message: formatMessage(meta.message, meta.trailers) }),
    );
    return { summary: { commit, tree, parent, blobs }, sink, written, buildSeconds: secondsSince(started) };
  }

  /** Trees and the commit's tree kept for the next commit on top (only once its objects are on disk). */
  private remember(prepared: { summary: { commit: string; tree: string }; written: Array<[string, TreeEntry[]]> }): void {
    for (const [oid, entries] of prepared.written) remember(this.trees, oid, entries);
    remember(this.commitTrees, prepared.summary.commit, prepared.summary.tree);
  }

  /**
   * A writer killed between taking and renaming `main.lock` leaves the lock behind, and every later
   * write would wait on it. Called at start-up: a live holder (CLI, git receive-pack) keeps the lock
   * for milliseconds, so one still there after `waitMs` belongs to a dead process and is removed.
   */
  async clearStaleRefLock(waitMs = 1000): Promise<boolean> {
    const lock = path.join(this.gitdir, `${BRANCH_REF}.lock`);
    const deadline = Date.now() + waitMs;
    while (fs.existsSync(lock)) {
      if (Date.now() >= deadline) {
        fs.rmSync(lock, { force: true });
        return true;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    return false;
  }

  async readFile(filepath: string, commit: string | null = this.head()): Promise<Buffer | null> {
    if (!commit) return null;
    try {
      const { blob } = await this.read((cache) => git.readBlob({ fs: gitFs, gitdir: this.gitdir, oid: commit, filepath, cache }));
      return Buffer.from(blob);
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  /** A blob's bytes as a stream (`git cat-file`), for attachments too large to hold in memory at once. */
  async openBlob(oid: string): Promise<Readable> {
    const child = await spawnGit(['--git-dir', this.gitdir, 'cat-file', 'blob', oid], { env: gitEnv(), stdin: false, stderr: true });
    const out = new PassThrough();
    child.stdout.pipe(out, { end: false });
    void child.closed.then(({ code, stderr }) => {
      if (code === 0) out.end();
      else out.destroy(new Error(`git cat-file blob ${oid} exited with ${code}: ${stderr.trim().slice(0, 200)}`));
    });
    child.stdout.on('end', () => undefined);
    return out;
  }

  async readBlob(oid: string): Promise<Buffer> {
    const { blob } = await this.read((cache) => git.readBlob({ fs: gitFs, gitdir: this.gitdir, oid, cache }));
    return Buffer.from(blob);
  }

  /**
   * Many blobs at once, read by one `git cat-file --batch` (a rebuild reads every page: one at a
   * time through isomorphic-git each read costs several file system calls). A blob git cannot
   * give is read the usual way, so the map holds every oid asked for.
   */
  async readBlobs(oids: string[]): Promise<Map<string, Buffer>> {
    const out = new Map<string, Buffer>();
    const unique = [...new Set(oids)];
    await new PushInspector({ cwd: this.gitdir, env: { GIT_DIR: this.gitdir } }).eachBlob(unique, Number.MAX_SAFE_INTEGER, (oid, content) => {
      out.set(oid, content);
    });
    for (const oid of unique) if (!out.has(oid)) out.set(oid, await this.readBlob(oid));
    return out;
  }

  /** Every file in the commit's tree, depth first, sorted by path. */
  async listFiles(commit: string | null = this.head()): Promise<TreeFile[]> {
    if (!commit) return [];
    const out: TreeFile[] = [];
    const tree = (await this.readCommitObject(commit)).tree;
    await this.walkTree(tree, '', out);
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** Files that differ between two commits (either may be null for the empty tree). */
  async diff(from: string | null, to: string | null): Promise<TreeDiffEntry[]> {
    const a = from ? (await this.readCommitObject(from)).tree : null;
    const b = to ? (await this.readCommitObject(to)).tree : null;
    const out: TreeDiffEntry[] = [];
    await this.diffTrees(a, b, '', out);
    return out;
  }

  async readCommit(oid: string): Promise<CommitSummary> {
    const { commit } = await this.read((cache) => git.readCommit({ fs: gitFs, gitdir: this.gitdir, oid, cache }));
    const { body, trailers } = parseTrailers(commit.message);
    return {
      oid,
      parents: commit.parent,
      message: body,
      author: { name: commit.author.name, email: commit.author.email, timestamp: commit.author.timestamp },
      trailers,
    };
  }

  /**
   * First-parent commits after `since` (exclusive) up to `until` (inclusive), oldest first. `known`:
   * commits someone already read (a push's checks), taken instead of reading them again.
   */
  async firstParentRange(since: string | null, until: string, known?: (oid: string) => CommitSummary | undefined): Promise<CommitSummary[]> {
    const out: CommitSummary[] = [];
    let cursor: string | null = until;
    while (cursor && cursor !== since) {
      const c: CommitSummary = known?.(cursor) ?? (await this.readCommit(cursor));
      out.push(c);
      cursor = c.parents[0] ?? null;
    }
    if (since && cursor !== since) throw new Error(`commit ${since} is not a first-parent ancestor of ${until}`);
    return out.reverse();
  }

  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    if (ancestor === descendant) return true;
    return this.read((cache) => git.isDescendent({ fs: gitFs, gitdir: this.gitdir, oid: descendant, ancestor, depth: -1, cache }));
  }

  private async readCommitObject(oid: string): Promise<{ tree: string; parent: string[] }> {
    const { commit } = await this.read((cache) => git.readCommit({ fs: gitFs, gitdir: this.gitdir, oid, cache }));
    return commit;
  }

  private async readTreeEntries(oid: string): Promise<TreeEntry[]> {
    const known = this.trees.get(oid);
    if (known) return known;
    const { tree } = await this.read((cache) => git.readTree({ fs: gitFs, gitdir: this.gitdir, oid, cache }));
    remember(this.trees, oid, tree as TreeEntry[]);
    return tree as TreeEntry[];
  }

  /** Apply nested changes to a tree; returns the new tree oid, or null when it ends up empty. */
  private async rewriteTree(treeOid: string | null, changes: NestedChanges, sink: ObjectSink, written: Array<[string, TreeEntry[]]>): Promise<string | null> {
    const entries = new Map<string, TreeEntry>();
    if (treeOid) for (const e of await this.readTreeEntries(treeOid)) entries.set(e.path, e);
    for (const [name, change] of changes) {
      const existing = entries.get(name);
      if (change instanceof Map) {
        const subtree = await this.rewriteTree(existing?.type === 'tree' ? existing.oid : null, change, sink, written);
        if (subtree) entries.set(name, { mode: TREE_MODE, path: name, oid: subtree, type: 'tree' });
        else entries.delete(name);
      } else if (change === null) {
        entries.delete(name);
      } else {
        entries.set(name, { mode: FILE_MODE, path: name, oid: change, type: 'blob' });
      }
    }
    if (entries.size === 0) return null;
    const list = [...entries.values()];
    const oid = sink.put('tree', serializeTree(list));
    written.push([oid, list]);
    return oid;
  }

  private async walkTree(treeOid: string, prefix: string, out: TreeFile[]): Promise<void> {
    for (const e of await this.readTreeEntries(treeOid)) {
      const p = prefix ? `${prefix}/${e.path}` : e.path;
      if (e.type === 'tree') await this.walkTree(e.oid, p, out);
      else if (e.type === 'blob') out.push({ path: p, oid: e.oid });
    }
  }

  private async diffTrees(a: string | null, b: string | null, prefix: string, out: TreeDiffEntry[]): Promise<void> {
    if (a === b) return;
    const left = new Map((a ? await this.readTreeEntries(a) : []).map((e) => [e.path, e]));
    const right = new Map((b ? await this.readTreeEntries(b) : []).map((e) => [e.path, e]));
    const names = new Set([...left.keys(), ...right.keys()]);
    for (const name of [...names].sort()) {
      const l = left.get(name);
      const r = right.get(name);
      const p = prefix ? `${prefix}/${name}` : name;
      if (l?.oid === r?.oid && l?.type === r?.type) continue;
      const lTree = l?.type === 'tree' ? l.oid : null;
      const rTree = r?.type === 'tree' ? r.oid : null;
      if (lTree || rTree) await this.diffTrees(lTree, rTree, p, out);
      const lBlob = l?.type === 'blob' ? l.oid : null;
      const rBlob = r?.type === 'blob' ? r.oid : null;
      if (lBlob !== rBlob) out.push({ path: p, oldOid: lBlob, newOid: rBlob });
    }
  }

}

type NestedChanges = Map<string, NestedChanges | string | null>;

/** Trees (and commit trees) kept in memory per repository. */
const REMEMBERED_MAX = 4096;

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.has(key)) return;
  if (map.size >= REMEMBERED_MAX) map.delete(map.keys().next().value!);
  map.set(key, value);
}

function nestChanges(changes: FileChange[], blobs: Map<string, string>): NestedChanges {
  const root: NestedChanges = new Map();
  for (const change of changes) {
    const parts = change.path.split('/');
    let level = root;
    for (const dir of parts.slice(0, -1)) {
      let next = level.get(dir);
      if (!(next instanceof Map)) {
        next = new Map();
        level.set(dir, next);
      }
      level = next;
    }
    level.set(parts[parts.length - 1]!, change.content == null && !change.sourceFile ? null : blobs.get(change.path)!);
  }
  return root;
}

export function formatMessage(message: string, trailers: Record<string, string> = {}): string {
  const body = message.trim();
  const lines = Object.entries(trailers)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}: ${v.replace(/[\r\n]+/g, ' ')}`);
  return lines.length ? `${body}\n\n${lines.join('\n')}\n` : `${body}\n`;
}

/**
 * readCommit's summary of a commit object's text (`raw`, its bytes as UTF-8), read as isomorphic-git
 * reads it: `tree` first, the `parent` lines right after it, the first of any other header (an
 * indented line continues the one before), the message after the first blank line with its CRs and
 * its leading and trailing newlines dropped and one newline put back; null when isomorphic-git
 * would not read it (then readCommit says why).
 */
export function commitSummaryOf(oid: string, raw: string): CommitSummary | null {
  const end = raw.indexOf('\n\n');
  if (end < 0) return null;
  const headers: string[] = [];
  for (const h of raw.slice(0, end).split('\n')) {
    if (h[0] === ' ' && headers.length) headers[headers.length - 1] += `\n${h.slice(1)}`;
    else headers.push(h);
  }
  const keyOf = (h: string) => h.slice(0, h.indexOf(' '));
  const valueOf = (h: string) => h.slice(h.indexOf(' ') + 1);
  if (!headers.length || keyOf(headers[0]!) !== 'tree') return null;
  const parents: string[] = [];
  let i = 1;
  for (; i < headers.length && keyOf(headers[i]!) === 'parent'; i++) parents.push(valueOf(headers[i]!));
  let author: string | undefined;
  for (; i < headers.length && author === undefined; i++) if (keyOf(headers[i]!) === 'author') author = valueOf(headers[i]!);
  const who = author === undefined ? null : /^(.*) <(.*)> (.*) (.*)$/.exec(author);
  if (!who) return null;
  const message = `${raw.slice(end + 2).replace(/\r/g, '').replace(/^\n+/, '').replace(/\n+$/, '')}\n`;
  const { body, trailers } = parseTrailers(message);
  return { oid, parents, message: body, author: { name: who[1]!, email: who[2]!, timestamp: Number(who[3]) }, trailers };
}

export function parseTrailers(message: string): { body: string; trailers: Record<string, string> } {
  const trimmed = message.replace(/\s+$/, '');
  const split = trimmed.lastIndexOf('\n\n');
  const trailers: Record<string, string> = {};
  if (split < 0) return { body: trimmed, trailers };
  const block = trimmed.slice(split + 2).split('\n');
  if (!block.every((l) => /^[A-Za-z][A-Za-z0-9-]*: /.test(l))) return { body: trimmed, trailers };
  for (const line of block) {
    const i = line.indexOf(': ');
    trailers[line.slice(0, i)] = line.slice(i + 2);
  }
  return { body: trimmed.slice(0, split), trailers };
}

function isNotFound(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === 'NotFoundError';
}
