import { randomInt } from 'node:crypto';
import {
  type ContactImportReport,
  cleanedName,
  companyScopedKey,
  IMPORT_BOOLEAN_WORDS,
  IMPORT_CATEGORY_COLUMN,
  IMPORT_MAX_CONTACTS,
  IMPORT_MESSAGES,
  type ImportContactsResult,
  type ImportResultRow,
  isImportablePhone,
  NAMED_LIST_MESSAGES,
  normalizePhone,
  normalizeSearchKeyword,
  splitImportTags,
  TAG_COLORS,
  TAG_NAME_MAX,
  TAGS_LIMIT,
  validateDatasheetValue,
} from '@crm/shared';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { RealtimeService } from '../../realtime/realtime.service';
import { type DatasheetFieldView, DatasheetRepository } from '../datasheet/datasheet.repository';
import { parseContactsFile } from './contact-import.parser';
import {
  ContactImportsRepository,
  type ImportRecord,
  type StoredImportRow,
} from './contact-imports.repository';
import { ContactsRepository } from './contacts.repository';
import { ContactsService } from './contacts.service';

/** Rows written per transaction: a failure loses at most this batch, never half a contact. */
export const IMPORT_BATCH_SIZE = 500;
const NAME_MAX = 100;
/** Imports listed by GET /api/contactImports. */
const LISTED_IMPORTS = 20;

type Field = DatasheetFieldView;

/** One data row, checked and resolved, ready to be written. */
interface ReadyRow {
  index: number;
  label: string;
  phone: string;
  firstName: string | null;
  lastName: string | null;
  tags: string[];
  agentId: number;
  categoryId: number | null;
  infos: Array<{ fieldId: number; value: string }>;
}

const CATEGORY_COLUMN = normalizeSearchKeyword(IMPORT_CATEGORY_COLUMN);

const TRUE_WORDS: ReadonlySet<string> = new Set(IMPORT_BOOLEAN_WORDS.true);
const FALSE_WORDS: ReadonlySet<string> = new Set(IMPORT_BOOLEAN_WORDS.false);

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
 *
 * Issue 22: the import and all its rows are recorded before the first batch, and each batch's outcomes commit with
 * its contacts; should the process die halfway, the report (GET /api/contactImports/{id}) says which rows were
 * written and which were not, once the import's heartbeat is `importStaleMs` old.
 */
@Injectable()
export class ContactImportService {
  private readonly logger = new Logger(ContactImportService.name);

