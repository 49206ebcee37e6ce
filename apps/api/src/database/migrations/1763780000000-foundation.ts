import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Foundation schema: companies, roles and permissions, users, spaces, sessions, auth bookkeeping. */
export class Foundation1763780000000 implements MigrationInterface {
  name = 'Foundation1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "email_verifications" ("id" SERIAL NOT NULL, "email" character varying(254) NOT NULL, "codeHash" character varying(128) NOT NULL, "plan" character varying(20), "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "lastSentAt" TIMESTAMP WITH TIME ZONE NOT NULL, "verifiedAt" TIMESTAMP WITH TIME ZONE, "failedAttempts" integer NOT NULL DEFAULT '0', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_44e5cfea68f87243cad38bb1b1f" UNIQUE ("email"), CONSTRAINT "PK_c1ea2921e767f83cd44c0af203f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "password_reset_tokens" ("id" SERIAL NOT NULL, "userId" integer NOT NULL, "tokenHash" character varying(64) NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "usedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_1143abb8c3fad8b06dd857a8c9c" UNIQUE ("tokenHash"), CONSTRAINT "PK_d16bebd73e844c48bca50ff8d3d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "rate_limit_buckets" ("key" character varying(300) NOT NULL, "windowStart" TIMESTAMP WITH TIME ZONE NOT NULL, "count" integer NOT NULL, CONSTRAINT "PK_9eb2f8a2ae370667b4ca83dd313" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "companies" ("id" SERIAL NOT NULL, "name" character varying(120) NOT NULL, "status" character varying(60) NOT NULL DEFAULT 'ACTIVE', "plan" integer NOT NULL DEFAULT '3', "expirationDate" TIMESTAMP WITH TIME ZONE, "paymentIntents" integer NOT NULL DEFAULT '0', "paymentMethod" character varying(20), "isBoardsActive" boolean NOT NULL DEFAULT false, "hasUsed2FA" boolean NOT NULL DEFAULT false, "timezone" character varying(60) NOT NULL DEFAULT 'America/Mexico_City', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_3dacbb3eb4f095e29372ff8e131" UNIQUE ("name"), CONSTRAINT "PK_d4bc3e82a314fa9e29f652c2c22" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" integer NOT NULL, "companyId" integer NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "revokedAt" TIMESTAMP WITH TIME ZONE, "ip" character varying(64), "userAgent" character varying(300), "firebaseToken" character varying(500), CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_sessions_user" ON "sessions"  ("userId") `);
    await queryRunner.query(
      `CREATE TABLE "categories" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "name" character varying(120) NOT NULL, CONSTRAINT "PK_24dbc6126a28ff948da33e97d3b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_categories_company_name" ON "categories"  ("companyId", "name") `,
    );
    await queryRunner.query(
      `CREATE TABLE "locations" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "name" character varying(120) NOT NULL, CONSTRAINT "PK_7cc1c9e3853b94816c094825e74" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_locations_company_name" ON "locations"  ("companyId", "name") `,
    );
    await queryRunner.query(
      `CREATE TABLE "permissions" ("id" SERIAL NOT NULL, "name" character varying(60) NOT NULL, CONSTRAINT "UQ_48ce552495d14eae9b187bb6716" UNIQUE ("name"), CONSTRAINT "PK_920331560282b8bd21bb02290df" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "roles" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "name" character varying(60) NOT NULL, "key" character varying(80) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_a87cf0659c3ac379b339acf36a2" UNIQUE ("key"), CONSTRAINT "PK_c1433d71a4838793a49dcad46ab" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_roles_company_name" ON "roles"  ("companyId", "name") `);
    await queryRunner.query(
      `CREATE TABLE "spaces" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "name" character varying(120) NOT NULL, "isDefault" boolean NOT NULL DEFAULT false, "isGroup" boolean NOT NULL DEFAULT false, "imageUrl" character varying(500), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_dbe542974aca57afcb60709d4c8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_spaces_company_name" ON "spaces"  ("companyId", "name") `,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "roleId" integer NOT NULL, "name" character varying(120) NOT NULL, "email" character varying(254) NOT NULL, "passwordHash" character varying(255) NOT NULL, "phone" character varying(20), "imageUrl" character varying(500), "isAvailable" boolean NOT NULL DEFAULT true, "locationId" integer, "selectedSpaceId" integer, "isAdminOfIds" integer array NOT NULL DEFAULT '{}', "twoFactorSecret" text, "twoFactorStatus" character varying(12) NOT NULL DEFAULT 'none', "totpLastTimeStep" bigint, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "dev_outbox_mails" ("id" SERIAL NOT NULL, "to" character varying(254) NOT NULL, "subject" character varying(300) NOT NULL, "text" text NOT NULL, "html" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8c2bb1d4ad89ae8c10feb4acd19" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "role_permissions" ("roleId" integer NOT NULL, "permissionId" integer NOT NULL, CONSTRAINT "PK_d430a02aad006d8a70f3acd7d03" PRIMARY KEY ("roleId", "permissionId"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_b4599f8b8f548d35850afa2d12" ON "role_permissions"  ("roleId") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_06792d0c62ce6b0203c03643cd" ON "role_permissions"  ("permissionId") `,
    );
    await queryRunner.query(
      `CREATE TABLE "user_spaces" ("userId" integer NOT NULL, "spaceId" integer NOT NULL, CONSTRAINT "PK_a8d24d6a175e0491ed9ddb9af52" PRIMARY KEY ("userId", "spaceId"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_3917b2285d74507f6b6355309a" ON "user_spaces"  ("userId") `);
    await queryRunner.query(`CREATE INDEX "IDX_8ec3589e68521be7973de5616e" ON "user_spaces"  ("spaceId") `);
    await queryRunner.query(
      `ALTER TABLE "sessions" ADD CONSTRAINT "FK_2ee46ad6f972aa2478cde09edb2" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "categories" ADD CONSTRAINT "FK_92d9e96e1be5a0b3e94fddb892a" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "locations" ADD CONSTRAINT "FK_aa1663e9ee4cefa986683fde5b7" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "roles" ADD CONSTRAINT "FK_5ff67a53e3777f7ab6186db44ba" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "spaces" ADD CONSTRAINT "FK_3d7bb205504170c52b9e640bc49" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_6f9395c9037632a31107c8a9e58" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_368e146b785b574f42ae9e53d5e" FOREIGN KEY ("roleId") REFERENCES "roles"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "role_permissions" ADD CONSTRAINT "FK_b4599f8b8f548d35850afa2d12c" FOREIGN KEY ("roleId") REFERENCES "roles"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "role_permissions" ADD CONSTRAINT "FK_06792d0c62ce6b0203c03643cdd" FOREIGN KEY ("permissionId") REFERENCES "permissions"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_spaces" ADD CONSTRAINT "FK_3917b2285d74507f6b6355309a8" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_spaces" ADD CONSTRAINT "FK_8ec3589e68521be7973de5616e3" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE IF EXISTS "user_spaces" CASCADE');
    await queryRunner.query('DROP TABLE IF EXISTS "role_permissions" CASCADE');
    await queryRunner.query('DROP TABLE IF EXISTS "dev_outbox_mails" CASCADE');
    await queryRunner.query('DROP TABLE IF EXISTS "users" CASCADE');
    await queryRunner.query('DROP TABLE IF EXISTS "spaces" CASCADE');
    await queryRunner.query('DROP TABLE IF EXISTS "roles" CASCADE');
    await queryRunner.query('DROP TABLE IF EXISTS "permissions" CASCADE');
    await queryRunner.query('DROP TABLE IF EXISTS "locations" CASCADE');
    await queryRunner.query('DROP TABLE IF EXISTS "categories" CASCADE');
    await queryRunner.query('DROP TABLE IF EXISTS "sessions" CASCADE');
    await queryRunner.query('DROP TABLE IF EXISTS "companies" CASCADE');
    await queryRunner.query('DROP TABLE IF EXISTS "rate_limit_buckets" CASCADE');
    await queryRunner.query('DROP TABLE IF EXISTS "password_reset_tokens" CASCADE');
    await queryRunner.query('DROP TABLE IF EXISTS "email_verifications" CASCADE');
  }
}
