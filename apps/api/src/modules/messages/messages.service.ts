import {
  DEFAULT_COMPANY_SETTINGS,
  FORWARD_MAX_CONTACTS,
  FORWARD_MAX_MESSAGES,
  type MessageView,
  messagePreview,
  PAGE_SIZES,
  withAgentName,
} from '@crm/shared';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { firstRow } from '../../database/query-rows';
import { JobQueueService, PermanentJobError, RetryJobError } from '../../jobs/job-queue.service';
import {
  type OutboundContent,
  type OutboundMessage,
  ProviderError,
} from '../../providers/channels/channel-provider';
import { RealtimeService } from '../../realtime/realtime.service';
import { ChannelRegistry } from '../channels/channel-registry.service';
import { ChannelsService } from '../channels/channels.service';
import type { Channel } from '../channels/entities/channel.entity';
import { ClientsService } from '../clients/clients.service';
import { messageView, windowRemainingMinutes } from '../clients/conversation.view';
import { conversationRooms } from '../clients/conversation-rooms';
import { Client } from '../clients/entities/client.entity';
import { SendMessageInput } from './dto/send-message.input';
import { Message } from './entities/message.entity';
import { InboundService } from './inbound.service';
import { InboundMediaService } from './inbound-media.service';

export const SEND_QUEUE = 'send-message';
const SEND_MAX_ATTEMPTS = 8;

interface Draft {
  type: string;
  content: string;
  payload: Record<string, unknown> | null;
  isTemplate: boolean;
}

function draftOf(input: SendMessageInput): Draft {
  const parts = [input.media, input.location, input.contacts, input.template].filter(
    (p) => p !== undefined && p !== null,
  );
  if (parts.length > 1) throw AppException.validation('body', 'Envía un solo tipo de mensaje a la vez.');
  const text = input.text?.trim() ?? '';
  if (input.media) {
    const { type, url, filename, mimeType, weight } = input.media;
    return {
      type,
      content: text,
      payload: {
        file: {
          name: filename ?? null,
          fileType: type,
          url,
          mimeType: mimeType ?? null,
          weight: weight ?? null,
        },
      },
      isTemplate: false,
    };
  }
  if (input.location) {
    const l = input.location;
    return {
      type: 'location',
      content: l.name ?? l.address ?? '',
      payload: { location: { ...l } },
      isTemplate: false,
    };
  }
  if (input.contacts) {
    return {
      type: 'contacts',
      content: input.contacts.map((c) => c.name).join(', '),
      payload: { contacts: input.contacts },
      isTemplate: false,
    };
  }
  if (input.template) {
    return {
      type: 'template',
      content: input.template.name,
      payload: { template: input.template },
      isTemplate: true,
    };
  }
  if (!text) throw AppException.validation('text', 'Escribe un mensaje.');
  return { type: 'text', content: text, payload: null, isTemplate: false };
}

/** What the adapter gets for a stored message. */
export function outboundContent(message: Pick<Message, 'type' | 'content' | 'payload'>): OutboundContent {
  const payload = (message.payload ?? {}) as Record<string, Record<string, unknown> | undefined>;
  switch (message.type) {
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker': {
      const file = payload.file ?? {};
      return {
        type: message.type,
        url: String(file.url),
        caption: message.content || undefined,
        filename: typeof file.name === 'string' ? file.name : undefined,
      };
    }
    case 'location': {
      const l = payload.location ?? {};
      return {
        type: 'location',
        latitude: Number(l.latitude),
        longitude: Number(l.longitude),
        name: typeof l.name === 'string' ? l.name : undefined,
        address: typeof l.address === 'string' ? l.address : undefined,
      };
    }
    case 'contacts': {
      const list = (message.payload?.contacts ?? []) as Array<{ name: string; phone: string }>;
      return {
        type: 'contacts',
        contacts: list.map((c) => ({
          name: { formatted_name: c.name, first_name: c.name },
          phones: [{ phone: c.phone }],
        })),
      };
    }
    case 'template': {
      const t = (payload.template ?? {}) as { name?: string; language?: string; bodyParameters?: string[] };
      const params = t.bodyParameters ?? [];
      return {
        type: 'template',
        name: String(t.name),
        language: t.language ?? 'es_MX',
        components: params.length
          ? [{ type: 'body', parameters: params.map((text) => ({ type: 'text' as const, text })) }]
          : [],
      };
    }
    default:
      return { type: 'text', text: message.content };
  }
}

