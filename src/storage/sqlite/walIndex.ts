// Whether SQLite's WAL index (`<db>-shm`, a shared memory map of a file in the data folder) can be
// written. Once that file is immutable (EPERM) or its filesystem read-only (EROFS), the first store
// into the map is a SIGBUS that ends the process (docs/operations.md, "Degraded modes"), so the
// checkpoint thread and the server's quiet TRUNCATE look here first. A missing file (no connection
// has opened the WAL yet) is writable: SQLite creates it.
import fs from 'node:fs';

export function walIndexWritable(dbFile: string): boolean {
  try {
    fs.accessSync(`${dbFile}-shm`, fs.constants.W_OK);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT';
  }
}
