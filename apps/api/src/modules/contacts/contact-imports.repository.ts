import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';

export type ImportState = 'running' | 'finished' | 'interrupted';
export type StoredRowStatus = 'pendiente' | 'creado' | 'duplicado' | 'error';

export interface ImportRecord {
  id: number;
  channelId: number;
  fileName: string;
  status: ImportState;
  total: number;
  created: number;
  startedAt: Date;
  finishedAt: Date | null;
}

export interface StoredImportRow {
  row: number;
  number: string;
  status: StoredRowStatus;
  message: string | null;
}

/**
 * The contact_imports and contact_import_rows tables (issue 22): an import's rows are recorded when it starts
 * (checked ones with their outcome, the rest pending), and each batch's outcomes are written in the batch's own
 * transaction, so what the report says was created is exactly what was committed, whatever stops the process.
 */
@Injectable()
export class ContactImportsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The import and every row of its file, in one transaction. Returns the import's id. */
  async start(
    record: { companyId: number; userId: number; channelId: number; fileName: string; total: number },
    rows: StoredImportRow[],
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('contact_imports')
        .values({
          companyId: record.companyId,
          userId: record.userId,
          channelId: record.channelId,
          fileName: record.fileName,
          total: record.total,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`
        INSERT INTO contact_import_rows ("importId", "companyId", "row", "number", status, message)
        SELECT ${id}, ${record.companyId}, r, n, s, m
        FROM unnest(${rows.map((r) => r.row)}::int[], ${rows.map((r) => r.number)}::text[],
          ${rows.map((r) => r.status)}::text[], ${rows.map((r) => r.message)}::text[]) AS u(r, n, s, m)`.execute(
        trx,
      );
      return id;
    });
  }

  /** A batch's outcomes, in the batch's transaction `trx`; the import's count and heartbeat move with them. */
  async recordBatch(
    trx: Executor,
    importId: number,
    rows: Array<{ row: number; status: 'creado' | 'duplicado'; message: string }>,
  ): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      UPDATE contact_import_rows t SET status = u.s, message = u.m
      FROM unnest(${rows.map((r) => r.row)}::int[], ${rows.map((r) => r.status)}::text[],
        ${rows.map((r) => r.message)}::text[]) AS u(r, s, m)
      WHERE t."importId" = ${importId} AND t."row" = u.r`.execute(trx);
    const created = rows.filter((r) => r.status === 'creado').length;
    await trx
      .updateTable('contact_imports')
      .set({ created: sql<number>`created + ${created}`, heartbeatAt: sql<Date>`now()` })
      .where('id', '=', importId)
      .execute();
  }

  /** The end: rows a failed batch never wrote get `failedMessage`, and the import is finished. */
  async finish(importId: number, failedMessage: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('contact_import_rows')
        .set({ status: 'error', message: failedMessage })
        .where('importId', '=', importId)
        .where('status', '=', 'pendiente')
        .execute();
      await trx
        .updateTable('contact_imports')
        .set({ status: 'finished', finishedAt: sql<Date>`now()`, heartbeatAt: sql<Date>`now()` })
        .where('id', '=', importId)
        .execute();
    });
  }

  /** Imports still 'running' whose heartbeat stopped `staleMs` ago: their process died. */
  async markInterrupted(staleMs: number): Promise<void> {
    await this.db
      .updateTable('contact_imports')
      .set({ status: 'interrupted', finishedAt: sql<Date>`"heartbeatAt"` })
      .where('status', '=', 'running')
      .where('heartbeatAt', '<', sql<Date>`now() - make_interval(secs => ${staleMs / 1000})`)
      .execute();
  }

  /** The user's latest imports, newest first. */
  async listOf(companyId: number, userId: number, limit: number): Promise<ImportRecord[]> {
    return (await this.db
      .selectFrom('contact_imports')
      .select(['id', 'channelId', 'fileName', 'status', 'total', 'created', 'startedAt', 'finishedAt'])
      .where('companyId', '=', companyId)
      .where('userId', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()) as ImportRecord[];
  }

  async find(companyId: number, userId: number, importId: number): Promise<ImportRecord | undefined> {
    return (await this.db
      .selectFrom('contact_imports')
      .select(['id', 'channelId', 'fileName', 'status', 'total', 'created', 'startedAt', 'finishedAt'])
      .where('id', '=', importId)
      .where('companyId', '=', companyId)
      .where('userId', '=', userId)
      .executeTakeFirst()) as ImportRecord | undefined;
  }

  async rows(companyId: number, importId: number): Promise<StoredImportRow[]> {
    return (await this.db
      .selectFrom('contact_import_rows')
      .select(['row', 'number', 'status', 'message'])
      .where('importId', '=', importId)
      .where('companyId', '=', companyId)
      .orderBy('row')
      .execute()) as StoredImportRow[];
  }
}
