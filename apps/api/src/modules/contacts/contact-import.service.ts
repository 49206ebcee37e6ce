import { randomInt } from 'node:crypto';
import {
  cleanedName,
  companyScopedKey,
  IMPORT_MAX_CONTACTS,
  IMPORT_MESSAGES,
  type ImportContactsResult,
  type ImportResultRow,
  isImportablePhone,
  normalizePhone,
  normalizeSearchKeyword,
  splitImportTags,
  TAG_COLORS,
  TAGS_LIMIT,
} from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { pgPool } from '../../database/pg-pool';
import { RealtimeService } from '../../realtime/realtime.service';
import { datasheetValueError } from '../datasheet/datasheet.resolver';
import { parseContactsFile } from './contact-import.parser';
import { ContactsService } from './contacts.service';

/** Rows written per transaction: a failure loses at most this batch, never half a contact. */
export const IMPORT_BATCH_SIZE = 500;
const NAME_MAX = 100;
const TAG_NAME_MAX = 50;

interface Field {
  id: number;
  name: string;
  type: string;
  options: string[];
}

/** One data row, checked and resolved, ready to be written. */
interface ReadyRow {
  index: number;
  label: string;
  phone: string;
  firstName: string | null;
  lastName: string | null;
  tags: string[];
  agentId: number;
  infos: Array<{ fieldId: number; value: string }>;
}

const TRUE_WORDS = new Set(['true', 'si', 'sí', '1', 'verdadero', 'x']);
const FALSE_WORDS = new Set(['false', 'no', '0', 'falso']);

/** A spreadsheet cell as the value the field stores: booleans and dates as people write them in Spanish files. */
function fieldValue(field: Field, raw: string): string {
  const value = raw.trim();
  if (field.type === 'boolean') {
    const word = value.toLowerCase();
    if (TRUE_WORDS.has(word)) return 'true';
    if (FALSE_WORDS.has(word)) return 'false';
  }
  if (field.type === 'date') {
    const dmy = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(value);
    if (dmy) return `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`;
  }
  return value;
}

/**
 * 02 §5 Import (issue 5): a file of at most 5000 contacts into one channel. Every row is checked first (an
 * invalid one is reported and skipped), then the good ones are written a batch per transaction with their tags
 * and data-sheet values, telling the importing user's room how far it got after each batch.
 */
@Injectable()
export class ContactImportService {
  private readonly logger = new Logger(ContactImportService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly contacts: ContactsService,
    private readonly realtime: RealtimeService,
  ) {}

