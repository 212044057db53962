// One first-start set-up per data folder, across processes: an exclusive lock on a small SQLite
// file of its own (`BRAINKEEP_DATA/setup.lock`). The kernel drops the lock when its holder exits,
// even on SIGKILL, so a crashed set-up never leaves a stale lock behind; a second process blocks
// (SQLite's busy timeout) until the first is done. Within one process, callers queue up first.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

export const SETUP_LOCK_FILE = 'setup.lock';

/** Longest a process waits for another one's set-up (creating an owner and a brain takes seconds). */
const WAIT_MS = 120_000;

const queues = new Map<string, Promise<unknown>>();

export async function withSetupLock<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  const file = path.resolve(dataDir, SETUP_LOCK_FILE);
  const before = queues.get(file) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(() => holdLock(file, fn));
  queues.set(file, run);
  try {
    return await run;
  } finally {
    if (queues.get(file) === run) queues.delete(file);
  }
}

async function holdLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma(`busy_timeout = ${WAIT_MS}`);
    db.exec('BEGIN EXCLUSIVE'); // waits here while another process holds it
    try {
      return await fn();
    } finally {
      db.exec('ROLLBACK');
    }
  } finally {
    db.close();
  }
}