/**
 * Outbound messages (ARCHITECTURE rule 6): the row and its send job are written in one transaction, then a job
 * sends through the channel's adapter, retrying rate limits and failing the message with the provider's code
 * otherwise. A crash at any point loses nothing; a job that already recorded a provider id never sends again.
 */
@Injectable()
export class MessagesService implements OnModuleInit {
  private readonly logger = new Logger(MessagesService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: ClientsService,
    private readonly channels: ChannelsService,
    private readonly registry: ChannelRegistry,
    private readonly jobs: JobQueueService,
    private readonly inbound: InboundService,
    private readonly realtime: RealtimeService,
    private readonly media: InboundMediaService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(SEND_QUEUE, async (payload, job) =>
      this.deliver(Number(payload.messageId), job.attempts),
    );
  }

  async list(
    user: AuthUser,
    clientId: number,
    skip = 0,
    first: number = PAGE_SIZES.messages,
  ): Promise<MessageView[]> {
    await this.clients.getVisible(user, clientId);
    const rows = await this.dataSource.manager.find(Message, {
      where: { clientId },
      order: { time: 'DESC', id: 'DESC' },
      skip,
      take: Math.min(first, 200),
    });
    return rows.map(messageView);
  }

  async send(user: AuthUser, input: SendMessageInput): Promise<MessageView> {
    const { client, channel } = await this.clients.getVisible(user, input.clientId);
    const draft = await this.signed(user, draftOf(input), channel.platform);
    if (!draft.isTemplate && windowRemainingMinutes(client.windowExpiresAt) <= 0) {
      // 01 §4: outside the window WhatsApp takes only templates; Messenger has its own 7-day rule.
      throw new AppException(
        channel.platform === 'messenger' ? 'FACEBOOK_MESSAGE_ERROR' : 'TEMPLATE_REQUIRED',
        {
          field: 'text',
        },
      );
    }
    if (
      draft.isTemplate &&
      channel.platform !== 'whatsapp_cloud' &&
      channel.platform !== 'dialog360' &&
      channel.platform !== 'sandbox'
    ) {
      throw AppException.validation('template', 'Las plantillas solo se envían por WhatsApp.');
    }
    if (draft.isTemplate && input.template) await this.describeTemplate(draft, channel.id, input.template);
    const quoted = input.quotedMsgId
      ? await this.dataSource.manager.findOneBy(Message, { id: input.quotedMsgId, clientId: client.id })
      : null;
    if (input.quotedMsgId && !quoted) throw new AppException('MESSAGE_NOT_FOUND', { field: 'quotedMsgId' });

    // Last, once the send is allowed: a received file goes to the provider as a public copy.
    await this.media.publishForSend(user, draft.payload);
    const message = await this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(
        manager.create(Message, {
          companyId: client.companyId,
          clientId: client.id,
          channelId: channel.id,
          type: draft.type,
          content: draft.content,
          payload: draft.payload,
          sender: 'AGENT',
          senderUserId: user.id,
          messageStatus: 'pending',
          quotedMsgId: quoted?.id ?? null,
          quotedMsgBody: quoted?.content ?? null,
          quotedMsgType: quoted?.type ?? null,
          fakeId: input.fakeId ?? null,
          time: new Date(),
        }),
      );
      await manager.update(
        Client,
        { id: client.id },
        {
          lastMessageId: saved.id,
          lastMessage: messagePreview(saved.type, saved.content),
          lastMessageStatus: 'pending',
          lastMessageSender: 'AGENT',
          lastUpdate: saved.time,
          answered: true,
        },
      );
      await this.jobs.enqueue(
        SEND_QUEUE,
        { messageId: saved.id },
        {
          manager,
          singletonKey: `send:${saved.id}`,
          maxAttempts: SEND_MAX_ATTEMPTS,
        },
      );
      return saved;
    });
    await this.inbound.publishNewMessage(channel, client.id, message.id, false);
    return messageView(message);
  }

  /** 02 §3 isAgentNameInMessageActive: a text the agent writes starts with their name. */
  private async signed(user: AuthUser, draft: Draft, platform: string): Promise<Draft> {
    if (draft.type !== 'text' || draft.isTemplate) return draft;
    const row = firstRow<{ name: string; on: boolean }>(
      await this.dataSource.query(
        `SELECT u.name, coalesce((c.settings->>'isAgentNameInMessageActive')::boolean, $2) AS on
           FROM users u JOIN companies c ON c.id = u."companyId" WHERE u.id = $1`,
        [user.id, DEFAULT_COMPANY_SETTINGS.isAgentNameInMessageActive],
      ),
    );
    if (!row?.on) return draft;
    return { ...draft, content: withAgentName(draft.content, row.name, platform) };
  }

  /** 02 §4: marking read clears the unread count and marks the contact's messages seen by the reader. */
  /**
   * A template we know (02 §3 WhatsApp template of the channel) must be accepted and get all its variables; the
   * stored message keeps the body the customer reads, so the bubble and the list show it rather than a name.
   * One we do not know yet (not synced) goes to the provider as asked: the provider has the last word.
   */
  private async describeTemplate(
    draft: { content: string; payload: Record<string, unknown> | null },
    channelId: number,
    template: { name: string; language: string; bodyParameters: string[] },
  ): Promise<void> {
    const [known] = (await this.dataSource.query(
      `SELECT status, variables, components FROM whatsapp_templates WHERE "channelId" = $1 AND name = $2
       ORDER BY (language = $3) DESC, id LIMIT 1`,
      [channelId, template.name, template.language.split('_')[0]],
    )) as Array<{ status: string; variables: number; components: Array<{ type: string; text?: string }> }>;
    if (!known) return;
    if (known.status !== 'accepted') {
      throw AppException.validation('template', 'La plantilla aún no está aprobada.');
    }
    const params = template.bodyParameters.map((v) => v.trim());
    if (params.length !== known.variables || params.some((v) => v === '')) {
      throw AppException.validation('template', `La plantilla necesita ${known.variables} variable(s).`);
    }
    const body = known.components.find((c) => c.type === 'BODY')?.text ?? '';
    if (!body) return;
    const filled = body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
    draft.content = filled;
    draft.payload = { template: { ...template, body } };
  }

  /**
   * Forward (02 §5): 1 to 6 messages to 1 or 2 conversations, each sent as a new message of ours through the
   * target's channel. Everything is checked before anything is sent, so a refused forward sends nothing.
   */
  async forward(user: AuthUser, messageIds: number[], clientIds: number[]): Promise<MessageView[]> {
    const ids = [...new Set(messageIds)];
    const targets = [...new Set(clientIds)];
    if (ids.length === 0 || ids.length > FORWARD_MAX_MESSAGES) {
      throw AppException.validation(
        'messageIds',
        `Elige entre 1 y ${FORWARD_MAX_MESSAGES} mensajes para reenviar.`,
      );
    }
    if (targets.length === 0 || targets.length > FORWARD_MAX_CONTACTS) {
      throw AppException.validation('clientIds', `Elige entre 1 y ${FORWARD_MAX_CONTACTS} contactos.`);
    }
    const messages = await this.dataSource.manager.findBy(
      Message,
      ids.map((id) => ({ id })),
    );
    if (messages.length !== ids.length) throw new AppException('MESSAGE_NOT_FOUND', { field: 'messageIds' });
    for (const clientId of new Set(messages.map((m) => m.clientId)))
      await this.clients.getVisible(user, clientId);
    for (const clientId of targets) {
      const { client } = await this.clients.getVisible(user, clientId);
      if (windowRemainingMinutes(client.windowExpiresAt) <= 0) {
        throw AppException.validation(
          'clientIds',
          `La ventana de respuesta de ${client.name ?? client.senderId} está cerrada: no se le pueden reenviar mensajes.`,
        );
      }
    }
    const ordered = [...messages].sort((a, b) => a.time.getTime() - b.time.getTime() || a.id - b.id);
    const inputs = ordered.map((m) => forwardDraft(m));
    const sent: MessageView[] = [];
    for (const clientId of targets) {
      for (const input of inputs)
        sent.push(await this.send(user, Object.assign(new SendMessageInput(), input, { clientId })));
    }
    return sent;
  }

  async markRead(user: AuthUser, clientId: number): Promise<{ clientId: number; unreadMessages: number }> {
    const { client } = await this.clients.getVisible(user, clientId);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE messages SET seen = true, "seenAt" = now(), "seenById" = $2
         WHERE "clientId" = $1 AND sender = 'CLIENT' AND seen = false`,
        [client.id, user.id],
      );
      await manager.update(Client, { id: client.id }, { unreadMessagesCount: 0 });
    });
    const payload = { clientId: client.id, unreadMessages: 0 };
    this.realtime.emit(conversationRooms(client), 'markAsRead', payload);
    return payload;
  }

  /** 02 §4: marking unread sets the count to 1 and the last contact message unseen, clearing its reader. */
  async markUnread(user: AuthUser, clientId: number): Promise<{ clientId: number; unreadMessages: number }> {
    const { client } = await this.clients.getVisible(user, clientId);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE messages SET seen = false, "seenAt" = NULL, "seenById" = NULL
         WHERE id = (SELECT id FROM messages WHERE "clientId" = $1 AND sender = 'CLIENT' ORDER BY time DESC, id DESC LIMIT 1)`,
        [client.id],
      );
      await manager.update(
        Client,
        { id: client.id },
        { unreadMessagesCount: Math.max(1, client.unreadMessagesCount) },
      );
    });
    const payload = { clientId: client.id, unreadMessages: Math.max(1, client.unreadMessagesCount) };
    this.realtime.emit(conversationRooms(client), 'markAsUnread', payload);
    return payload;
  }

  /**
   * POST /deleteMessage: the message is deleted for the team (status 'deleted', content cleared). What the
   * customer already received stays on their phone: providers cannot take a delivered message back.
   */
  async deleteMessage(user: AuthUser, messageId: number): Promise<{ id: number; messageStatus: 'deleted' }> {
    const message = await this.dataSource.manager.findOneBy(Message, { id: messageId });
    if (!message) throw new AppException('MESSAGE_NOT_FOUND', { field: 'id' });
    const { channel } = await this.clients.getVisible(user, message.clientId);
    await this.dataSource.query(
      `UPDATE messages SET "messageStatus" = 'deleted', content = '', payload = NULL WHERE id = $1`,
      [message.id],
    );
    await this.dataSource.query(
      `UPDATE clients SET "lastMessage" = $2 WHERE id = $1 AND "lastMessageId" = $3`,
      [message.clientId, 'Mensaje eliminado', message.id],
    );
    await this.inbound.republishStatus(channel, message.id);
    return { id: message.id, messageStatus: 'deleted' };
  }

  /** The send job. */
  private async deliver(messageId: number, attempt: number): Promise<void> {
    const message = await this.dataSource.manager.findOneBy(Message, { id: messageId });
    if (!message || message.messageApiId || message.messageStatus !== 'pending') return;
    const client = await this.dataSource.manager.findOneByOrFail(Client, { id: message.clientId });
    const channel = (await this.channels.findById(message.channelId)) as Channel;
    const quoted = message.quotedMsgId
      ? await this.dataSource.manager.findOneBy(Message, { id: message.quotedMsgId })
      : null;
    const outbound: OutboundMessage = {
      to: client.senderId,
      content: outboundContent(message),
      replyToProviderMessageId: quoted?.messageApiId ?? undefined,
    };
    let providerMessageId: string;
    try {
      ({ providerMessageId } = await this.registry
        .get(channel.platform)
        .send(this.channels.credentials(channel), outbound));
    } catch (error) {
      const providerError =
        error instanceof ProviderError ? error : new ProviderError('SEND_MESSAGE_ERROR', true, String(error));
      if (providerError.retryable && attempt < SEND_MAX_ATTEMPTS) {
        this.logger.warn(`message ${message.id}: ${providerError.message}, retrying`);
        throw new RetryJobError(
          providerError.message,
          providerError.retryAfterMs ?? Math.min(60_000, 1000 * 2 ** attempt),
        );
      }
      await this.fail(channel, message, providerError);
      throw new PermanentJobError(providerError.message);
    }
    try {
      await this.dataSource.query(`UPDATE messages SET "messageApiId" = $2 WHERE id = $1`, [
        message.id,
        providerMessageId,
      ]);
      await this.inbound.applyStatus(channel, { providerMessageId, status: 'sent' });
    } catch (error) {
      // The provider has the message: retrying the job would send it twice. Never send twice (rule 6).
      this.logger.error(
        `message ${message.id} sent as ${providerMessageId} but not recorded: ${String(error)}`,
      );
      throw new PermanentJobError(`sent but not recorded: ${String(error)}`);
    }
  }

  private async fail(channel: Channel, message: Message, error: ProviderError): Promise<void> {
    const code = String(error.providerCode ?? error.code);
    await this.dataSource.query(
      `UPDATE messages SET "messageStatus" = 'failed', "errorCode" = $2, "errorInfo" = $3 WHERE id = $1`,
      [message.id, code, error.info],
    );
    await this.inbound.republishStatus(channel, message.id);
  }
}

