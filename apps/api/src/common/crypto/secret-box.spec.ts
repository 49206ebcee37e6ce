import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  it('seals so that the clear text is not visible and opens it back', () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(box.seal('a')).not.toBe(box.seal('a'));
  });

  it('refuses a tampered value or another key', () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal('secreto');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('otro').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
  });
});

describe('SecretBox key rotation', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it('opens what a previous key sealed, and seals only with the current key', () => {
    const sealedBefore = new SecretBox(oldKey).seal('EAAGtoken');
    const rotated = new SecretBox(newKey, [oldKey]);
    expect(rotated.open(sealedBefore)).toBe('EAAGtoken');
    const sealedAfter = rotated.seal('EAAGtoken');
    expect(new SecretBox(newKey).open(sealedAfter)).toBe('EAAGtoken');
    expect(() => new SecretBox(oldKey).open(sealedAfter)).toThrow();
  });

  it('re-seals an old value under the current key, keeps a current one and seals a value stored in clear', () => {
    const rotated = new SecretBox(newKey, [oldKey]);
    const old = new SecretBox(oldKey).seal('d360-key');
    const resealed = rotated.reseal(old);
    expect(resealed.outcome).toBe('resealed');
    expect(new SecretBox(newKey).open(resealed.value)).toBe('d360-key');

    const current = rotated.seal('twilio-token');
    expect(rotated.reseal(current)).toEqual({ value: current, outcome: 'current' });

    const clear = rotated.reseal('AC123:plain-auth-token');
    expect(clear.outcome).toBe('sealed');
    expect(clear.value).not.toContain('plain-auth-token');
    expect(new SecretBox(newKey).open(clear.value)).toBe('AC123:plain-auth-token');
  });

  it('refuses to re-seal a value no configured key opens', () => {
    const stranger = new SecretBox(randomBytes(32)).seal('x');
    expect(() => new SecretBox(newKey, [oldKey]).reseal(stranger)).toThrow();
  });

  it('tells a sealed value from a secret in clear', () => {
    expect(SecretBox.isSealed(new SecretBox(newKey).seal('EAAG'))).toBe(true);
    for (const clear of ['EAAGtest', 'AC0a:f0e1', 'v1.abc', 'v1.a.b.c', '123456']) {
      expect(SecretBox.isSealed(clear)).toBe(false);
    }
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => new SecretBox(newKey, [randomBytes(16)])).toThrow();
  });
});