  constructor(
    private readonly repository: ContactsRepository,
    private readonly datasheet: DatasheetRepository,
    private readonly contacts: ContactsService,
    private readonly realtime: RealtimeService,
    private readonly imports: ContactImportsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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

    const fallbackAgent = await this.fallbackAgent(user, defaultAgentId);
    const [agents, fields, tags, categories] = await Promise.all([
      this.repository.agentsByEmail(user.companyId),
      this.datasheet.list(user.companyId),
      this.repository.tagKeys(user.companyId),
      this.repository.categories(user.companyId),
    ]);
    // 02 §5: imported contacts get the company's default category unless their row names one of its categories.
    const defaultCategory = categories[0]?.id ?? null;
    const categoryByName = new Map(categories.map((c) => [normalizeSearchKeyword(c.name), c.id]));
    const agentByEmail = new Map(agents.map((a) => [a.email, a.id]));
    // Columns from the sixth on are data-sheet fields by name (accents and case aside).
    const fieldByName = new Map(fields.map((f) => [normalizeSearchKeyword(f.name), f]));
    const customColumns = sheet.header
      .map((name, column) => ({ column, field: fieldByName.get(normalizeSearchKeyword(name)) }))
      .filter((c): c is { column: number; field: Field } => c.column >= 5 && c.field !== undefined);
    const categoryColumn = fieldByName.has(CATEGORY_COLUMN)
      ? -1
      : sheet.header.findIndex(
          (name, column) => column >= 5 && normalizeSearchKeyword(name) === CATEGORY_COLUMN,
        );

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
        const error = validateDatasheetValue(field, value);
        if (error) return fail(IMPORT_MESSAGES.badField(field.name, error));
        infos.push({ fieldId: field.id, value });
      }
      const categoryName = categoryColumn >= 0 ? (cells[categoryColumn] ?? '').trim() : '';
      const categoryId = categoryName
        ? (categoryByName.get(normalizeSearchKeyword(categoryName)) ?? null)
        : defaultCategory;
      if (categoryName && categoryId === null) return fail(NAMED_LIST_MESSAGES.categoryNotFound);
      if (seenPhones.has(phone))
        return { number: label, status: 'duplicado', message: IMPORT_MESSAGES.duplicated };
      seenPhones.add(phone);
      // 02 §5: agents by e-mail, the importing user (or the agent chosen for the import) otherwise.
      const agentId = agentByEmail.get(rawEmail.trim().toLowerCase()) ?? fallbackAgent;
      return { index, label, phone, firstName, lastName, tags: rowTags, agentId, categoryId, infos };
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
    const labels = new Map(writable.map((row) => [row.index, row.label]));
    const importId = await this.imports.start(
      {
        companyId: user.companyId,
        userId: user.id,
        channelId: channel.id,
        fileName: file.originalname,
        total,
      },
      sheet.rows.map((_, index): StoredImportRow => {
        const result = results[index];
        return result
          ? { row: index, number: result.number, status: result.status, message: result.message }
          : { row: index, number: labels.get(index) ?? '', status: 'pendiente', message: null };
      }),
    );
    let processed = total - writable.length;
    let created = 0;
    this.progress(user, processed, total);
    let failedFrom = -1;
    for (let start = 0; start < writable.length; start += IMPORT_BATCH_SIZE) {
      const batch = writable.slice(start, start + IMPORT_BATCH_SIZE);
      try {
        const inserted = await this.writeBatch(user, channel.id, importId, batch, {
          creatable,
          newTags,
          tagIdByKey,
        });
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
    await this.imports.finish(importId, IMPORT_MESSAGES.failed);
    const errors = results.filter((r) => r.status === 'error').length;
    return {
      importContacts: created,
      newClientsDataResult: results,
      finalStatus: errors === 0 ? 'success' : created > 0 || errors < total ? 'partial' : 'error',
      importId,
    };
  }

  /** The user's latest imports, without their rows. */
  async list(user: AuthUser): Promise<ContactImportReport[]> {
    await this.imports.markInterrupted(this.config.importStaleMs);
    const records = await this.imports.listOf(user.companyId, user.id, LISTED_IMPORTS);
    return records.map((record) => reportOf(record, null));
  }

  /** One import of the user with every row: what was imported and what was not. */
  async report(user: AuthUser, importId: number): Promise<ContactImportReport> {
    await this.imports.markInterrupted(this.config.importStaleMs);
    const record = await this.imports.find(user.companyId, user.id, importId);
    if (!record) throw new AppException('CONTACT_IMPORT_NOT_FOUND', { field: 'id' });
    return reportOf(record, await this.imports.rows(user.companyId, importId));
  }

  private async fallbackAgent(user: AuthUser, agentId: number | null): Promise<number> {
    if (agentId === null || agentId === user.id) return user.id;
    if (!(await this.repository.isCompanyUser(user.companyId, agentId))) {
      throw AppException.validation('agentId', IMPORT_MESSAGES.agentNotFound);
    }
    return agentId;
  }

  private progress(user: AuthUser, processed: number, total: number): void {
    this.realtime.toUser(user.id, 'progressBar', {
      progress: total === 0 ? 100 : Math.round((processed / total) * 100),
      processed,
      total,
    });
  }

  /** The company's data-sheet field names, in order: the import template's columns after the fixed ones. */
  async templateFields(companyId: number): Promise<string[]> {
    return (await this.datasheet.list(companyId)).map((field) => field.name);
  }

  /**
   * One transaction: the tags this batch is the first to need, the contacts (an existing key is left alone and
   * reported as a duplicate), their tags and data-sheet values. Returns the phones created.
   */
  private async writeBatch(
    user: AuthUser,
    channelId: number,
    importId: number,
    batch: ReadyRow[],
    tagState: { creatable: Set<string>; newTags: Map<string, string>; tagIdByKey: Map<string, number> },
  ): Promise<Set<string>> {
    const { creatable, newTags, tagIdByKey } = tagState;
    const known = new Map(tagIdByKey);
    const tagKey = (tag: string) => companyScopedKey(user.companyId, tag);
    const created = await this.repository.transaction(async (trx) => {
      const wanted = [...new Set(batch.flatMap((r) => r.tags.map(tagKey)))];
      const missing = wanted.filter((key) => !known.has(key) && creatable.has(key));
      const tags = await this.repository.insertTags(
        trx,
        user.companyId,
        missing.map((key) => ({
          name: newTags.get(key) ?? key,
          color: TAG_COLORS[randomInt(TAG_COLORS.length)],
          key,
        })),
      );
      for (const row of tags) known.set(row.key, row.id);
      const inserted = await this.repository.insertContacts(
        trx,
        user.companyId,
        channelId,
        batch.map((r) => ({
          phone: r.phone,
          firstName: r.firstName,
          lastName: r.lastName,
          cleanedName: cleanedName([r.firstName, r.lastName].filter(Boolean).join(' '), r.phone),
          agentId: r.agentId,
          categoryId: r.categoryId,
        })),
      );
      const idByPhone = new Map(inserted.map((r) => [r.senderId, r.id]));
      const tagPairs: Array<{ clientId: number; tagId: number }> = [];
      const infos: Array<{ clientId: number; fieldId: number; value: string }> = [];
      for (const row of batch) {
        const clientId = idByPhone.get(row.phone);
        if (clientId === undefined) continue;
        for (const tag of row.tags) {
          const tagId = known.get(tagKey(tag));
          if (tagId !== undefined) tagPairs.push({ clientId, tagId });
        }
        for (const info of row.infos) infos.push({ clientId, ...info });
      }
      await this.repository.tagContacts(trx, tagPairs);
      await this.repository.saveInfos(trx, infos);
      // The report's rows commit with the contacts they describe.
      await this.imports.recordBatch(
        trx,
        importId,
        batch.map((row) =>
          idByPhone.has(row.phone)
            ? { row: row.index, status: 'creado' as const, message: IMPORT_MESSAGES.created }
            : { row: row.index, status: 'duplicado' as const, message: IMPORT_MESSAGES.duplicated },
        ),
      );
      return new Set(idByPhone.keys());
    });
    // Only once committed: a rolled-back batch's tags do not exist.
    for (const [key, id] of known) tagIdByKey.set(key, id);
    return created;
  }
}

/** A stored import as its report; a row never reached is pending while it runs, not imported once it stopped. */
function reportOf(record: ImportRecord, rows: StoredImportRow[] | null): ContactImportReport {
  const report: ContactImportReport = {
    id: record.id,
    channelId: record.channelId,
    fileName: record.fileName,
    status: record.status,
    total: record.total,
    created: record.created,
    notImported: 0,
    startedAt: record.startedAt.toISOString(),
    finishedAt: record.finishedAt?.toISOString() ?? null,
  };
  if (rows === null) return report;
  report.rows = rows.map((row) => {
    if (row.status !== 'pendiente')
      return { number: row.number, status: row.status, message: row.message ?? '' };
    return record.status === 'running'
      ? { number: row.number, status: 'pendiente', message: IMPORT_MESSAGES.pending }
      : { number: row.number, status: 'error', message: IMPORT_MESSAGES.interrupted };
  });
  report.notImported = report.rows.filter((row) => row.status === 'error').length;
  return report;
}
