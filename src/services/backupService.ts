// Backup, restore and doctor: the operator's safety net.
//
// Consistency model of a backup taken while the server runs (no lock is held, writes go on):
//   1. the database is copied first, with SQLite's online backup API (one consistent snapshot);
//   2. then each brain listed in that snapshot: its refs are read once and bundled exactly as read
//      (`git bundle create`, from a scratch repository borrowing the live objects).
// The write path moves a brain's ref before it indexes the commit, and refs only move forward,
// so every bundle holds the snapshot's indexed commit or a descendant of it. A restore puts the
// repositories and the database back and catches each index up with its repository
// (`writes.catchUp`), so the restored index matches the restored pages exactly. Writes that land
// between the two steps are in the repositories (and so in the restored pages and changes feed);
// their audit rows are not. The manifest records, per brain, the commit its bundle holds.
import path from 'node:path';
import { isPagePath } from '../domain/paths.js';
import { BrainRepository, BRANCH_REF } from '../storage/git/brainRepository.js';
import { bundleHeads, createBundle, fetchBundle, fsck, isAncestor, readRefs } from '../storage/git/bundleTools.js';
import {
  copyFileDurably,
  ensureDir,
  exists,
  extraDataFiles,
  fileSize,
  isContainedRelativePath,
  isEmptyOrMissing,
  isReservedDataName,
  readText,
  realPathInside,
  resolveInside,
  renameFile,
  sha256File,
  writeFileAtomic,
} from '../storage/backupFiles.js';
import { fsyncPathSync } from '../storage/fsyncs.js';
import { RepoRegistry } from '../storage/repoRegistry.js';
import { databaseFile } from '../storage/sqlite/database.js';
import { inspectSnapshot, type DatabaseHealth, type OpsRepo, type StorageReport } from '../storage/sqlite/opsRepo.js';
import type { WritePath } from '../storage/writePath.js';
import { brainkeepVersion } from '../version.js';
import type { BrainsService } from './brainsService.js';

export const MANIFEST_FILE = 'manifest.json';
const FORMAT = 'brainkeep-backup';
const FORMAT_VERSION = 1;
const DB_FILE = 'brainkeep.db';

export interface ManifestFile {
  path: string;
  sha256: string;
  bytes: number;
}

export interface BackupManifest {
  format: typeof FORMAT;
  formatVersion: number;
  createdAt: string;
  versions: { brainkeep: string; node: string; migrations: number[] };
  database: ManifestFile & { users: number; credentials: number };
  brains: Array<{
    id: string;
    slug: string;
    /** The commit `main` points at in the bundle (null for a brain with no commit yet). */
    head: string | null;
    /** The commit the snapshot's index had reached; an ancestor of (or equal to) head. */
    indexedCommit: string | null;
    refs: Record<string, string>;
    bundle: ManifestFile | null;
    /** The brain was in the trash: its repository is restored into the trash, for `brain restore`. */
    trashed?: boolean;
  }>;
  files: ManifestFile[];
}

export type Progress = (line: string) => void;

export class BackupError extends Error {}

export interface DoctorFinding {
  brainId: string;
  slug: string;
  kind:
    | 'fsck'
    | 'missing_repository'
    | 'index_missing_page'
    | 'index_extra_page'
    | 'index_blob_mismatch'
    | 'index_behind'
    | 'index_diverged'
    | 'stale_pending_write'
    // the database itself (brainId '' and slug 'database'): not a rebuild's to fix
    | 'database_unreachable'
    | 'migrations_missing';
  detail: string;
  repairable: boolean;
}

/**
 * What runs, but in a reduced mode the operator may want to fix: a PostgreSQL extension missing
 * (without pgvector search is exact only; without pg_trgm or unaccent CJK runs and accents are
 * matched more slowly or less widely). Printed, never a reason to exit non-zero.
 */
export interface DoctorWarning {
  kind: 'extension_missing';
  detail: string;
}

