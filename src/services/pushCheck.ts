// The checks a git push must pass before its ref moves: the domain's push rules applied to
// what the push holds, read from receive-pack's quarantine. Returns the problems found (none:
// accept). Per commit against its first parent for paths, modes, sizes and content (what the
// index will see, commit by commit); on the net change for the .brain/ role, so a Write user
// may push a merge that brings in an Admin's API edit of .brain/. Cheap checks come first
// (refs, messages, paths, modes, sizes from object headers); blob contents are read only when
// those pass, one blob at a time, and the first problem in them ends the reading.
import { DEFAULT_MAX_FILE_BYTES, isFilePath, kindOfPath } from '../domain/files.js';
import { isBrainConfigPath, isPagePath } from '../domain/paths.js';
import type { DerivedPage } from '../domain/pageDerivation.js';
import {
  SCHEMA_PATH,
  MAX_PUSHED_FILE_BYTES,
  ZERO_OID,
  brainDirProblem,
  checkContent,
  messageProblem,
  modeProblem,
  nonFastForwardProblem,
  pathProblem,
  refUpdateProblem,
  roleProblem,
  sizeProblem,
  type RefUpdate,
} from '../domain/pushRules.js';
import type { Role } from '../domain/roles.js';
import { commitSummaryOf, type CommitSummary, type TreeDiffEntry } from '../storage/git/brainRepository.js';
import { EMPTY_TREE, type ChangedFile, type PushedCommit, type PushInspector } from '../storage/git/pushInspector.js';
import type { GitChild } from '../storage/git/gitSpawner.js';
import type { KnownObjects } from '../storage/writePath.js';
import type { IndexEntry } from '../storage/sqlite/pageIndexRepo.js';

const MAX_SHOWN = 20;

export function parseRefUpdates(text: string): RefUpdate[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const [oldOid = '', newOid = '', ref = ''] = line.split(' ');
      return { oldOid, newOid, ref };
    });
}

/** Pushed blob content kept for the index, per push; beyond it the index reads the repository. */
const MAX_KEPT_BYTES = 64 * 1024 * 1024;
/** Pushed commits' text kept for the catch-up, per push (a usual push's commits take a few KB). */
const MAX_KEPT_COMMIT_BYTES = 1024 * 1024;

/**
 * What the checks read of an accepted push (each commit's diff against its first parent, every
 * pushed blob), handed to the index so it does not read the same objects again.
 */
export class PushedObjects implements KnownObjects {
  private readonly diffs = new Map<string, TreeDiffEntry[]>();
  private readonly blobs = new Map<string, Buffer>();
  private readonly texts = new Map<string, string>();
  private readonly commits = new Map<string, string>();
  private bytes = 0;
  private commitBytes = 0;
  /** The accepted ref update and the paths it changes (first to last commit), once checked. */
  net: { from: string | null; to: string; paths: string[] } | null = null;
  /**
   * The pushed pages whose derivation started once the checks passed (deriveEarly), by path and
   * blob, and the link rules they were derived with (`rules`, as `rulesNow` answered then).
   */
  private early: { entries: Map<string, IndexEntry>; ahead: { close(): void } | null; rules: unknown; rulesNow: () => unknown } | null = null;
  /** Closed (the catch-up is over, or the push failed): a check that ends later starts nothing. */
  private closed = false;

  diff(base: string | null, commit: string): TreeDiffEntry[] | undefined {
    return this.diffs.get(`${base ?? EMPTY_TREE}..${commit}`);
  }

  blob(oid: string): Buffer | undefined {
    return this.blobs.get(oid);
  }

  text(oid: string): string | undefined {
    return this.texts.get(oid);
  }

  /**
   * The early derivation of a page version, only while the brain's link rules are the ones it was
   * derived with (the cache may have been dropped and read again meanwhile, a brain restored from
   * the trash): else the catch-up derives it with the rules it stamps.
   */
  derive(path: string, oid: string): (() => DerivedPage | undefined) | undefined {
    const early = this.early;
    if (!early || early.rulesNow() !== early.rules) return undefined;
    return early.entries.get(`${path}\u0000${oid}`)?.derive;
  }

