import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';
// v1.<iv: 12 bytes>.<tag: 16 bytes>.<ciphertext>, each base64url: what seal() writes and nothing a provider issues.
const SEALED = /^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/;

/** What re-sealing did to one stored value. */
export type ResealOutcome = 'current' | 'resealed' | 'sealed';

/**
 * AES-256-GCM sealing for secrets at rest (TOTP secrets, provider credentials, the CRM webhook secret).
 * Format: v1.<iv>.<tag>.<ciphertext>, base64url. Values are sealed with the current key; the previous keys (key
 * rotation) only open. The GCM tag tells which key sealed a value, so the format carries no key id.
 */
export class SecretBox {
  private readonly keys: readonly Buffer[];

  constructor(key: Buffer, previousKeys: readonly Buffer[] = []) {
    this.keys = [key, ...previousKeys];
    if (this.keys.some((k) => k.length !== 32)) throw new Error('SecretBox needs 32-byte keys');
  }

  /** A value seal() wrote (with any key), as opposed to a secret stored in clear. */
  static isSealed(value: string): boolean {
    return SEALED.test(value);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0], iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const opened = this.tryOpen(sealed);
    if (!opened) throw new Error('Unrecognised sealed value, or sealed with a key that is not configured');
    return opened.plain;
  }

  /**
   * The value as it should be stored under the current key: unchanged when the current key sealed it, sealed
   * again when a previous key did, sealed when it was stored in clear. Throws when no configured key opens it.
   */
  reseal(stored: string): { value: string; outcome: ResealOutcome } {
    if (!SecretBox.isSealed(stored)) return { value: this.seal(stored), outcome: 'sealed' };
    const opened = this.tryOpen(stored);
    if (!opened) throw new Error('Sealed with a key that is not configured');
    if (opened.keyIndex === 0) return { value: stored, outcome: 'current' };
    return { value: this.seal(opened.plain), outcome: 'resealed' };
  }

  private tryOpen(sealed: string): { plain: string; keyIndex: number } | null {
    const [version, iv, tag, data, extra] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || !data || extra !== undefined) return null;
    for (const [keyIndex, key] of this.keys.entries()) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
        return { plain: plain.toString('utf8'), keyIndex };
      } catch {
        // The tag did not match this key: try the next one.
      }
    }
    return null;
  }
}

/** The application's box: ENCRYPTION_KEY seals, ENCRYPTION_KEY_PREVIOUS still opens (key rotation). */
export function secretBoxFor(config: {
  encryptionKey: Buffer;
  previousEncryptionKeys: readonly Buffer[];
}): SecretBox {
  return new SecretBox(config.encryptionKey, config.previousEncryptionKeys);
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
