import {
  CHAT_UPLOAD_MIME_TYPES,
  parseQuickAnswerShortcut,
  QUICK_ANSWER_MESSAGES,
  validateQuickAnswerText,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { resolveSpaceId, usableSpaceIds } from '../../common/space-scope';
import type { QuickAnswerFile } from '../../database/column-types';
import { FileStorageService } from '../../providers/storage/file-storage.service';
import type { SpooledFile } from '../../providers/storage/spooled-upload.interceptor';
import { checkUploadContent } from '../../providers/storage/upload-check';
import { SpacesRepository } from '../spaces/spaces.repository';
import type { SaveQuickAnswerInput, UpdateQuickAnswerInput } from './dto/quick-answer.input';
import type { QuickAnswerModel } from './models/quick-answer.model';
import { QuickAnswersRepository, type QuickAnswerView, SHORTCUT_TAKEN } from './quick-answers.repository';

function notFound(): AppException {
  return new AppException('NOT_FOUND', { field: 'id', userMessage: QUICK_ANSWER_MESSAGES.notFound });
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
    private readonly spaces: SpacesRepository,
    private readonly answers: QuickAnswersRepository,
    private readonly storage: FileStorageService,
  ) {}

  async list(user: AuthUser, options: QuickAnswerListOptions = {}): Promise<QuickAnswerModel[]> {
    const spaceId = await resolveSpaceId(this.spaces, user, options.spaceId);
    // 02 §7: by creation date, either way.
    const direction = options.order === 'asc' ? 'asc' : 'desc';
    const search = options.search?.trim().toLocaleLowerCase('es') ?? '';
    return this.answers.list(user.companyId, spaceId, search, direction);
  }

  async get(user: AuthUser, id: number): Promise<QuickAnswerModel> {
    const row = await this.answers.byId(id);
    if (!row) throw notFound();
    if (row.companyId !== user.companyId)
      throw new AppException('FORBIDDEN', { message: 'Quick answer of another company' });
    // An answer of a space the caller is not in reads as one that does not exist.
    if (!(await usableSpaceIds(this.spaces, user)).includes(row.spaceId)) throw notFound();
    const { companyId: _companyId, ...answer } = row;
    return answer;
  }

  async create(
    user: AuthUser,
    input: SaveQuickAnswerInput,
    upload: SpooledFile | null,
  ): Promise<QuickAnswerModel> {
    const spaceId = await resolveSpaceId(this.spaces, user, input.spaceId);
    const shortcut = this.shortcutOf(input);
    const text = input.text ?? '';
    this.checkText(text, upload !== null);
    await this.checkShortcutFree(spaceId, shortcut, null);
    const file = upload ? await this.storeFile(upload, input.fileName) : null;
    return this.saved(await this.answers.create(user.companyId, spaceId, { shortcut, text, file }));
  }

  async update(
    user: AuthUser,
    input: UpdateQuickAnswerInput,
    upload: SpooledFile | null,
  ): Promise<QuickAnswerModel> {
    const current = await this.get(user, input.id);
    // An answer stays in its space; a spaceId sent along must still be one the user may use.
    if (input.spaceId !== null && input.spaceId !== undefined)
      await resolveSpaceId(this.spaces, user, input.spaceId);
    const shortcut = this.shortcutOf(input);
    const removeFile = input.removeFile === true || input.removeFile === 'true';
    const keepsFile = upload !== null || (!removeFile && current.file !== null);
    const text = input.text ?? '';
    this.checkText(text, keepsFile);
    await this.checkShortcutFree(current.spaceId, shortcut, current.id);
    // The previous file is left in storage: messages already sent with it keep pointing at its URL.
    let file = removeFile ? null : current.file;
    if (upload) file = await this.storeFile(upload, input.fileName);
    else if (file && input.fileName?.trim()) file = { ...file, name: input.fileName.trim() };
    return this.saved(await this.answers.update(user.companyId, current.id, { shortcut, text, file }));
  }

  async remove(user: AuthUser, id: number): Promise<QuickAnswerModel> {
    const current = await this.get(user, id);
    await this.answers.delete(user.companyId, id);
    return current;
  }

  /** The composer inserted it: lastUse and frecuency keep the answers ordered by use. */
  async use(user: AuthUser, id: number): Promise<QuickAnswerModel> {
    const spaceIds = await usableSpaceIds(this.spaces, user);
    const row = await this.answers.markUsed(user.companyId, id, spaceIds);
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
    if (await this.answers.shortcutTaken(spaceId, shortcut, exceptId))
      throw new AppException('SHORTCUT_ALREADY_EXISTS', { field: 'shortcut' });
  }

  // Two saves racing past the check ('/Hola' and '/HOLA' at once): the case-insensitive unique index decides.
  private saved(row: QuickAnswerView | typeof SHORTCUT_TAKEN | undefined): QuickAnswerModel {
    if (row === SHORTCUT_TAKEN) throw new AppException('SHORTCUT_ALREADY_EXISTS', { field: 'shortcut' });
    if (!row) throw notFound();
    return row;
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
