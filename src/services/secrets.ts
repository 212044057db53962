// Token and password primitives: random base62 tokens, SHA-256 token hashes, scrypt passwords,
// constant-time comparison. Secrets are shown once and stored only hashed (or encrypted).
import { hash as oneShotHash, randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, keylen: number, opts: object) => Promise<Buffer>;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

/** Every bearer request hashes its token: the one-shot hash makes no Hash object (about 3× faster). */
export function hashToken(token: string): string {
  return oneShotHash('sha256', token, 'hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  if (x.length !== y.length) {
    timingSafeEqual(x, x); // keep the timing independent of where the strings differ
    return false;
  }
  return timingSafeEqual(x, y);
}

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 };
const SCRYPT_MAXMEM = 64 * 1024 * 1024;

/**
 * The one place the password key derivation runs. An object, not a bare import, so a test can
 * count derivations at this boundary (login must do the same work whether or not the email exists).
 */
export const passwordKdf = {
  derive: (password: string, salt: Buffer, keylen: number, opts: { N: number; r: number; p: number }): Promise<Buffer> =>
    scrypt(password, salt, keylen, { ...opts, maxmem: SCRYPT_MAXMEM }),
};

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await passwordKdf.derive(password, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * A stored-hash lookalike with today's parameters and a random key that no password derives to.
 * Verifying against it costs exactly what verifying a real user's hash costs, so a login for an
 * unknown email (or a user without a password) takes as long as a wrong password.
 */
const DUMMY_HASH = `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${randomBytes(16).toString('base64')}$${randomBytes(SCRYPT.keylen).toString('base64')}`;

/** Verify a password; without a usable stored hash it still does the full work and answers false. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = parseHash(stored);
  const usable = parts !== null;
  const { n, r, p, salt, expected } = parts ?? parseHash(DUMMY_HASH)!;
  const key = await passwordKdf.derive(password, salt, expected.length, { N: n, r, p });
  return timingSafeEqual(key, expected) && usable;
}

function parseHash(stored: string | null): { n: number; r: number; p: number; salt: Buffer; expected: Buffer } | null {
  if (!stored) return null;
  const [kind, n, r, p, saltB64, keyB64] = stored.split('$');
  if (kind !== 'scrypt' || !saltB64 || !keyB64) return null;
  const expected = Buffer.from(keyB64, 'base64');
  if (!expected.length) return null;
  return { n: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(saltB64, 'base64'), expected };
}

export function randomPassword(): string {
  return randomBase62(20);
}
