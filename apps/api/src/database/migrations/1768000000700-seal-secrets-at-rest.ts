import type { MigrationInterface, QueryRunner } from 'typeorm';

// The secret columns as they stand at this migration (later ones are database/secrets-at-rest.ts's business).
const COLUMNS = [
  ['channels', 'accessToken'],
  ['companies', 'crmWebhookSecret'],
  ['whatsapp_links', 'pin'],
  ['users', 'twoFactorSecret'],
] as const;

/** The application's SecretBox, as this migration uses it (database/ imports nothing from the layers above). */
export interface Sealer {
  seal(plain: string): string;
}

// What SecretBox.seal writes; anything else in these columns was stored in clear.
const SEALED_PATTERN = '^v1\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]+$';

/**
 * Issue 22, secrets at rest: provider credentials, the CRM webhook secret, linking PINs and TOTP secrets are
 * sealed with ENCRYPTION_KEY (AES-256-GCM, SecretBox). The code has sealed on write for a while; this seals
 * whatever an older version or a hand-written UPDATE left in clear. Idempotent: a sealed value is recognised by
 * its format and left alone. The key is the application's (runMigrations receives it from the API's config);
 * migrated without one, a database with clear secrets refuses to migrate rather than keep them in clear unnoticed.
 */
export class SealSecretsAtRest1768000000700 implements MigrationInterface {
  name = 'SealSecretsAtRest1768000000700';

  constructor(private readonly box: Sealer | null = null) {}

  /** This migration with the application's key: TypeORM builds migrations with `new`, without arguments. */
  static withKey(box: Sealer | null): new () => SealSecretsAtRest1768000000700 {
    return class extends SealSecretsAtRest1768000000700 {
      constructor() {
        super(box);
      }
    };
  }

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column] of COLUMNS) {
      const clear: Array<{ id: number; value: string }> = await queryRunner.query(
        `SELECT id, "${column}" AS value FROM "${table}" WHERE "${column}" IS NOT NULL AND "${column}" <> '' AND "${column}" !~ $1 ORDER BY id`,
        [SEALED_PATTERN],
      );
      if (clear.length === 0) continue;
      if (!this.box) {
        throw new Error(
          `${clear.length} value(s) of ${table}.${column} are stored in clear and this migration has no key to seal them: start the API (it migrates with ENCRYPTION_KEY)`,
        );
      }
      for (const row of clear) {
        await queryRunner.query(`UPDATE "${table}" SET "${column}" = $1 WHERE id = $2`, [
          this.box.seal(row.value),
          row.id,
        ]);
      }
    }
  }

  async down(): Promise<void> {
    // Nothing to undo: opening the secrets again would write them in clear, and the older code reads them sealed.
  }
}
