import { readFile } from 'node:fs/promises';
import {
  buildTemplateComponents,
  ERROR_CATALOGUE,
  type ErrorCode,
  isTemplateLanguage,
  normalizeProviderTemplateStatus,
  resolveContentType,
  TEMPLATE_MEDIA_MIME_TYPES,
  TEMPLATE_MESSAGES,
  type TemplateCategory,
  type TemplateDraftErrors,
  type TemplateHeaderDraft,
  type TemplateType,
  type TemplateView,
  templateLimitReached,
  templateStatusFromProvider,
  templateVariableCount,
  UPLOAD_MESSAGES,
  VALIDATION_MESSAGES,
  validateTemplateDraft,
  validateTemplateMedia,
} from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import type { Executor } from '../../database/kysely';
import { JobQueueService } from '../../jobs/job-queue.service';
import type {
  ChannelCredentials,
  SubmittedTemplate,
  TemplateProviderPort,
} from '../../providers/channels/channel-provider';
import { FileStorageService } from '../../providers/storage/file-storage.service';
import { readHead, type SpooledFile } from '../../providers/storage/spooled-upload.interceptor';
import { ChannelRegistry } from '../channels/channel-registry.service';
import type { ChannelRow } from '../channels/channels.repository';
import { ChannelsService } from '../channels/channels.service';
import { CompaniesService } from '../companies/companies.service';
import type { CreateTemplateInput, UploadTemplateMediaInput } from './dto/template.input';
import { type RequestedComponents, readRequestedComponents } from './template-components';
import { providerRefusal, templatePort } from './template-view';
import {
  RESERVATION_TTL_MS,
  TEMPLATE_RESERVED,
  type TemplateDraftRow,
  type TemplateMediaRow,
  TemplatesRepository,
} from './templates.repository';
import { TemplatesService } from './templates.service';

export interface UploadedTemplateMedia {
  handle: string;
  url: string;
  mimeType: string;
  fileName: string;
  size: number;
}

type DraftField = keyof TemplateDraftErrors | 'language' | 'footer';

// 02 §8: the spec's own code for a refused part, where it has one; the others are VALIDATION_ERROR.
function codeOf(field: DraftField, message: string): ErrorCode {
  if (field === 'type') return 'EMPTY_TYPE_ERROR';
  if (field === 'category') return 'EMPTY_CATEGORY_ERROR';
  if (field === 'text' && message === ERROR_CATALOGUE.INPUT_SIZE_LIMIT_ERROR.userMessage)
    return 'INPUT_SIZE_LIMIT_ERROR';
  // 02 §5 "Editor content must be non-empty": a message with no text at all.
  if (field === 'text' && message === VALIDATION_MESSAGES.required) return 'EMPTY_EDITOR_CONTENT_ERROR';
  return 'VALIDATION_ERROR';
}

/** Every refused part at once (`fields`), the first one as the error's field, code and text. */
function draftRefusal(errors: Partial<Record<DraftField, string>>): AppException | null {
  const entries = Object.entries(errors) as Array<[DraftField, string]>;
  const first = entries[0];
  if (!first) return null;
  const [field, message] = first;
  return new AppException(codeOf(field, message), {
    field,
    fields: Object.fromEntries(entries),
    userMessage: message,
    message: `Invalid template: ${entries.map(([f]) => f).join(', ')}`,
  });
}

/**
 * Issue 16: a template is reserved in our table, goes to the provider, then is completed with the provider's
 * answer, or is nowhere. Header files are uploaded first (our public copy for previews, the provider's handle for
 * the submission).
 */
@Injectable()
export class TemplateCreationService {
  private readonly logger = new Logger(TemplateCreationService.name);

  constructor(
    private readonly channels: ChannelsService,
    private readonly registry: ChannelRegistry,
    private readonly templates: TemplatesRepository,
    private readonly service: TemplatesService,
    private readonly storage: FileStorageService,
    private readonly jobs: JobQueueService,
    private readonly companies: CompaniesService,
  ) {}

  /** POST /whatsappTemplate/media: 02 §5 template media (jpeg, png, mp4 or pdf, read from the bytes). */
  async uploadMedia(
    user: AuthUser,
    input: UploadTemplateMediaInput,
    upload: SpooledFile | null,
  ): Promise<UploadedTemplateMedia> {
    if (!upload) throw AppException.validation('file', UPLOAD_MESSAGES.attachFile);
    const channel = await this.channels.getForCompany(user.companyId, input.channelId);
    const port = templatePort(this.registry.get(channel.platform), channel);
    const fileName = upload.originalname.trim();
    const type = resolveContentType(
      fileName,
      await readHead(upload.path),
      upload.size,
      TEMPLATE_MEDIA_MIME_TYPES,
    );
    if (!type.ok) throw AppException.validation('file', type.error);
    const mimeType = type.rule.mimeType;
    const headerType = input.headerType ?? (mimeType === 'application/pdf' ? 'doc' : 'imagen');
    const refused = validateTemplateMedia({ name: fileName, type: mimeType, size: upload.size }, headerType);
    if (refused) throw AppException.validation('file', refused);

    const stored = await this.storage.put({ path: upload.path, size: upload.size }, mimeType);
    try {
      const handle = await port.uploadTemplateMedia(this.channels.credentials(channel), {
        bytes: new Uint8Array(await readFile(upload.path)),
        mimeType,
        fileName,
      });
      const row = await this.templates.insertMedia({
        companyId: user.companyId,
        channelId: channel.id,
        url: stored.url,
        storageKey: stored.key,
        handle,
        mimeType,
        fileName,
        size: upload.size,
      });
      return { handle, url: row.url, mimeType, fileName, size: row.size };
    } catch (error) {
      await this.storage.removePublic(stored.key).catch(() => undefined);
      throw providerRefusal(error, 'TEMPLATE_MEDIA_UPLOAD_ERROR');
    }
  }

