import { CHAT_UPLOAD_MIME_TYPES, parseQuickAnswerShortcut, validateQuickAnswerText } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { resolveSpaceId, usableSpaceIds } from '../../common/space-scope';
import { firstRow } from '../../database/query-rows';
import { FileStorageService } from '../../providers/storage/file-storage.service';
import type { SpooledFile } from '../../providers/storage/spooled-upload.interceptor';
import { checkUploadContent } from '../../providers/storage/upload-check';
import type { SaveQuickAnswerInput, UpdateQuickAnswerInput } from './dto/quick-answer.input';
import type { QuickAnswerFile } from './entities/quick-answer.entity';
import type { QuickAnswerModel } from './models/quick-answer.model';

const COLUMNS = `id, "spaceId", shortcut, text, file, to_json("lastUse") #>> '{}' AS "lastUse", frecuency,
  to_json("createdAt") #>> '{}' AS "createdAt"`;

const UNIQUE_VIOLATION = '23505';
// The case-insensitive unique index on ("spaceId", lower(shortcut)), migration 1763876000000.
const SHORTCUT_INDEX = 'UQ_quick_answers_space_lower_shortcut';

function notFound(): AppException {
  return new AppException('NOT_FOUND', { field: 'id', userMessage: 'La respuesta rápida no existe.' });
}

export interface QuickAnswerListOptions {
  spaceId?: number | null;
  order?: string;
  search?: string | null;
}

