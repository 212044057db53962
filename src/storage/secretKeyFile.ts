// The key that encrypts stored secrets (webhook source secrets): from BRAINKEEP_SECRET_KEY when
// set, else a random key kept in BRAINKEEP_DATA/secret.key (0600), made once and shared by the
// server and the CLI. Losing the file makes existing source secrets unreadable (sources must be
// re-created), which is why the environment variable is the recommended setting in production.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SECRET_KEY_FILE = 'secret.key';

export function loadSecretKey(dataDir: string, configured: string | null): Buffer {
  if (configured) return deriveKey(configured);
  const file = path.join(dataDir, SECRET_KEY_FILE);
  try {
    const fd = fs.openSync(file, 'wx', 0o600);
    try {
      fs.writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  // A process that lost the creation race may read before the winner wrote: wait for the bytes.
  for (let attempt = 0; ; attempt++) {
    const text = fs.readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(text)) return Buffer.from(text, 'hex');
    if (attempt > 50) throw new Error(`${file} does not hold a 64-hex-digit key`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}

/** Any operator-chosen string becomes a 256-bit key; a 64-hex-digit value is used as is. */
function deriveKey(value: string): Buffer {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  return createHash('sha256').update(`brainkeep-secret-key\0${value}`, 'utf8').digest();
}