  /** POST /whatsappTemplate: the shared rules, the 02 §9 limit, the name free, then the provider and our table. */
  async create(user: AuthUser, input: CreateTemplateInput): Promise<TemplateView> {
    const channel = await this.channels.getForCompany(user.companyId, input.channelId);
    const port = templatePort(this.registry.get(channel.platform), channel);
    const reading = readRequestedComponents(input.components);
    if (!reading.ok) throw AppException.validation(reading.field, reading.message);
    const requested = reading.components;
    const media = await this.headerMedia(user, requested);
    // Issue 16: a template names its language, or is submitted in the one its company chose.
    const language = input.language ?? (await this.companies.getSettings(user.companyId)).templateLanguage;
    const refusal = draftRefusal(this.draftErrors(input, requested, media, channel, language));
    if (refusal) throw refusal;

    // Past the rules every part has its checked value.
    const name = input.name as string;
    const category = input.category as TemplateCategory;
    const type = input.type as TemplateType;
    const text = requested.text as string;
    const header = (handle: 'url' | 'handle'): TemplateHeaderDraft | null => {
      if (!requested.header || requested.header.type === 'invalid') return null;
      if (requested.header.type === 'text') return { type: 'text', text: requested.header.text.trim() };
      const file = media as TemplateMediaRow;
      return { type: requested.header.type, handle: file[handle], mimeType: file.mimeType };
    };
    const parts = { text, examples: requested.examples, footer: requested.footer };
    const components = buildTemplateComponents({ ...parts, header: header('url') });
    const submission = {
      name,
      language,
      category,
      components: buildTemplateComponents({ ...parts, header: header('handle') }),
    };

    const credentials = this.channels.credentials(channel);
    const id = await this.reserve(user, channel, {
      companyId: user.companyId,
      channelId: channel.id,
      name,
      language,
      type,
      category,
      components,
      variables: templateVariableCount(text),
    });

    // No connection is held while the provider answers (up to its timeout): the reservation keeps the limit and
    // the name meanwhile.
    let submitted: SubmittedTemplate;
    try {
      submitted = await port.createTemplate(credentials, submission);
    } catch (error) {
      await this.release(user.companyId, channel.id, id);
      throw providerRefusal(error, 'TEMPLATE_ERROR');
    }
    try {
      await this.templates.transaction((trx) => this.complete(trx, id, submitted));
    } catch (error) {
      await this.release(user.companyId, channel.id, id);
      await this.withdraw(channel, port, credentials, { name, language }, submitted, error);
      throw providerRefusal(error, 'TEMPLATE_ERROR');
    }
    const [view] = await this.service.publishUpdated([id]);
    return view;
  }

  /**
   * The short transaction of a creation: under the company's lock, the 02 §9 limit and the name are checked and
   * the template is stored as a reservation, which both count until the provider answers. A refusal caused by
   * reservations left behind (a process stopped mid-creation) queues a sync of their channels, which settles them.
   */
  private async reserve(user: AuthUser, channel: ChannelRow, draft: TemplateDraftRow): Promise<number> {
    const abandonedBefore = new Date(Date.now() - RESERVATION_TTL_MS);
    const outcome = await this.templates.transaction(
      async (trx): Promise<{ id: number } | { refusal: AppException; heal: number[] }> => {
        await this.templates.lockCompanyCreation(trx, user.companyId);
        if (templateLimitReached(await this.templates.countCreated(trx, user.companyId))) {
          return {
            refusal: new AppException('WHATSAPP_TEMPLATES_LIMIT_REACHED'),
            heal: await this.templates.channelsWithReservationsBefore(trx, user.companyId, abandonedBefore),
          };
        }
        const existing = await this.templates.findOnChannel(channel.id, draft.name, draft.language, trx);
        const id = existing ? undefined : await this.templates.reserve(trx, draft);
        if (id !== undefined) return { id };
        const abandoned =
          existing?.rawStatus === TEMPLATE_RESERVED &&
          existing.createdAt.getTime() < abandonedBefore.getTime();
        return {
          refusal: new AppException('TEMPLATE_ALREADY_EXISTS', { field: 'name' }),
          heal: abandoned ? [channel.id] : [],
        };
      },
    );
    if ('id' in outcome) return outcome.id;
    for (const channelId of outcome.heal) {
      // One sync per channel and period, however often the refused creation is tried again.
      const period = Math.floor(Date.now() / RESERVATION_TTL_MS);
      await this.jobs
        .enqueue(
          'templates-sync',
          { channelId },
          { singletonKey: `template-reservations:${channelId}:${period}` },
        )
        .catch((error: unknown) => this.logger.error(`templates-sync not queued: ${String(error)}`));
    }
    throw outcome.refusal;
  }

