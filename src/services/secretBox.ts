// AES-256-GCM for secrets the server must read back (webhook source secrets): a fresh 96-bit
// nonce per value, the tag checked on open. Stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export class SecretBox {
  private cached: Buffer | null = null;

  /** The key is fetched on first use, so processes that never touch a secret never create a key file. */
  constructor(private readonly loadKey: () => Buffer) {}

  private get key(): Buffer {
    if (!this.cached) {
      const key = this.loadKey();
      if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
      this.cached = key;
    }
    return this.cached;
  }

  seal(plain: string, context: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The plain text, or null when the value was sealed with another key or for another context. */
  open(sealed: string, context: string): string | null {
    const [v, nonce, tag, body] = sealed.split('.');
    if (v !== 'v1' || !nonce || !tag || body == null) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
