// File-level pieces of backup and restore: which files of the data folder a backup carries
// besides the database and the repositories, copying with checksums, and emptiness checks.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fsyncPathSync } from './fsyncs.js';

/**
 * Not copied as files: the database (snapshotted through SQLite), the repositories (bundled,
 * those in the trash too), temp and lock files, and `models/` (a cache converted from an npm
 * package on demand).
 */
const SKIP_TOP = new Set(['brainkeep.db', 'brainkeep.db-wal', 'brainkeep.db-shm', 'brainkeep.db-journal', 'brains', 'trash', 'models']);

function skipped(name: string): boolean {
  return name === '.tmp' || name.endsWith('.tmp') || name.endsWith('.lock') || name.endsWith('.partial');
}

/** Data-folder files a backup carries as plain files (e.g. inbox content), relative POSIX paths. */
export function extraDataFiles(dataDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const d of entries) {
      if (skipped(d.name) || (rel === '' && SKIP_TOP.has(d.name))) continue;
      const r = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) walk(path.join(dir, d.name), r);
      else if (d.isFile()) out.push(r);
    }
  };
  walk(dataDir, '');
  return out.sort();
}

/**
 * True when `rel` is a plain relative POSIX path that stays where it is put: no absolute path
 * (POSIX or Windows), no drive letter, no backslash, no NUL, no empty, `.` or `..` segment.
 */
export function isContainedRelativePath(rel: unknown): rel is string {
  if (typeof rel !== 'string' || !rel || rel.length > 4096) return false;
  if (rel.includes('\0') || rel.includes('\\') || path.posix.isAbsolute(rel) || path.win32.isAbsolute(rel) || /^[A-Za-z]:/.test(rel)) return false;
  return rel.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

/** `root/rel` when it resolves inside `root` (lexically); null otherwise. */
export function resolveInside(root: string, rel: unknown): string | null {
  if (!isContainedRelativePath(rel)) return null;
  const base = path.resolve(root);
  const full = path.resolve(base, rel);
  return full.startsWith(`${base}${path.sep}`) ? full : null;
}

/**
 * True when `file` exists and, with every symbolic link on its way resolved, is still inside
 * `root`: a backup folder holding a link to /etc/shadow (or a linked folder) is refused.
 */
export function realPathInside(root: string, file: string): boolean {
  try {
    const base = fs.realpathSync(root);
    return fs.realpathSync(file).startsWith(`${base}${path.sep}`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ELOOP') return false;
    throw e;
  }
}

/** Top-level names of the data folder that a backup never carries as plain files (so a restore never writes them as such). */
export function isReservedDataName(top: string): boolean {
  return SKIP_TOP.has(top) || skipped(top);
}

export function sha256File(file: string): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0; ) hash.update(buf.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** Copy one file (creating folders), fsync it, and return its checksum and size. */
export function copyFileDurably(from: string, to: string): { sha256: string; bytes: number } {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
  fsyncPathSync(to);
  return { sha256: sha256File(to), bytes: fs.statSync(to).size };
}

/** Write a small file atomically (temp file, fsync, rename, fsync the folder). */
export function writeFileAtomic(file: string, content: string): void {
  const tmp = `${file}.partial`;
  fs.writeFileSync(tmp, content);
  fsyncPathSync(tmp);
  fs.renameSync(tmp, file);
  fsyncPathSync(path.dirname(file));
}

/** True when `dir` does not exist or holds nothing at all. */
export function isEmptyOrMissing(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw e;
  }
}

export function fileSize(file: string): number {
  return fs.statSync(file).size;
}

export function ensureDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
}

export function renameFile(from: string, to: string): void {
  fs.renameSync(from, to);
}

export function readText(file: string): string {
  return fs.readFileSync(file, 'utf8');
}

export function exists(file: string): boolean {
  return fs.existsSync(file);
}