  /**
   * Start deriving the pushed pages now (`start`: WritePath.deriveAhead), once the checks passed
   * and before receive-pack moves the ref and the catch-up indexes them: the derivation thread
   * gets the time receive-pack takes to finish as a head start, and the index transaction then
   * mostly inserts. Nothing is indexed here. A push that changes .brain/ is derived by the
   * catch-up (its link rules may change with it). `rulesNow`: the brain's link rules as the index
   * reads them (the same object while they are unchanged); a derivation is handed out only while
   * they are the ones `start` derived with. Close it once the catch-up is over; once closed,
   * nothing starts (a check may end after receive-pack died and the push was given up).
   */
  deriveEarly(start: (entries: IndexEntry[]) => { close(): void } | null, rulesNow: () => unknown): void {
    if (this.closed || this.early || !this.net || this.net.paths.some(isBrainConfigPath)) return;
    const entries = new Map<string, IndexEntry>();
    for (const diff of this.diffs.values()) {
      for (const d of diff) {
        const markdown = d.newOid != null && isPagePath(d.path) ? this.texts.get(d.newOid) : undefined;
        if (markdown !== undefined) entries.set(`${d.path}\u0000${d.newOid}`, { op: 'put', path: d.path, markdown });
      }
    }
    const rules = rulesNow();
    this.early = { entries, ahead: start([...entries.values()]), rules, rulesNow };
  }

  /** Stop the early derivation (the catch-up took what it needed), and any later one. */
  close(): void {
    this.closed = true;
    this.early?.ahead?.close();
    this.early = null;
  }

  /** `files` as `git diff-tree -r` gave them, kept in the shape and order of BrainRepository.diff. */
  keepDiff(base: string, commit: string, files: ChangedFile[]): void {
    const entries: TreeDiffEntry[] = [];
    for (const f of files) {
      const oldOid = isBlobMode(f.oldMode) ? f.oldOid : null;
      const newOid = !f.deleted && isBlobMode(f.mode) ? f.oid : null;
      if (oldOid !== newOid) entries.push({ path: f.path, oldOid, newOid });
    }
    entries.sort((a, b) => comparePaths(a.path, b.path));
    this.diffs.set(`${base}..${commit}`, entries);
  }

  /**
   * A pushed commit's text, for its summary: the catch-up reads the commits the checks read. Only
   * up to MAX_KEPT_COMMIT_BYTES in all (counted as two bytes a character), so that the checks of a
   * push of many large commits still hold about one message at a time; the rest are read again.
   */
  keepCommit(oid: string, raw: string): void {
    const bytes = 2 * raw.length;
    if (this.commits.has(oid) || this.commitBytes + bytes > MAX_KEPT_COMMIT_BYTES) return;
    this.commitBytes += bytes;
    this.commits.set(oid, raw);
  }

  commit(oid: string): CommitSummary | undefined {
    const raw = this.commits.get(oid);
    return raw === undefined ? undefined : (commitSummaryOf(oid, raw) ?? undefined);
  }

  keepBlob(oid: string, content: Buffer): void {
    if (this.blobs.has(oid) || this.bytes + content.length > MAX_KEPT_BYTES) return;
    this.bytes += content.length;
    this.blobs.set(oid, content);
  }

  /** A blob's text as the checks decoded it (counted as two bytes a character: what a string may take). */
  keepText(oid: string, text: string): void {
    const bytes = 2 * text.length;
    if (this.texts.has(oid) || this.bytes + bytes > MAX_KEPT_BYTES) return;
    this.bytes += bytes;
    this.texts.set(oid, text);
  }
}

/** Regular files and symlinks: what a tree walk sees as blobs (not gitlinks, not the `000000` of a missing side). */
function isBlobMode(mode: string): boolean {
  return mode.startsWith('100') || mode.startsWith('120');
}

/** Name by name, as a walk of the trees in sorted order meets the files. */
function comparePaths(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  }
  // A folder's files come before a file of the same name (a file replaced by a folder).
  return y.length - x.length;
}

