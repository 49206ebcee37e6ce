import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config/app-config';
import { TokenService } from './token.service';

const config = { jwtSecret: 'a-secret-long-enough-for-tests-0123456789' } as AppConfig;
const claims = { userId: 7, companyId: 3, sessionId: '0d7c5c8e-4f0a-4c1e-9b7a-2f8e6a1d3b5c' };

describe('TokenService', () => {
  it('answers the claims of its own token, again from the cache', () => {
    const tokens = new TokenService(config);
    const token = tokens.sign(claims, new Date(Date.now() + 3600_000));
    expect(tokens.verify(token)).toEqual(claims);
    expect(tokens.verify(token)).toEqual(claims);
  });

  it('refuses a token signed with another secret, or altered, even after the genuine one was verified', () => {
    const tokens = new TokenService(config);
    const token = tokens.sign(claims, new Date(Date.now() + 3600_000));
    expect(tokens.verify(token)).toEqual(claims);
    const [header, , signature] = token.split('.');
    const forged = jwt.sign({ cid: 4, sid: claims.sessionId }, 'another-secret', {
      algorithm: 'HS256',
      subject: '7',
    });
    const altered = `${header}.${forged.split('.')[1]}.${signature}`;
    expect(tokens.verify(forged)).toBeNull();
    expect(tokens.verify(altered)).toBeNull();
  });

  it('stops answering a cached token once it has expired', async () => {
    const tokens = new TokenService(config);
    const token = tokens.sign(claims, new Date(Date.now() + 1000));
    expect(tokens.verify(token)).toEqual(claims);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses claims of the wrong shape', () => {
    const tokens = new TokenService(config);
    const key = config.jwtSecret;
    expect(tokens.verify(jwt.sign({ cid: 3, sid: 'not-a-uuid' }, key, { subject: '7' }))).toBeNull();
    expect(tokens.verify(jwt.sign({ cid: '3', sid: claims.sessionId }, key, { subject: '7' }))).toBeNull();
    expect(tokens.verify('not.a.token')).toBeNull();
  });
});
