import { createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Tokens in use at once on one instance: every signed-in tab of every agent, with room to spare.
const VERIFIED_TOKENS = 10_000;

export interface TokenClaims {
  userId: number;
  companyId: number;
  sessionId: string;
}

@Injectable()
export class TokenService {
  // Built once: turning the secret string into a key on every verify was a tenth of a request's CPU.
  private readonly key: KeyObject;
  /**
   * Tokens already verified, with their claims, until they expire. Every request of a signed-in user presents the
   * same token again, and jsonwebtoken's verify (HMAC, base64 and JSON of three parts) was about 4 % of an inbox
   * list request's CPU (issue 22). Only the signature's outcome is kept: the session is still read live per request.
   */
  private readonly verified = new LRUCache<string, TokenClaims>({ max: VERIFIED_TOKENS });

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
  }

  sign(claims: TokenClaims, expiresAt: Date): string {
    return jwt.sign({ cid: claims.companyId, sid: claims.sessionId }, this.key, {
      algorithm: 'HS256',
      subject: String(claims.userId),
      expiresIn: Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
    });
  }

  /** The claims of a well-formed, unexpired token signed by us; null otherwise. */
  verify(token: string): TokenClaims | null {
    const known = this.verified.get(token);
    if (known) return known;
    const claims = this.verifyNow(token);
    // Kept no longer than the token's own expiry (seconds since the epoch in `exp`, read by verifyNow).
    if (claims) this.verified.set(token, claims.claims, { ttl: Math.max(1, claims.expiresAt - Date.now()) });
    return claims?.claims ?? null;
  }

  private verifyNow(token: string): { claims: TokenClaims; expiresAt: number } | null {
    try {
      const payload = jwt.verify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload !== 'object' || payload === null) return null;
      const userId = Number(payload.sub);
      const { cid, sid } = payload as { cid?: unknown; sid?: unknown };
      if (!Number.isInteger(userId) || typeof cid !== 'number' || typeof sid !== 'string' || !UUID.test(sid))
        return null;
      const expiresAt = typeof payload.exp === 'number' ? payload.exp * 1000 : Date.now();
      return { claims: { userId, companyId: cid, sessionId: sid }, expiresAt };
    } catch {
      return null;
    }
  }
}