  /**
   * The provider took the template: the reservation gets its id and status. A status webhook (or a sync) that
   * reached the row first said something newer than this answer, so then only the ids are added. A row gone (the
   * template deleted meanwhile) fails the creation, which then withdraws the provider's template.
   */
  private async complete(trx: Executor, id: number, submitted: SubmittedTemplate): Promise<void> {
    const row = await this.templates.lockById(trx, id);
    if (!row) throw new Error(`template ${id}: its reservation is gone`);
    const ids = {
      providerTemplateId: submitted.providerTemplateId,
      providerAccountId: submitted.accountId ?? null,
    };
    if (row.rawStatus !== TEMPLATE_RESERVED) {
      await this.templates.setProviderIds(trx, id, ids);
      return;
    }
    const rawStatus =
      normalizeProviderTemplateStatus(submitted.rawStatus) ?? submitted.rawStatus.slice(0, 24);
    // The provider's answer has no time of its own: the first status webhook is ordered by rank alone.
    await this.templates.setProviderState(
      trx,
      id,
      {
        status: templateStatusFromProvider(submitted.rawStatus) ?? 'submitted',
        rawStatus,
        reason: null,
        statusAt: null,
      },
      ids,
    );
  }

  /** Drops the reservation of a creation that failed; left to a sync when even that fails (it is then stale). */
  private async release(companyId: number, channelId: number, id: number): Promise<void> {
    try {
      // A fresh reservation is listed: screens that read it meanwhile drop it.
      if (await this.templates.releaseReservation(id)) {
        this.service.publishDeleted(companyId, [{ id, channelId }]);
      }
    } catch (error) {
      this.logger.error(`template reservation ${id} not released: ${String(error)}`);
    }
  }

  /** The uploaded file a media header names by its URL; null when it names none or one we do not have. */
  private async headerMedia(
    user: AuthUser,
    requested: RequestedComponents,
  ): Promise<TemplateMediaRow | null> {
    const header = requested.header;
    if (!header || header.type === 'text' || header.type === 'invalid' || !header.url) return null;
    return (await this.templates.mediaByUrl(user.companyId, header.url)) ?? null;
  }

  private draftErrors(
    input: CreateTemplateInput,
    requested: RequestedComponents,
    media: TemplateMediaRow | null,
    channel: ChannelRow,
    language: string,
  ): Partial<Record<DraftField, string>> {
    const header = requested.header;
    const errors: Partial<Record<DraftField, string>> = validateTemplateDraft({
      name: input.name,
      text: requested.text,
      type: input.type,
      category: input.category,
      examples: requested.examples,
      headerType: header ? (header.type === 'invalid' ? header.format || header.type : header.type) : null,
      headerText: header?.type === 'text' ? header.text : null,
      headerMedia: media ? { name: media.fileName, type: media.mimeType, size: media.size } : null,
    });
    // The handle is the provider's for the channel it was uploaded to.
    if (!errors.header && media && media.channelId !== channel.id) {
      errors.header = TEMPLATE_MESSAGES.headerMediaOtherChannel;
    }
    if (!isTemplateLanguage(language)) errors.language = TEMPLATE_MESSAGES.languageInvalid;
    return errors;
  }

  /**
   * The provider created the template but our table did not take it: nothing may stay half-stored. The provider's
   * template is deleted, by its id where the provider can; a provider that deletes every language of a name
   * (360dialog) is not asked when the channel has the name in another language: then, as when the delete fails, a
   * sync of the channel imports the template, whole.
   */
  private async withdraw(
    channel: ChannelRow,
    port: TemplateProviderPort,
    credentials: ChannelCredentials,
    template: { name: string; language: string },
    submitted: SubmittedTemplate,
    cause: unknown,
  ): Promise<void> {
    this.logger.error(
      `template ${template.name}/${template.language} created at the provider (${submitted.providerTemplateId}) ` +
        `but not stored: ${String(cause)}`,
    );
    try {
      const others = (await this.templates.byName(channel.id, template.name)).filter(
        (row) => row.language !== template.language,
      );
      if (others.length === 0) {
        await port.deleteTemplate(credentials, template.name, submitted.providerTemplateId);
        return;
      }
    } catch (error) {
      this.logger.error(`template ${submitted.providerTemplateId} not withdrawn: ${String(error)}`);
    }
    await this.jobs
      .enqueue('templates-sync', { channelId: channel.id })
      .catch((error: unknown) => this.logger.error(`templates-sync not queued: ${String(error)}`));
  }
}