/** What sending a stored message again looks like: the same content, without the quote or the provider ids. */
function forwardDraft(message: Message): Partial<SendMessageInput> {
  const payload = (message.payload ?? {}) as {
    file?: { url?: string | null; name?: string | null; mimeType?: string | null; weight?: number | null };
    location?: { latitude: number; longitude: number; name?: string | null; address?: string | null };
    contacts?: Array<{
      name?: { formatted_name?: string };
      phones?: Array<{ phone?: string; wa_id?: string }>;
    }>;
  };
  const media = ['image', 'video', 'audio', 'document', 'sticker'] as const;
  const type = media.find((t) => t === message.type);
  if (type && payload.file?.url) {
    return {
      text: message.content || undefined,
      media: {
        type,
        url: payload.file.url,
        filename: payload.file.name ?? undefined,
        mimeType: payload.file.mimeType ?? undefined,
        weight: payload.file.weight ?? undefined,
      },
    } as Partial<SendMessageInput>;
  }
  if (message.type === 'location' && payload.location) {
    const l = payload.location;
    return {
      location: {
        latitude: l.latitude,
        longitude: l.longitude,
        name: l.name ?? undefined,
        address: l.address ?? undefined,
      },
    };
  }
  if (message.type === 'contacts' && payload.contacts?.length) {
    const contacts = payload.contacts.slice(0, FORWARD_MAX_CONTACTS).flatMap((c) => {
      const phone = c.phones?.[0]?.phone ?? c.phones?.[0]?.wa_id;
      return phone ? [{ name: c.name?.formatted_name ?? phone, phone: phone.replace(/\D/g, '') }] : [];
    });
    if (contacts.length) return { contacts };
  }
  if (!message.content)
    throw AppException.validation('messageIds', 'Ese mensaje no tiene contenido para reenviar.');
  return { text: message.content };
}
