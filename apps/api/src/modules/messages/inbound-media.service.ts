import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  checkInboundMedia,
  type InboundMediaType,
  inboundMediaMaxBytes,
  isMediaFileStatus,
  MEDIA_FETCH_MESSAGES,
  type MediaFileStatus,
  type MessageView,
  mediaTooLargeMessage,
  messageMediaPath,
} from '@crm/shared';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { type JobInfo, JobQueueService, RetryJobError } from '../../jobs/job-queue.service';
import {
  type InboundContent,
  type MediaRef,
  type MediaType,
  ProviderError,
  type WebhookEvent,
} from '../../providers/channels/channel-provider';
import { FileStorageService } from '../../providers/storage/file-storage.service';
import type { StoredObject } from '../../providers/storage/storage-backend';
import { SpoolLimitError, spoolStream } from '../../providers/storage/stream-spool';
import { RealtimeService } from '../../realtime/realtime.service';
import { ChannelRegistry } from '../channels/channel-registry.service';
import type { ChannelRow } from '../channels/channels.repository';
import { ChannelsService } from '../channels/channels.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import { messageView } from './message.view';
import { type MessageRow, MessagesRepository } from './messages.repository';

export const INBOUND_MEDIA_QUEUE = 'inbound-media';
const FETCH_MAX_ATTEMPTS = 8;
const MEDIA_TYPES: readonly InboundMediaType[] = ['image', 'video', 'audio', 'document', 'sticker'];

/**
 * The first try runs at once (Meta's media URLs last minutes); then 1 s, 3 s, 9 s … at most 10 minutes apart:
 * eight tries over about a quarter of an hour, well within the 7 days a webhook's media id lives. 'Reintentar'
 * starts over later.
 */
export function fetchBackoffMs(attempt: number): number {
  return Math.min(600_000, 1000 * 3 ** Math.max(0, attempt - 1));
}

/** payload.file of a received media message, as inbound contentOf and this service write it. */
interface ReceivedFile {
  status: MediaFileStatus | null;
  url: string | null;
  key: string | null;
  providerMediaId: string | null;
  /** The provider's own URL (Messenger, SMS), kept once `url` points at our copy. */
  sourceUrl: string | null;
  mimeType: string | null;
  name: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function receivedFile(message: Pick<MessageRow, 'payload'> | null | undefined): ReceivedFile | null {
  const file = message?.payload?.file;
  if (typeof file !== 'object' || file === null || Array.isArray(file)) return null;
  const raw = file as Record<string, unknown>;
  return {
    status: isMediaFileStatus(raw.status) ? raw.status : null,
    url: text(raw.url),
    key: text(raw.key),
    providerMediaId: text(raw.providerMediaId),
    sourceUrl: text(raw.sourceUrl),
    mimeType: text(raw.mimeType),
    name: text(raw.name),
  };
}

type MediaContent = Extract<InboundContent, { type: MediaType }>;

function isMediaContent(content: InboundContent): content is MediaContent {
  return (MEDIA_TYPES as readonly string[]).includes(content.type);
}

/** Whether a received content names a file the provider keeps (a media id, or a URL that will expire). */
export function needsMediaFetch(content: InboundContent): boolean {
  return isMediaContent(content) && Boolean(content.providerMediaId || content.url);
}

/** The file state a received content starts with: pending when there is something to download. */
export function initialMediaStatus(content: InboundContent): MediaFileStatus | null {
  return needsMediaFetch(content) ? 'pending' : null;
}

/**
 * A failed download may be asked again; so may a WhatsApp file received before downloads existed (a media id and
 * no URL): Meta keeps it for days.
 */
function canRetry(file: ReceivedFile): boolean {
  return (
    file.status === 'failed' || (file.status === null && file.url === null && file.providerMediaId !== null)
  );
}

/** The id of the message a URL of our private media route names (absolute on our origin, or relative); else null. */
export function mediaMessageIdOf(url: string, appUrl: string): number | null {
  let parsed: URL;
  try {
    parsed = new URL(url, appUrl);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(appUrl).origin) return null;
  const match = /^\/api\/messages\/(\d{1,9})\/media$/.exec(parsed.pathname);
  return match ? Number(match[1]) : null;
}

/** Where a company's received files are kept, in the storage's private area. */
function inboundFolder(companyId: number): string {
  return `inbound/${companyId}`;
}

export interface ServedMedia {
  object: StoredObject;
  mimeType: string;
  name: string | null;
  /** Images, videos, voice notes and stickers may show in place; documents always download. */
  inline: boolean;
}

/**
 * Received files (ARCHITECTURE "Provider adapters": provider URLs expire, so files are kept in our storage).
 * A durable job per message downloads the file through the channel's adapter, checks its type and size on the
 * bytes, stores it in the private area and tells the conversation's viewers; the file is then served only to
 * users who may see that conversation. payload.file.status goes pending → ready, or → failed after the last try.
 */
@Injectable()
export class InboundMediaService implements OnModuleInit {
  private readonly logger = new Logger(InboundMediaService.name);