export async function checkPush(git: PushInspector, updates: RefUpdate[], role: Role, kept?: PushedObjects, maxFileBytes: number = DEFAULT_MAX_FILE_BYTES): Promise<string[]> {
  const rp = roleProblem(role);
  if (rp) return [rp];
  const problems: string[] = [];
  for (const u of updates) {
    await checkUpdate(git, u, role, problems, kept, maxFileBytes);
    if (problems.length) break; // one reason is enough to refuse: read no further
  }
  return [...new Set(problems)];
}

async function checkUpdate(git: PushInspector, u: RefUpdate, role: Role, problems: string[], kept: PushedObjects | undefined, maxFileBytes: number): Promise<void> {
  const refProblem = refUpdateProblem(u);
  if (refProblem) return void problems.push(refProblem);
  // The independent reads start together (each is a git process); their findings are taken in
  // the order the rules are listed, so a refusal reads the same whichever finished first.
  const newCommits = git.newCommits(u.newOid);
  const base = u.oldOid === ZERO_OID ? EMPTY_TREE : u.oldOid;
  const netChange = git.changedFiles(base, u.newOid);
  for (const p of [newCommits, netChange]) (p as Promise<unknown>).catch(() => undefined);
  // The processes that read the sizes and the contents start now too, beside the diff, so that
  // their starts are off the checks' critical path; they read nothing until they are told which
  // blobs (the contents only once every cheaper rule passed), and are stopped unused on a refusal.
  // So does the one that reads the new commits' messages: started once the list of new commits
  // came, it put a process start between that list and every later check. (All three start for
  // every update, also one refused as a non-fast-forward before any of them reads.)
  const readers: Readers = { messages: git.startBlobReader(), sizes: git.startSizeReader(), contents: git.startBlobReader() };
  try {
    await checkPushed(git, u, role, problems, kept, maxFileBytes, { newCommits, netChange, base }, readers);
  } finally {
    for (const r of [readers.messages, readers.sizes, readers.contents]) if (r) await git.stopBlobReader(r);
  }
}

/** The git processes started ahead of the checks that read through them; each is set to null once handed on (the taker ends it). */
interface Readers {
  messages: Promise<GitChild> | null;
  sizes: Promise<GitChild> | null;
  contents: Promise<GitChild> | null;
}