/** 02 §3 Quick answer: per space, shortcut unique in it (SHORTCUT_ALREADY_EXISTS), optional file. */
@Injectable()
export class QuickAnswersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: FileStorageService,
  ) {}

  async list(user: AuthUser, options: QuickAnswerListOptions = {}): Promise<QuickAnswerModel[]> {
    const spaceId = await resolveSpaceId(this.dataSource, user, options.spaceId);
    // 02 §7: by creation date, either way.
    const direction = options.order === 'asc' ? 'ASC' : 'DESC';
    const search = options.search?.trim().toLocaleLowerCase('es') ?? '';
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM quick_answers WHERE "companyId" = $1 AND "spaceId" = $2
         AND ($3 = '' OR strpos(lower(shortcut || ' ' || text || ' ' || coalesce(file->>'name', '')), $3) > 0)
       ORDER BY "createdAt" ${direction}, id ${direction}`,
      [user.companyId, spaceId, search],
    );
  }

  async get(user: AuthUser, id: number): Promise<QuickAnswerModel> {
    const row = firstRow<QuickAnswerModel & { companyId: number }>(
      await this.dataSource.query(`SELECT ${COLUMNS}, "companyId" FROM quick_answers WHERE id = $1`, [id]),
    );
    if (!row) throw notFound();
    if (row.companyId !== user.companyId)
      throw new AppException('FORBIDDEN', { message: 'Quick answer of another company' });
    // An answer of a space the caller is not in reads as one that does not exist.
    if (!(await usableSpaceIds(this.dataSource, user)).includes(row.spaceId)) throw notFound();
    const { companyId: _companyId, ...answer } = row;
    return answer;
  }

  async create(
    user: AuthUser,
    input: SaveQuickAnswerInput,
    upload: SpooledFile | null,
  ): Promise<QuickAnswerModel> {
    const spaceId = await resolveSpaceId(this.dataSource, user, input.spaceId);
    const shortcut = this.shortcutOf(input);
    const text = input.text ?? '';
    this.checkText(text, upload !== null);
    await this.checkShortcutFree(spaceId, shortcut, null);
    const file = upload ? await this.storeFile(upload, input.fileName) : null;
    const row = await this.writeOrConflict(() =>
      this.dataSource.query(
        `INSERT INTO quick_answers ("companyId", "spaceId", shortcut, text, file) VALUES ($1, $2, $3, $4, $5)
         RETURNING ${COLUMNS}`,
        [user.companyId, spaceId, shortcut, text, file ? JSON.stringify(file) : null],
      ),
    );
    return row;
  }

  async update(
    user: AuthUser,
    input: UpdateQuickAnswerInput,
    upload: SpooledFile | null,
  ): Promise<QuickAnswerModel> {
    const current = await this.get(user, input.id);
    const shortcut = this.shortcutOf(input);
    const removeFile = input.removeFile === true || input.removeFile === 'true';
    const keepsFile = upload !== null || (!removeFile && current.file !== null);
    const text = input.text ?? '';
    this.checkText(text, keepsFile);
    await this.checkShortcutFree(current.spaceId, shortcut, current.id);
    // The previous file is left in storage: messages already sent with it keep pointing at its URL.
    let file = removeFile ? null : (current.file as QuickAnswerFile | null);
    if (upload) file = await this.storeFile(upload, input.fileName);
    else if (file && input.fileName?.trim()) file = { ...file, name: input.fileName.trim() };
    return this.writeOrConflict(() =>
      this.dataSource.query(
        `UPDATE quick_answers SET shortcut = $2, text = $3, file = $4 WHERE id = $1 AND "companyId" = $5
         RETURNING ${COLUMNS}`,
        [current.id, shortcut, text, file ? JSON.stringify(file) : null, user.companyId],
      ),
    );
  }

  async remove(user: AuthUser, id: number): Promise<QuickAnswerModel> {
    const current = await this.get(user, id);
    await this.dataSource.query(`DELETE FROM quick_answers WHERE id = $1 AND "companyId" = $2`, [
      id,
      user.companyId,
    ]);
    return current;
  }

  /** The composer inserted it: lastUse and frecuency keep the answers ordered by use. */
  async use(user: AuthUser, id: number): Promise<QuickAnswerModel> {
    const spaceIds = await usableSpaceIds(this.dataSource, user);
    const row = firstRow<QuickAnswerModel>(
      await this.dataSource.query(
        `UPDATE quick_answers SET "lastUse" = now(), frecuency = frecuency + 1
         WHERE id = $1 AND "companyId" = $2 AND "spaceId" = ANY($3::int[]) RETURNING ${COLUMNS}`,
        [id, user.companyId, spaceIds],
      ),
    );
    if (!row) throw notFound();
    return row;
  }

  private shortcutOf(input: SaveQuickAnswerInput): string {
    const parsed = parseQuickAnswerShortcut(input.shortcut);
    if (!parsed.ok) throw AppException.validation('shortcut', parsed.error);
    return parsed.shortcut;
  }

  private checkText(text: string, hasFile: boolean): void {
    const error = validateQuickAnswerText(text, hasFile);
    if (error) throw AppException.validation('text', error);
  }

  // Case does not make a different shortcut for the agent typing it: '/Hola' and '/hola' are the same.
  private async checkShortcutFree(spaceId: number, shortcut: string, exceptId: number | null): Promise<void> {
    const taken = await this.dataSource.query(
      `SELECT 1 FROM quick_answers WHERE "spaceId" = $1 AND lower(shortcut) = lower($2) AND id <> $3 LIMIT 1`,
      [spaceId, shortcut, exceptId ?? 0],
    );
    if (taken.length > 0) throw new AppException('SHORTCUT_ALREADY_EXISTS', { field: 'shortcut' });
  }

  private async writeOrConflict(write: () => Promise<unknown>): Promise<QuickAnswerModel> {
    try {
      const row = firstRow<QuickAnswerModel>(await write());
      if (!row) throw notFound();
      return row;
    } catch (error) {
      // Two saves racing past the check ('/Hola' and '/HOLA' at once): the case-insensitive unique index decides.
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === UNIQUE_VIOLATION && constraint === SHORTCUT_INDEX)
        throw new AppException('SHORTCUT_ALREADY_EXISTS', { field: 'shortcut' });
      throw error;
    }
  }

  /** 02 §5 upload rules on the content itself; stored in the public area because providers fetch it. */
  private async storeFile(upload: SpooledFile, fileName: string | undefined): Promise<QuickAnswerFile> {
    const rule = await checkUploadContent(upload, CHAT_UPLOAD_MIME_TYPES);
    const stored = await this.storage.put({ path: upload.path, size: upload.size }, rule.mimeType);
    return {
      name: fileName?.trim() || upload.originalname,
      url: stored.url,
      key: stored.key,
      fileType: rule.mediaType,
      mimeType: rule.mimeType,
      weight: upload.size,
    };
  }
}