  constructor(
    private readonly messages: MessagesRepository,
    private readonly registry: ChannelRegistry,
    private readonly channels: ChannelsService,
    private readonly clients: ClientsService,
    private readonly storage: FileStorageService,
    private readonly jobs: JobQueueService,
    private readonly realtime: RealtimeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register(INBOUND_MEDIA_QUEUE, async (payload, job) => this.fetch(payload.messageId, job));
  }

  /**
   * After a webhook's message was stored (or found stored: a redelivery after a crash between the two steps), its
   * download job exists exactly once. The webhook only waits for this insert, never for the download.
   */
  async schedule(channel: Pick<ChannelRow, 'id'>, event: WebhookEvent): Promise<void> {
    if (event.kind !== 'message' || !needsMediaFetch(event.content)) return;
    const id = await this.messages.pendingFileId(channel.id, event.providerMessageId);
    if (id === undefined) return;
    await this.jobs.enqueue(
      INBOUND_MEDIA_QUEUE,
      { messageId: id },
      { singletonKey: `${INBOUND_MEDIA_QUEUE}:${id}`, maxAttempts: FETCH_MAX_ATTEMPTS },
    );
  }

  /** 'Reintentar': a failed download starts again, for whoever may see the conversation. */
  async retry(user: AuthUser, messageId: number): Promise<MessageView> {
    const message = await this.visibleMessage(user, messageId);
    const file = receivedFile(message);
    if (!file || message.sender !== 'CLIENT' || !canRetry(file)) return messageView(message);
    const updated = await this.messages.transaction(async (trx) => {
      // Only from the state just read: two clicks (or two tabs) start one download.
      const row = await this.messages.updateFile(
        message.id,
        file.status,
        { status: 'pending', error: null },
        trx,
      );
      if (row) {
        await this.jobs.enqueue(
          INBOUND_MEDIA_QUEUE,
          { messageId: message.id },
          { db: trx, maxAttempts: FETCH_MAX_ATTEMPTS },
        );
      }
      return row;
    });
    if (!updated) return messageView((await this.messages.findById(messageId)) ?? message);
    await this.publish(updated);
    return messageView(updated);
  }

  /** A downloaded file for a user who may see its conversation; 404 while it is not (or no longer) stored. */
  async open(user: AuthUser, messageId: number): Promise<ServedMedia> {
    const message = await this.visibleMessage(user, messageId);
    const file = receivedFile(message);
    // Only a copy this service made for this company is ever read, whatever a payload might say.
    if (file?.status !== 'ready' || !file.key?.startsWith(`private/${inboundFolder(message.companyId)}/`)) {
      throw new AppException('NOT_FOUND', { message: 'The file is not downloaded' });
    }
    const object = await this.storage.readPrivate(file.key);
    if (!object) throw new AppException('NOT_FOUND', { message: 'The stored file is missing' });
    return {
      object,
      mimeType: file.mimeType ?? 'application/octet-stream',
      name: file.name,
      inline: message.type !== 'document',
    };
  }

  /**
   * Providers download what we send from a URL, without our credentials. A send whose media is a received file
   * (a forward, or a client reusing the file's URL) gets a public copy of it, made now, for a sender who may see
   * that file's conversation. Any other URL stays as it is. Changes the draft's payload.file.url in place.
   */
  async publishForSend(user: AuthUser, payload: Record<string, unknown> | null): Promise<void> {
    const file = payload?.file;
    if (typeof file !== 'object' || file === null || Array.isArray(file)) return;
    const draft = file as Record<string, unknown>;
    if (typeof draft.url === 'string') draft.url = await this.publicUrlForSend(user, draft.url);
  }

  private async publicUrlForSend(user: AuthUser, url: string): Promise<string> {
    const sourceId = mediaMessageIdOf(url, this.config.appUrl);
    if (sourceId === null) return url;
    const media = await this.open(user, sourceId);
    const spoolPath = this.spoolPath();
    try {
      const spooled = await spoolStream(media.object.stream, spoolPath, Number.MAX_SAFE_INTEGER);
      const stored = await this.storage.put({ path: spooled.path, size: spooled.size }, media.mimeType);
      return stored.url;
    } finally {
      await rm(spoolPath, { force: true });
    }
  }