  async import(
    user: AuthUser,
    file: { buffer: Buffer; originalname: string } | undefined,
    channelId: number,
    defaultAgentId: number | null,
  ): Promise<ImportContactsResult> {
    if (!file || file.buffer.length === 0) throw AppException.validation('file', IMPORT_MESSAGES.missingFile);
    const channel = await this.contacts.phoneChannel(user, channelId);
    const sheet = await parseContactsFile(file.buffer, file.originalname);
    if (sheet.rows.length > IMPORT_MAX_CONTACTS) {
      throw AppException.validation('file', IMPORT_MESSAGES.tooMany(IMPORT_MAX_CONTACTS));
    }
    if (sheet.rows.length === 0) throw AppException.validation('file', IMPORT_MESSAGES.empty);

    const pool = pgPool(this.dataSource);
    const fallbackAgent = await this.fallbackAgent(user, defaultAgentId);
    const [{ rows: agents }, { rows: fields }, { rows: tags }] = await Promise.all([
      pool.query<{ id: number; email: string }>(
        'SELECT id, lower(email) AS email FROM users WHERE "companyId" = $1',
        [user.companyId],
      ),
      pool.query<Field>('SELECT id, name, type, options FROM datasheet_fields WHERE "companyId" = $1', [
        user.companyId,
      ]),
      pool.query<{ id: number; key: string }>('SELECT id, key FROM tags WHERE "companyId" = $1', [
        user.companyId,
      ]),
    ]);
    const agentByEmail = new Map(agents.map((a) => [a.email, a.id]));
    // Columns from the sixth on are data-sheet fields by name (accents and case aside).
    const fieldByName = new Map(fields.map((f) => [normalizeSearchKeyword(f.name), f]));
    const customColumns = sheet.header
      .map((name, column) => ({ column, field: fieldByName.get(normalizeSearchKeyword(name)) }))
      .filter((c): c is { column: number; field: Field } => c.column >= 5 && c.field !== undefined);

    const results: ImportResultRow[] = new Array(sheet.rows.length);
    const ready: ReadyRow[] = [];
    const seenPhones = new Set<string>();
    const checkRow = (cells: string[], index: number): ReadyRow | ImportResultRow => {
      const [first = '', last = '', rawPhone = '', rawTags = '', rawEmail = ''] = cells;
      const firstName = first.trim() || null;
      const lastName = last.trim() || null;
      const label = rawPhone.trim() || [firstName, lastName].filter(Boolean).join(' ') || `Fila ${index + 2}`;
      const fail = (message: string): ImportResultRow => ({ number: label, status: 'error', message });
      const phone = normalizePhone(rawPhone);
      if (!rawPhone.trim()) return fail(IMPORT_MESSAGES.missingPhone);
      if (!isImportablePhone(phone)) return fail(IMPORT_MESSAGES.badPhone);
      if ((firstName?.length ?? 0) > NAME_MAX || (lastName?.length ?? 0) > NAME_MAX) {
        return fail(IMPORT_MESSAGES.tooLong);
      }
      const rowTags = splitImportTags(rawTags);
      if (rowTags.some((t) => t.length > TAG_NAME_MAX)) return fail(IMPORT_MESSAGES.tagTooLong);
      const infos: ReadyRow['infos'] = [];
      for (const { column, field } of customColumns) {
        const raw = cells[column] ?? '';
        if (!raw.trim()) continue;
        const value = fieldValue(field, raw);
        const error = datasheetValueError(field, value);
        if (error) return fail(IMPORT_MESSAGES.badField(field.name, error));
        infos.push({ fieldId: field.id, value });
      }
      if (seenPhones.has(phone))
        return { number: label, status: 'duplicado', message: IMPORT_MESSAGES.duplicated };
      seenPhones.add(phone);
      // 02 §5: agents by e-mail, the importing user (or the agent chosen for the import) otherwise.
      const agentId = agentByEmail.get(rawEmail.trim().toLowerCase()) ?? fallbackAgent;
      return { index, label, phone, firstName, lastName, tags: rowTags, agentId, infos };
    };
    for (const [index, cells] of sheet.rows.entries()) {
      const checked = checkRow(cells, index);
      if ('status' in checked) results[index] = checked;
      else ready.push(checked);
    }

    // Unknown tags: created with a random palette colour while the company stays within its 50 tags; a row that
    // needs one more is reported and skipped.
    const tagIdByKey = new Map(tags.map((t) => [t.key, t.id]));
    const newTags = new Map<string, string>();
    for (const row of ready) {
      for (const tag of row.tags) {
        const key = companyScopedKey(user.companyId, tag);
        if (!tagIdByKey.has(key) && !newTags.has(key)) newTags.set(key, tag);
      }
    }
    const room = TAGS_LIMIT - tagIdByKey.size;
    const creatable = new Set([...newTags.keys()].slice(0, Math.max(0, room)));
    const writable = ready.filter((row) => {
      const blocked = row.tags.some((tag) => {
        const key = companyScopedKey(user.companyId, tag);
        return !tagIdByKey.has(key) && !creatable.has(key);
      });
      if (blocked)
        results[row.index] = { number: row.label, status: 'error', message: IMPORT_MESSAGES.tagLimit };
      return !blocked;
    });

    const total = sheet.rows.length;
    let processed = total - writable.length;
    let created = 0;
    this.progress(user, processed, total);
    let failedFrom = -1;
    for (let start = 0; start < writable.length; start += IMPORT_BATCH_SIZE) {
      const batch = writable.slice(start, start + IMPORT_BATCH_SIZE);
      try {
        const inserted = await this.writeBatch(user, channel.id, batch, creatable, newTags, tagIdByKey);
        for (const row of batch) {
          const isNew = inserted.has(row.phone);
          if (isNew) created += 1;
          results[row.index] = isNew
            ? { number: row.label, status: 'creado', message: IMPORT_MESSAGES.created }
            : { number: row.label, status: 'duplicado', message: IMPORT_MESSAGES.duplicated };
        }
      } catch (error) {
        this.logger.error(
          `import into channel ${channel.id} failed at row ${batch[0].index + 2}: ${String(error)}`,
        );
        failedFrom = start;
        break;
      }
      processed += batch.length;
      this.progress(user, processed, total);
    }
    if (failedFrom >= 0) {
      for (const row of writable.slice(failedFrom)) {
        results[row.index] = { number: row.label, status: 'error', message: IMPORT_MESSAGES.failed };
      }
      this.progress(user, total, total);
    }
    const errors = results.filter((r) => r.status === 'error').length;
    return {
      importContacts: created,
      newClientsDataResult: results,
      finalStatus: errors === 0 ? 'success' : created > 0 || errors < total ? 'partial' : 'error',
    };
  }