async function checkPushed(
  git: PushInspector,
  u: RefUpdate,
  role: Role,
  problems: string[],
  kept: PushedObjects | undefined,
  maxFileBytes: number,
  started: { newCommits: Promise<PushedCommit[]>; netChange: Promise<ChangedFile[]>; base: string },
  readers: Readers,
): Promise<void> {
  const { newCommits, netChange, base } = started;
  // A pushed commit whose parent is the old tip proves the fast-forward (that commit is reached
  // from the new tip); only otherwise does git walk the history to tell.
  const fastForward =
    u.oldOid === ZERO_OID || (await newCommits.catch(() => [])).some((c) => c.parents.includes(u.oldOid)) || (await git.isAncestor(u.oldOid, u.newOid));
  if (!fastForward) return void problems.push(nonFastForwardProblem(u.ref));

  // blob oid -> one path per kind it was pushed as (a page, the schema, each file kind): the same
  // bytes at a.png and b.md must pass the rules of both.
  const blobPaths = new Map<string, Map<string, string>>();
  const checked = new Set<string>();
  const refused = new Set<string>();
  const commits = await newCommits;
  // The messages stream from one git process, each checked as it arrives: only problems are kept.
  const messageProblems = new Map<string, string>();
  const messageReader = readers.messages!;
  readers.messages = null; // eachCommitMessage ends it
  const messages = git.eachCommitMessage(
    commits.map((c) => c.oid),
    (oid, message, raw) => {
      const problem = messageProblem(oid, message);
      if (problem) messageProblems.set(oid, problem);
      else kept?.keepCommit(oid, raw);
    },
    messageReader,
  );
  messages.catch(() => undefined);
  // (With no new commit, a fast-forward to a commit the repository holds, the loop below never
  // waits for the messages: this does, so the reader is gone before the verdict goes out.)
  if (!commits.length) await messages;
  for (const c of commits) {
    const commitBase = c.parents[0] ?? EMPTY_TREE;
    // A push of one commit on top of the tip (the usual push) has the net change as its diff.
    const files = commitBase === base && c.oid === u.newOid ? await netChange : await git.changedFiles(commitBase, c.oid);
    await messages;
    const msg = messageProblems.get(c.oid);
    if (msg) problems.push(msg);
    kept?.keepDiff(commitBase, c.oid, files);
    for (const f of files) {
      if (f.deleted) continue;
      const key = `${f.path}\u0000${f.mode}`;
      if (!checked.has(key)) {
        checked.add(key);
        const problem = f.utf8 ? (modeProblem(f.path, f.mode) ?? pathProblem(f.path)) : `${f.path}: the file name is not valid UTF-8`;
        if (problem) {
          problems.push(problem);
          refused.add(key);
        }
      }
      if (!refused.has(key)) {
        let kinds = blobPaths.get(f.oid);
        if (!kinds) blobPaths.set(f.oid, (kinds = new Map()));
        const kind = blobKind(f.path);
        if (!kinds.has(kind)) kinds.set(kind, f.path);
      }
    }
  }

  const brainPaths = (await netChange).map((f) => f.path).filter(isBrainConfigPath);
  const brainDir = brainDirProblem(role, brainPaths);
  if (brainDir) problems.push(brainDir);
  // The schema was there before and is gone after exactly when the net change deletes it (a
  // file turned into a folder shows as its deletion too).
  if ((await netChange).some((f) => f.path === SCHEMA_PATH && f.deleted)) {
    problems.push(`${SCHEMA_PATH}: the brain's schema cannot be deleted`);
  }

  // Sizes from the object headers: nothing over the limit is ever read. The process that reads
  // the contents is told which blobs only once the sizes passed.
  const sizeReader = readers.sizes!;
  readers.sizes = null; // blobSizes ends it
  const sizes = await git.blobSizes([...blobPaths.keys()], sizeReader);
  for (const [oid, kinds] of blobPaths) {
    for (const path of kinds.values()) {
      const problem = sizeProblem(path, sizes.get(oid) ?? 0, maxFileBytes);
      if (problem) problems.push(problem);
    }
  }
  // Refuse early: a push already refused is not read any further. Otherwise the contents stream
  // one blob at a time, and the first bad one ends the reading.
  if (problems.length) return;
  const reader = readers.contents!;
  readers.contents = null; // eachBlob ends it
  await git.eachBlob([...blobPaths.keys()], Math.max(MAX_PUSHED_FILE_BYTES, maxFileBytes), (oid, content) => {
    let text: string | undefined;
    for (const path of blobPaths.get(oid)!.values()) {
      const checked = checkContent(path, content);
      if (checked.problem) {
        problems.push(checked.problem);
        return false;
      }
      text ??= checked.text;
    }
    // A page's text is what the index wants (decoded once, here); a file's bytes.
    if (text !== undefined) kept?.keepText(oid, text);
    if ([...blobPaths.get(oid)!.keys()].some((k) => k.startsWith('file:'))) kept?.keepBlob(oid, content);
    return true;
  }, reader);
  // The accepted ref update, for the schema cache (set only once every check passed).
  if (kept && !problems.length) kept.net = { from: u.oldOid === ZERO_OID ? null : u.oldOid, to: u.newOid, paths: (await netChange).map((f) => f.path) };
}

/** What a blob's content is checked as at `path`: a page (or other text), the schema, or a file kind. */
function blobKind(path: string): string {
  if (path === SCHEMA_PATH) return 'schema';
  return isFilePath(path) ? `file:${kindOfPath(path)}` : 'text';
}

/** What the client prints (as `remote:` lines) when a push is refused. */
export function refusalMessage(problems: string[]): string {
  const lines = ['Brainkeep refused this push; nothing was changed:'];
  for (const p of problems.slice(0, MAX_SHOWN)) lines.push(`  - ${p}`);
  if (problems.length > MAX_SHOWN) lines.push(`  ... and ${problems.length - MAX_SHOWN} more`);
  lines.push('Fix the commits (for example with git commit --amend or git rebase -i) and push again.');
  return `${lines.join('\n')}\n`;
}