  /** The job: one try at downloading one message's file. */
  private async fetch(messageId: number, job: JobInfo): Promise<void> {
    const message = await this.messages.findById(messageId);
    const file = receivedFile(message);
    // Deleted meanwhile, done by an earlier run, or not a received file: nothing to do.
    if (!message || !file || file.status !== 'pending') return;
    const spoolPath = this.spoolPath();
    try {
      const outcome = await this.download(message, file, spoolPath);
      if (outcome.ok) await this.markReady(message, file, outcome);
      else await this.markFailed(message, outcome.reason);
    } catch (error) {
      const providerError = error instanceof ProviderError ? error : null;
      const retryable = providerError ? providerError.retryable : true;
      const info = error instanceof Error ? error.message : String(error);
      if (retryable && job.attempts < job.maxAttempts) {
        this.logger.warn(`media of message ${message.id}: ${info}, retrying`);
        throw new RetryJobError(info, providerError?.retryAfterMs ?? fetchBackoffMs(job.attempts));
      }
      this.logger.warn(`media of message ${message.id} failed for good: ${info}`);
      await this.markFailed(message, MEDIA_FETCH_MESSAGES.unavailable);
    } finally {
      await rm(spoolPath, { force: true });
    }
  }

  private async download(
    message: MessageRow,
    file: ReceivedFile,
    spoolPath: string,
  ): Promise<{ ok: true; key: string; mimeType: string; size: number } | { ok: false; reason: string }> {
    const channel = await this.channels.findById(message.channelId);
    const mediaType = MEDIA_TYPES.find((type) => type === message.type);
    if (!channel || !mediaType) return { ok: false, reason: MEDIA_FETCH_MESSAGES.unavailable };
    const adapter = this.registry.get(channel.platform);
    const maxBytes = inboundMediaMaxBytes(adapter.mediaMaxBytes?.[mediaType]);
    const ref: MediaRef = { providerMediaId: file.providerMediaId, url: file.sourceUrl ?? file.url };
    const fetched = await adapter.fetchMedia(this.channels.credentials(channel), ref);
    if (fetched.size !== null && fetched.size > maxBytes) {
      fetched.stream.destroy();
      return { ok: false, reason: mediaTooLargeMessage(maxBytes) };
    }
    let spooled: Awaited<ReturnType<typeof spoolStream>>;
    try {
      spooled = await spoolStream(fetched.stream, spoolPath, maxBytes);
    } catch (error) {
      if (error instanceof SpoolLimitError) return { ok: false, reason: mediaTooLargeMessage(maxBytes) };
      throw error;
    }
    const check = checkInboundMedia(
      mediaType,
      spooled.head,
      spooled.size,
      maxBytes,
      file.mimeType ?? fetched.mimeType,
    );
    if (!check.ok) return check;
    const key = await this.storage.putPrivate(
      { path: spooled.path, size: spooled.size },
      check.mimeType,
      inboundFolder(message.companyId),
    );
    return { ok: true, key, mimeType: check.mimeType, size: spooled.size };
  }

  private async markReady(
    message: MessageRow,
    file: ReceivedFile,
    stored: { key: string; mimeType: string; size: number },
  ): Promise<void> {
    const updated = await this.messages.updateFile(message.id, 'pending', {
      status: 'ready',
      error: null,
      key: stored.key,
      url: `${this.config.appUrl}${messageMediaPath(message.id)}`,
      mimeType: stored.mimeType,
      weight: stored.size,
      // Messenger and SMS messages came with the provider's URL: kept for the record, no longer shown.
      sourceUrl: file.sourceUrl ?? file.url,
    });
    if (!updated) {
      // The message was deleted (or its file taken care of) meanwhile: nothing points at the copy.
      await this.storage.removePrivate(stored.key).catch(() => undefined);
      return;
    }
    await this.publish(updated);
  }

  private async markFailed(message: MessageRow, reason: string): Promise<void> {
    const updated = await this.messages.updateFile(message.id, 'pending', {
      status: 'failed',
      error: reason,
    });
    if (updated) await this.publish(updated);
  }

  /** The same rooms as every event about this conversation (02 §6): only users who may see it. */
  private async publish(message: MessageRow): Promise<void> {
    const client = await this.messages.audience(message.clientId);
    if (!client) return;
    this.realtime.emit(conversationRooms(client), 'messageUpdated', {
      clientId: message.clientId,
      message: messageView(message),
    });
  }

  /** The message, when the user may see its conversation (403 otherwise, as for messages(clientId)). */
  private async visibleMessage(user: AuthUser, messageId: number): Promise<MessageRow> {
    const message = await this.messages.findById(messageId);
    if (!message) throw new AppException('MESSAGE_NOT_FOUND', { field: 'id' });
    // The conversation's rule, as messages(clientId) applies it: another company's is FORBIDDEN too.
    await this.clients.getVisible(user, message.clientId);
    return message;
  }

  private spoolPath(): string {
    return join(this.config.dataDir, 'tmp', 'inbound-media', randomUUID());
  }
}
