// Reading a ref as git stores it: its loose file, else its line in packed-refs. A leaf module, so
// that the git write thread (gitWriteJobs) and the ref store read refs with the same code.
import fs from 'node:fs';
import path from 'node:path';

export function readRef(gitdir: string, ref: string): string | null {
  try {
    const value = fs.readFileSync(path.join(gitdir, ref), 'utf8').trim();
    if (/^[0-9a-f]{40}$/.test(value)) return value;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  return readPackedRef(gitdir, ref);
}

function readPackedRef(gitdir: string, ref: string): string | null {
  let packed: string;
  try {
    packed = fs.readFileSync(path.join(gitdir, 'packed-refs'), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  for (const line of packed.split('\n')) {
    if (line.startsWith('#') || line.startsWith('^')) continue;
    const [oid, name] = line.split(' ');
    if (name === ref && oid && /^[0-9a-f]{40}$/.test(oid)) return oid;
  }
  return null;
}
