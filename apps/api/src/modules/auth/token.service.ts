import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

export interface TokenClaims {
  userId: number;
  companyId: number;
  sessionId: string;
}

@Injectable()
export class TokenService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  sign(claims: TokenClaims, expiresAt: Date): string {
    return jwt.sign({ cid: claims.companyId, sid: claims.sessionId }, this.config.jwtSecret, {
      algorithm: 'HS256',
      subject: String(claims.userId),
      expiresIn: Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
    });
  }

  /** The claims of a well-formed, unexpired token signed by us; null otherwise. */
  verify(token: string): TokenClaims | null {
    try {
      const payload = jwt.verify(token, this.config.jwtSecret, { algorithms: ['HS256'] });
      if (typeof payload !== 'object' || payload === null) return null;
      const userId = Number(payload.sub);
      const { cid, sid } = payload as { cid?: unknown; sid?: unknown };
      if (!Number.isInteger(userId) || typeof cid !== 'number' || typeof sid !== 'string') return null;
      return { userId, companyId: cid, sessionId: sid };
    } catch {
      return null;
    }
  }
}
