import { createHmac } from 'node:crypto';

// RFC 4648 base32 (the secret of an otpauth:// URI), padding and case ignored.
function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = input.toUpperCase().replace(/=+$/, '').replace(/\s/g, '');
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const character of clean) {
    const index = alphabet.indexOf(character);
    if (index === -1) throw new Error(`Invalid base32 character: ${character}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export interface TotpParameters {
  secret: string;
  algorithm: 'sha1' | 'sha256' | 'sha512';
  digits: number;
  period: number;
}

export function parseOtpauthUri(uri: string): TotpParameters {
  const url = new URL(uri);
  if (url.protocol !== 'otpauth:') throw new Error(`Not an otpauth URI: ${uri}`);
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error('The otpauth URI has no secret');
  const algorithm = (url.searchParams.get('algorithm') ?? 'SHA1').toLowerCase();
  if (algorithm !== 'sha1' && algorithm !== 'sha256' && algorithm !== 'sha512') {
    throw new Error(`Unsupported algorithm ${algorithm}`);
  }
  return {
    secret,
    algorithm,
    digits: Number(url.searchParams.get('digits') ?? 6),
    period: Number(url.searchParams.get('period') ?? 30),
  };
}

// RFC 6238 TOTP (RFC 4226 HOTP over the time step).
export function totp({ secret, algorithm, digits, period }: TotpParameters, now = Date.now()): string {
  const counter = Math.floor(now / 1000 / period);
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac(algorithm, base32Decode(secret)).update(message).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** Milliseconds until the current time step ends. */
export function msLeftInStep(period: number, now = Date.now()): number {
  return period * 1000 - (now % (period * 1000));
}
