import { Inject, Injectable } from '@nestjs/common';
import { generateSecret, generateURI, verify } from 'otplib';
import { SecretBox, secretBoxFor } from '../../common/crypto/secret-box';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

export const TOTP_ISSUER = 'Charla CRM';

@Injectable()
export class TotpService {
  private readonly box: SecretBox;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.box = secretBoxFor(config);
  }

  /** A new base32 secret, returned sealed for storage and in clear for the otpauth URI. */
  createSecret(): { secret: string; sealed: string } {
    const secret = generateSecret();
    return { secret, sealed: this.box.seal(secret) };
  }

  openSecret(sealed: string): string {
    return this.box.open(sealed);
  }

  uri(secret: string, email: string): string {
    return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  }

  /**
   * Accepts the current code and its neighbours (one 30 s step either way, for clock drift), but never a
   * time step at or before the last one accepted: a code cannot be replayed.
   */
  async check(secret: string, code: string, lastTimeStep: number | null): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    const result = await verify({
      secret,
      token: code,
      epochTolerance: 30,
      ...(lastTimeStep !== null ? { afterTimeStep: lastTimeStep } : {}),
    });
    if (!result.valid) return null;
    return 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : 0;
  }
}