export interface DoctorReport {
  /** The database: which backend, whether it answers, its migrations and (PostgreSQL) extensions. */
  database: DatabaseHealth;
  /** What takes the space in the index database (per table with its indexes), its WAL, the markdown; null when it does not answer. */
  storage: StorageReport | null;
  brains: Array<{ brainId: string; slug: string; head: string | null; indexedCommit: string | null; pages: number; fsck: 'ok' | 'failed' | 'skipped' }>;
  findings: DoctorFinding[];
  warnings: DoctorWarning[];
  /** `reconcile`: the differing pages and attachments corrected in place (storage/indexReconciler.ts). */
  repaired: Array<{ brainId: string; slug: string; action: 'reconcile' | 'catch_up'; commits: number; corrected: number }>;
}

export class BackupService {
  constructor(
    private readonly deps: {
      dataDir: string;
      ops: OpsRepo;
      repos: RepoRegistry;
      writes: WritePath;
      brains: BrainsService;
      slugOf: (brainId: string) => string;
      /** Correct one brain's index to its head in place, the reindex's way (no rebuild that drops vectors). */
      reconcile: (brainId: string) => Promise<{ caughtUp: number; corrected: number }>;
    },
  ) {}

  /** Take an online backup into `dir` (missing or empty). Returns the manifest written last. */
  async backup(dir: string, progress: Progress = () => {}): Promise<BackupManifest> {
    const target = path.resolve(dir);
    const dataDir = path.resolve(this.deps.dataDir);
    if (target === dataDir || target.startsWith(`${dataDir}${path.sep}`)) throw new BackupError('The backup folder must be outside the data folder.');
    if (!isEmptyOrMissing(target)) throw new BackupError(`The backup folder ${target} is not empty; choose a new or empty folder.`);
    ensureDir(path.join(target, 'brains'));

    const dbPartial = path.join(target, `${DB_FILE}.partial`);
    await this.deps.ops.snapshotTo(dbPartial);
    fsyncPathSync(dbPartial);
    renameFile(dbPartial, path.join(target, DB_FILE));
    const snapshot = inspectSnapshot(path.join(target, DB_FILE));
    progress(`database: ${snapshot.brains.length} brains, ${snapshot.users} users, ${snapshot.credentials} credentials`);

    const brains: BackupManifest['brains'] = [];
    for (const b of snapshot.brains) {
      // A brain in the trash is bundled from there (a delete moves the repository under its write
      // lock, after the row is marked; a restore moves it back before the mark is cleared).
      const trashed = b.trashed ? { trashed: true } : {};
      const gitdir = this.locate(b.id, b.trashed);
      if (!BrainRepository.exists(gitdir)) throw new BackupError(`The repository of brain ${b.slug} (${gitdir}) is missing.`);
      const repo = new BrainRepository(gitdir, { fsync: false });
      if (!repo.head()) {
        // Only a brain caught mid-creation has no commit; it is restored as an empty repository.
        brains.push({ id: b.id, slug: b.slug, head: null, indexedCommit: b.indexedCommit, refs: {}, bundle: null, ...trashed });
        progress(`brain ${b.slug}: no commit yet, nothing to bundle`);
        continue;
      }
      const rel = `brains/${b.id}.bundle`;
      const file = path.join(target, rel);
      // The refs are read once, after the database snapshot, and the bundle holds exactly them.
      const read = await readRefs(gitdir);
      if (!read.get(BRANCH_REF)) throw new BackupError(`The repository of brain ${b.slug} has no ${BRANCH_REF}.`);
      const refs = await createBundle(gitdir, file, read);
      fsyncPathSync(file);
      const head = refs.get(BRANCH_REF) ?? null;
      if (head !== read.get(BRANCH_REF)) throw new BackupError(`The bundle of brain ${b.slug} does not hold the ${BRANCH_REF} that was read.`);
      if (b.indexedCommit && !(await isAncestor(gitdir, b.indexedCommit, head))) {
        throw new BackupError(`Brain ${b.slug}: the indexed commit ${b.indexedCommit} is not an ancestor of ${head}; run \`brainkeep doctor\` first.`);
      }
      brains.push({ id: b.id, slug: b.slug, head, indexedCommit: b.indexedCommit, refs: Object.fromEntries(refs), bundle: { path: rel, sha256: sha256File(file), bytes: fileSize(file) }, ...trashed });
      progress(`brain ${b.slug}: bundled ${head.slice(0, 12)}${b.trashed ? ' (in the trash)' : ''}`);
    }

    // Files (inbox content) are copied after the snapshot: content-addressed, so a superset is harmless.
    const files: ManifestFile[] = [];
    for (const rel of extraDataFiles(this.deps.dataDir)) {
      try {
        files.push({ path: `files/${rel}`, ...copyFileDurably(path.join(this.deps.dataDir, rel), path.join(target, 'files', rel)) });
      } catch (e) {
        // Removed between listing and copying (an item purged meanwhile): the snapshot may still name it.
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
    if (files.length) progress(`files: ${files.length} copied`);

    const manifest: BackupManifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      versions: { brainkeep: brainkeepVersion(), node: process.version, migrations: snapshot.migrations },
      database: { path: DB_FILE, sha256: sha256File(path.join(target, DB_FILE)), bytes: fileSize(path.join(target, DB_FILE)), users: snapshot.users, credentials: snapshot.credentials },
      brains,
      files,
    };
    writeFileAtomic(path.join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  }

  /**
   * Where a brain's repository is for the backup. The snapshot may be a moment behind a delete or
   * a restore that moved it meanwhile: then it is at the other place, and is bundled from there.
   */
  private locate(brainId: string, trashed: boolean): string {
    const live = this.deps.repos.gitdirOf(brainId);
    const trash = this.deps.repos.trashGitdirOf(brainId);
    const [first, second] = trashed ? [trash, live] : [live, trash];
    return BrainRepository.exists(first) || !BrainRepository.exists(second) ? first : second;
  }

  /**
   * The second half of a restore, run on the container opened over the restored folder:
   * finish or discard journalled writes, catch every index up with its repository, and
   * check that each brain ends where its bundle did.
   */
  async finishRestore(manifest: BackupManifest, recover: () => Promise<{ finished: number; discarded: number }>, progress: Progress = () => {}): Promise<{ caughtUp: number }> {
    const recovered = await recover();
    if (recovered.finished || recovered.discarded) progress(`journal: ${recovered.finished} writes finished, ${recovered.discarded} discarded`);
    let caughtUp = 0;
    for (const b of manifest.brains) {
      if (b.trashed) {
        // Its index rows wait in the database as they were; `brain restore` brings the brain back.
        const head = new BrainRepository(this.deps.repos.trashGitdirOf(b.id), { fsync: false }).head();
        if (head !== b.head) throw new BackupError(`Brain ${b.slug} (in the trash): after restore the head is ${head ?? 'none'}; the backup says ${b.head ?? 'none'}.`);
        progress(`brain ${b.slug}: in the trash at ${(b.head ?? 'no commit').slice(0, 12)}`);
        continue;
      }
      const before = b.indexedCommit;
      caughtUp += await this.deps.writes.catchUp(b.id);
      const { indexedCommit } = this.deps.ops.indexState(b.id);
      const head = this.deps.repos.get(b.id).head();
      if (head !== b.head || indexedCommit !== b.head) {
        throw new BackupError(`Brain ${b.slug}: after restore the head is ${head ?? 'none'} and the index is at ${indexedCommit ?? 'none'}; the backup says ${b.head ?? 'none'}.`);
      }
      progress(`brain ${b.slug}: ${before === b.head ? 'index matched' : 'index caught up'} at ${(b.head ?? 'no commit').slice(0, 12)}`);
    }
    return { caughtUp };
  }

  /** Check every repository (git fsck) and compare the index with it; with `repair`, fix the index. */
  async doctor(opts: { repair: boolean }, progress: Progress = () => {}): Promise<DoctorReport> {
    const database = this.deps.ops.databaseHealth();
    const report: DoctorReport = { database, storage: null, brains: [], findings: [], warnings: [], repaired: [] };
    const atDatabase = (kind: DoctorFinding['kind'], detail: string) => report.findings.push({ brainId: '', slug: 'database', kind, detail, repairable: false });
    if (!database.connected) {
      atDatabase('database_unreachable', database.problem ?? 'the database does not answer');
      return report;
    }
    for (const m of database.migrations.missing) atDatabase('migrations_missing', `migration ${m.version} (${m.name}) is not applied; start a node of this version to apply it`);
    for (const x of database.extensions) if (!x.installed) report.warnings.push({ kind: 'extension_missing', detail: x.problem ?? `${x.name} is not installed` });
    // SQLite measures its file and WAL in the data folder; PostgreSQL its tables (pg_total_relation_size).
    report.storage = this.deps.ops.storage(database.backend === 'sqlite' ? databaseFile(this.deps.dataDir) : null);
    const stale = this.deps.ops.stalePendingWrites(60_000);
    for (const brainId of this.deps.ops.brainIds()) {
      const slug = this.deps.slugOf(brainId);
      const found = (kind: DoctorFinding['kind'], detail: string, repairable: boolean) => report.findings.push({ brainId, slug, kind, detail, repairable });
      const gitdir = this.deps.repos.gitdirOf(brainId);
      if (!BrainRepository.exists(gitdir)) {
        found('missing_repository', `${gitdir} is missing`, false);
        report.brains.push({ brainId, slug, head: null, indexedCommit: null, pages: 0, fsck: 'skipped' });
        continue;
      }
      const repo = this.deps.repos.get(brainId);
      const checked = await fsck(gitdir, () => repo.repackEpoch);
      if (!checked.ok) found('fsck', checked.output, false);
      for (const p of stale.filter((s) => s.brainId === brainId)) {
        found('stale_pending_write', `journal row ${p.id} for commit ${p.newCommit} since ${p.createdAt}; a server start recovers it`, false);
      }
      const head = repo.head();
      const { indexedCommit, blobs } = this.deps.ops.indexState(brainId);
      let needs: 'rebuild' | 'catch_up' | null = null;
      if (indexedCommit !== head) {
        let reachable = false;
        if (indexedCommit && head) reachable = await isAncestor(gitdir, indexedCommit, head).catch(() => false);
        if (!head || (indexedCommit && !reachable)) {
          found('index_diverged', `the index is at ${indexedCommit ?? 'nothing'}, which is not in the history of ${head ?? 'an empty repository'}`, true);
          needs = 'rebuild';
        } else if (!(await this.caughtUpSoon(brainId, gitdir, head))) {
          const behind = (await repo.firstParentRange(indexedCommit, head)).length;
          found('index_behind', `the index is ${behind} commit(s) behind ${head.slice(0, 12)}`, true);
          needs = 'catch_up';
        }
      }
      // Compare the index with the tree of the commit it claims to hold.
      const atIndexed = indexedCommit && needs !== 'rebuild' ? (await repo.listFiles(indexedCommit)).filter((f) => isPagePath(f.path)) : [];
      const tree = new Map(atIndexed.map((f) => [f.path, f.oid]));
      const diffs: string[] = [];
      for (const [p, oid] of tree) {
        const indexed = blobs.get(p);
        if (indexed === undefined) {
          found('index_missing_page', `${p} is in the repository but not in the index`, true);
          diffs.push(p);
        } else if (indexed !== oid) {
          found('index_blob_mismatch', `${p}: the index holds blob ${indexed.slice(0, 12)}, the repository ${oid.slice(0, 12)}`, true);
          diffs.push(p);
        }
      }
      if (needs !== 'rebuild') {
        for (const p of blobs.keys()) {
          if (!tree.has(p)) {
            found('index_extra_page', `${p} is in the index but not in the repository`, true);
            diffs.push(p);
          }
        }
      }
      if (diffs.length) needs = 'rebuild';
      report.brains.push({ brainId, slug, head, indexedCommit, pages: blobs.size, fsck: checked.ok ? 'ok' : 'failed' });
      progress(`brain ${slug}: fsck ${checked.ok ? 'ok' : 'FAILED'}, ${blobs.size} indexed pages, ${diffs.length} differences${needs ? `, index needs ${needs.replace('_', ' ')}` : ''}`);
      if (opts.repair && needs) {
        await this.deps.brains.schemaOf(brainId);
        // The reconcile catches up along the history first, then corrects what still differs, in
        // short transactions a running server's writes interleave with; unchanged chunks keep their vectors.
        const { caughtUp, corrected } = await this.deps.reconcile(brainId);
        const action = needs === 'rebuild' ? 'reconcile' : 'catch_up';
        report.repaired.push({ brainId, slug, action, commits: caughtUp, corrected });
        progress(`brain ${slug}: ${action === 'reconcile' ? `corrected ${corrected} index entries` : 'caught the index up'} (${caughtUp} commits)`);
      }
    }
    return report;
  }

  /** A running server indexes a commit right after moving the branch: give a write in flight a moment. */
  private async caughtUpSoon(brainId: string, gitdir: string, head: string): Promise<boolean> {
    await new Promise((r) => setTimeout(r, 1000));
    const now = this.deps.ops.indexState(brainId).indexedCommit;
    return now != null && (now === head || (await isAncestor(gitdir, head, now).catch(() => false)));
  }
}

/**
 * The first half of a restore, before any database is opened: check the backup (manifest,
 * checksums, bundles), refuse a data folder that is not empty, then put the repositories,
 * the database and the files in place.
 */
/**
 * Restore a backup's files into an empty data folder (`brainkeep restore`), before anything opens
 * the database there; `BackupService.finishRestore` completes it once a container exists.
 */
export function restoreIntoDataDir(backupDir: string, dataDir: string, progress: Progress = () => {}): Promise<BackupManifest> {
  return restoreFiles(backupDir, dataDir, new RepoRegistry(dataDir, true), progress);
}

export async function restoreFiles(backupDir: string, dataDir: string, repos: RepoPlaces, progress: Progress = () => {}): Promise<BackupManifest> {
  const source = path.resolve(backupDir);
  const manifestPath = path.join(source, MANIFEST_FILE);
  if (!exists(manifestPath)) throw new BackupError(`${source} holds no ${MANIFEST_FILE}; it is not a complete Brainkeep backup.`);
  const manifest = JSON.parse(readText(manifestPath)) as BackupManifest;
  if (manifest.format !== FORMAT || manifest.formatVersion !== FORMAT_VERSION) throw new BackupError(`Unsupported backup format ${String(manifest.format)} v${String(manifest.formatVersion)}.`);
  if (!isEmptyOrMissing(dataDir)) throw new BackupError(`The data folder ${dataDir} is not empty; restore only into an empty or new folder.`);
  checkManifestPaths(manifest, source, dataDir, repos);

  const all: ManifestFile[] = [manifest.database, ...manifest.brains.flatMap((b) => (b.bundle ? [b.bundle] : [])), ...manifest.files];
  for (const f of all) {
    const file = path.join(source, f.path);
    if (!exists(file)) throw new BackupError(`The backup is incomplete: ${f.path} is missing.`);
    if (!realPathInside(source, file)) throw new BackupError(`The backup is refused: ${f.path} is a link that leads outside the backup folder.`);
    if (sha256File(file) !== f.sha256) throw new BackupError(`The backup is damaged: the checksum of ${f.path} does not match.`);
  }
  progress(`checked ${all.length} files against the manifest`);

  ensureDir(dataDir);
  for (const b of manifest.brains) {
    const gitdir = b.trashed === true ? repos.trashGitdirOf(b.id) : repos.gitdirOf(b.id);
    ensureDir(path.dirname(gitdir));
    await new BrainRepository(gitdir, { fsync: true }).init();
    if (b.bundle) {
      const bundle = path.join(source, b.bundle.path);
      const heads = await bundleHeads(bundle, gitdir);
      if (heads.get(BRANCH_REF) !== b.head) throw new BackupError(`The bundle of brain ${b.slug} does not hold the commit the manifest names.`);
      await fetchBundle(gitdir, bundle);
    }
    progress(`brain ${b.slug}: repository restored${b.trashed === true ? ' into the trash' : ''} at ${(b.head ?? 'no commit').slice(0, 12)}`);
  }
  for (const f of manifest.files) copyFileDurably(path.join(source, f.path), resolveInside(dataDir, f.path.slice('files/'.length))!);
  // The database goes in last: a restore interrupted before this point leaves no database, so no server starts on it.
  copyFileDurably(path.join(source, manifest.database.path), databaseFile(dataDir));
  progress(`database restored (${manifest.database.users} users, ${manifest.database.credentials} credentials)`);
  return manifest;
}

const BRAIN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** Where a restore puts each brain's repository: with the live ones, or in the trash. */
type RepoPlaces = { gitdirOf(id: string): string; trashGitdirOf(id: string): string };

/**
 * Every path a manifest names must stay where a backup puts it, checked before the restore reads
 * a byte or writes anything: sources inside the backup folder, restored files inside the data
 * folder (and never over the database or a repository), repositories under `brains/`.
 * A manifest is data from wherever the backup came from; `../`, an absolute path or an odd
 * brain id would otherwise read or write anywhere the operator's account can.
 */
function checkManifestPaths(manifest: BackupManifest, source: string, dataDir: string, repos: RepoPlaces): void {
  const refuse: (what: string) => never = (what) => {
    throw new BackupError(`The backup is refused: ${what}. Nothing was restored.`);
  };
  if (!manifest.database || typeof manifest.database !== 'object' || !Array.isArray(manifest.brains) || !Array.isArray(manifest.files)) refuse('the manifest is malformed');
  const sourceFile = (f: ManifestFile | null | undefined, what: string): void => {
    if (!f || typeof f !== 'object' || !resolveInside(source, f.path)) refuse(`the ${what} path ${JSON.stringify(f?.path)} leads outside the backup folder`);
  };
  sourceFile(manifest.database, 'database');
  const ids = new Set<string>();
  for (const b of manifest.brains) {
    if (!b || typeof b !== 'object' || typeof b.id !== 'string' || !BRAIN_ID.test(b.id)) refuse(`the brain id ${JSON.stringify(b?.id)} is not a valid id`);
    if (ids.has(b.id)) refuse(`brain ${b.id} is listed twice`);
    ids.add(b.id);
    // The id names the repository folder: one plain segment, so the repository stays beside the others.
    if (b.trashed !== undefined && typeof b.trashed !== 'boolean') refuse(`brain ${b.id} has a malformed trashed flag`);
    const [gitdir, probe] = b.trashed === true ? [repos.trashGitdirOf(b.id), repos.trashGitdirOf('probe')] : [repos.gitdirOf(b.id), repos.gitdirOf('probe')];
    if (path.dirname(gitdir) !== path.dirname(probe)) refuse(`the repository of brain ${b.id} would land outside the repositories folder`);
    if (b.bundle != null) sourceFile(b.bundle, `bundle of brain ${b.id}`);
  }
  const targets = new Set<string>();
  for (const f of manifest.files) {
    sourceFile(f, 'file');
    const rel = f.path.startsWith('files/') ? f.path.slice('files/'.length) : null;
    if (!rel || !isContainedRelativePath(rel) || !resolveInside(dataDir, rel)) refuse(`the file ${JSON.stringify(f.path)} would land outside the data folder`);
    if (isReservedDataName(rel.split('/')[0]!)) refuse(`the file ${JSON.stringify(f.path)} would overwrite the database, a repository or the model cache`);
    if (targets.has(rel)) refuse(`the file ${JSON.stringify(f.path)} is listed twice`);
    targets.add(rel);
  }
}

/** One line on the database for the doctor's report: backend, migrations, extensions. */
export function describeHealth(d: DatabaseHealth): string {
  const name = d.backend === 'postgres' ? 'PostgreSQL' : 'SQLite';
  if (!d.connected) return `${name}, not answering: ${d.problem ?? 'no reason given'}`;
  const applied = d.migrations.known - d.migrations.missing.length;
  const ext = d.extensions.map((x) => `${x.name}${x.installed ? '' : ' MISSING'}`).join(', ');
  return `${name}, migrations ${applied}/${d.migrations.known} applied, extensions ${ext}`;
}