  private async fallbackAgent(user: AuthUser, agentId: number | null): Promise<number> {
    if (agentId === null || agentId === user.id) return user.id;
    const { rows } = await pgPool(this.dataSource).query<{ id: number }>(
      'SELECT id FROM users WHERE id = $1 AND "companyId" = $2',
      [agentId, user.companyId],
    );
    if (!rows[0]) throw AppException.validation('agentId', 'El agente no existe.');
    return agentId;
  }

  private progress(user: AuthUser, processed: number, total: number): void {
    this.realtime.toUser(user.id, 'progressBar', {
      progress: total === 0 ? 100 : Math.round((processed / total) * 100),
      processed,
      total,
    });
  }

  /**
   * One transaction: the tags this batch is the first to need, the contacts (an existing key is left alone and
   * reported as a duplicate), their tags and data-sheet values. Returns the phones created.
   */
  private async writeBatch(
    user: AuthUser,
    channelId: number,
    batch: ReadyRow[],
    creatable: Set<string>,
    newTags: Map<string, string>,
    tagIdByKey: Map<string, number>,
  ): Promise<Set<string>> {
    const client: PoolClient = await pgPool(this.dataSource).connect();
    const known = new Map(tagIdByKey);
    try {
      await client.query('BEGIN');
      const wanted = [
        ...new Set(batch.flatMap((r) => r.tags.map((t) => companyScopedKey(user.companyId, t)))),
      ];
      const missing = wanted.filter((key) => !known.has(key) && creatable.has(key));
      if (missing.length > 0) {
        const { rows } = await client.query<{ id: number; key: string }>(
          `INSERT INTO tags ("companyId", name, color, key)
           SELECT $1, n, c, k FROM unnest($2::text[], $3::text[], $4::text[]) AS t(n, c, k)
           ON CONFLICT (key) DO UPDATE SET name = tags.name RETURNING id, key`,
          [
            user.companyId,
            missing.map((key) => newTags.get(key) ?? key),
            missing.map(() => TAG_COLORS[randomInt(TAG_COLORS.length)]),
            missing,
          ],
        );
        for (const row of rows) known.set(row.key, row.id);
      }
      const names = batch.map((r) => r.firstName);
      const { rows: inserted } = await client.query<{ id: number; senderId: string }>(
        `INSERT INTO clients ("companyId", "channelId", key, "senderId", name, "lastName", "cleanedName", answered,
           "isArchived", source, "agentId", "lastUpdate")
         SELECT $1, $2, $8 || p, p, n, l, cn, true, false, 'IMPORT', a, now()
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::int[]) AS r(p, n, l, cn, a)
         ON CONFLICT (key) DO NOTHING RETURNING id, "senderId"`,
        [
          user.companyId,
          channelId,
          batch.map((r) => r.phone),
          names,
          batch.map((r) => r.lastName),
          batch.map((r) => cleanedName([r.firstName, r.lastName].filter(Boolean).join(' '), r.phone)),
          batch.map((r) => r.agentId),
          `${channelId}-`,
        ],
      );
      const idByPhone = new Map(inserted.map((r) => [r.senderId, r.id]));
      const tagPairs: Array<[number, number]> = [];
      const infoRows: Array<[number, number, string]> = [];
      for (const row of batch) {
        const clientId = idByPhone.get(row.phone);
        if (clientId === undefined) continue;
        for (const tag of row.tags) {
          const tagId = known.get(companyScopedKey(user.companyId, tag));
          if (tagId !== undefined) tagPairs.push([clientId, tagId]);
        }
        for (const info of row.infos) infoRows.push([clientId, info.fieldId, info.value]);
      }
      if (tagPairs.length > 0) {
        await client.query(
          `INSERT INTO client_tags ("clientId", "tagId") SELECT * FROM unnest($1::int[], $2::int[])
           ON CONFLICT DO NOTHING`,
          [tagPairs.map((p) => p[0]), tagPairs.map((p) => p[1])],
        );
      }
      if (infoRows.length > 0) {
        await client.query(
          `INSERT INTO client_infos ("clientId", "fieldId", value) SELECT * FROM unnest($1::int[], $2::int[], $3::text[])
           ON CONFLICT ("clientId", "fieldId") DO UPDATE SET value = EXCLUDED.value`,
          [infoRows.map((r) => r[0]), infoRows.map((r) => r[1]), infoRows.map((r) => r[2])],
        );
      }
      await client.query('COMMIT');
      for (const [key, id] of known) tagIdByKey.set(key, id);
      return new Set(idByPhone.keys());
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}
