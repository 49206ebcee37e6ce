import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 6 multimedia: albums and sub-albums per space, and their files (01 §3 Album, File). */
export class Multimedia1763850000000 implements MigrationInterface {
  name = 'Multimedia1763850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "albums" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "spaceId" integer NOT NULL, "parentId" integer, "name" character varying(100) NOT NULL, "nameKey" character varying(100) NOT NULL, "isRoot" boolean NOT NULL DEFAULT true, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_838ebae24d2e12082670ffc95d7" PRIMARY KEY ("id"))`,
    );
    // Sibling names are unique: among the space's albums, and among the sub-albums of one album.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_albums_parent_name" ON "albums"  ("parentId", "nameKey") WHERE "parentId" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_albums_space_root_name" ON "albums"  ("spaceId", "nameKey") WHERE "parentId" IS NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "files" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "albumId" integer NOT NULL, "name" character varying(255) NOT NULL, "nameKey" character varying(255) NOT NULL, "fileType" character varying(20) NOT NULL, "mimeType" character varying(120), "weight" integer, "storageKey" character varying(300), "url" character varying(2000), "createdById" integer, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6c16b9093a142e0e7613b04a3d9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_files_album_name" ON "files"  ("albumId", "nameKey") `);
    await queryRunner.query(
      `ALTER TABLE "albums" ADD CONSTRAINT "FK_4027829e0a83dc81106e51da5b4" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "albums" ADD CONSTRAINT "FK_cb5b570995108d61679b91949d2" FOREIGN KEY ("parentId") REFERENCES "albums"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "files" ADD CONSTRAINT "FK_a20fe3e915d9dfb65e2db0b74af" FOREIGN KEY ("albumId") REFERENCES "albums"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "files" DROP CONSTRAINT "FK_a20fe3e915d9dfb65e2db0b74af"`);
    await queryRunner.query(`ALTER TABLE "albums" DROP CONSTRAINT "FK_cb5b570995108d61679b91949d2"`);
    await queryRunner.query(`ALTER TABLE "albums" DROP CONSTRAINT "FK_4027829e0a83dc81106e51da5b4"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_files_album_name"`);
    await queryRunner.query(`DROP TABLE "files"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_albums_space_root_name"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_albums_parent_name"`);
    await queryRunner.query(`DROP TABLE "albums"`);
  }
}
