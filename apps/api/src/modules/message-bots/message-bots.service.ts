import {
  MESSAGE_BOT_LAPSE_MAX_SECONDS,
  MESSAGE_BOT_MESSAGES,
  messageBotLapseError,
  sendsTemplates,
  templateVariablesMessage,
} from '@crm/shared';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { contactNameFor } from '../../common/privacy/phone-privacy';
import type { Executor } from '../../database/kysely';
import { JobQueueService } from '../../jobs/job-queue.service';
import type { ChannelRow } from '../channels/channels.repository';
import { ChannelsService } from '../channels/channels.service';
import { type AutomatedContent, AutomatedSendService } from '../messages/automated-send.service';
import type { InboundAutomationContext, InboundAutomationStep } from '../messages/automation-context';
import { InboundService } from '../messages/inbound.service';
import { MessagesRepository } from '../messages/messages.repository';
import { OutboundHooks, type SentMessage } from '../messages/outbound-hooks';
import type {
  CreateMessageBotConfigInput,
  UpdateMessageBotConfigInput,
} from './dto/message-bot-config.input';
import {
  type ClaimedMessageBot,
  type MessageBotConfigView,
  type MessageBotConfigWrite,
  MessageBotsRepository,
} from './message-bots.repository';
import type { MessageBotModel } from './models/message-bot.model';

export const MESSAGE_BOT_FIRE_JOB = 'message-bot-fire';

// How many due message bots one sweep enqueues at most (the next minute's sweep takes the rest).
const SWEEP_LIMIT = 2000;

/** The fire job's key: one job per message bot and time, so re-arming it for another time makes a new one. */
export function messageBotJobKey(id: number, nextDate: Date): string {
  return `message-bot:${id}:${nextDate.getTime()}`;
}

/**
 * Follow-up bots (02 §3 "Message bot config" / "Message bot", issue 17): per channel, after `timeLapseInSeconds`
 * without an answer from the customer, the config's template (or its text while the window is open) goes once.
 *
 * - Armed by every agent message (typed, or a scheduled follow-up), in that message's transaction (OutboundHooks):
 *   each active config of the channel gets its firing for the conversation at message time + lapse, and its
 *   'message-bot-fire' job, keyed by firing and time. Several configs form a sequence (1 h, 24 h, 72 h).
 * - Cancelled by the customer's answer (the first automation step of each customer message): pending firings go.
 * - Fired by the job: claimed (pending, for that time, config active, no customer message since the one it answers)
 *   and sent in one transaction, so a redelivered job or a second instance sends nothing more.
 */
@Injectable()
export class MessageBotsService implements InboundAutomationStep, OnModuleInit {
  private readonly logger = new Logger(MessageBotsService.name);

  constructor(
    private readonly bots: MessageBotsRepository,
    private readonly jobs: JobQueueService,
    private readonly hooks: OutboundHooks,
    private readonly sender: AutomatedSendService,
    private readonly messages: MessagesRepository,
    private readonly inbound: InboundService,
    private readonly channels: ChannelsService,
  ) {}

  onModuleInit(): void {
    this.hooks.register((trx, sent) => this.arm(trx, sent));
    this.jobs.register(MESSAGE_BOT_FIRE_JOB, async (payload) => {
      await this.fire(payload.messageBotId, new Date(payload.nextDate));
    });
  }

  /** The customer answered: the conversation's pending follow-ups are cancelled with the rest of this turn. */
  async onCustomerMessage(ctx: InboundAutomationContext): Promise<'continue' | 'stop'> {
    await this.bots.cancelPending(ctx.trx, ctx.message.clientId, ctx.message.id);
    return 'continue';
  }

  /**
   * An agent's message (typed, or a scheduled follow-up sent in their name) arms every active config of its channel
   * for that conversation. Bots' own messages (welcome, menu, surveys, these follow-ups) arm nothing.
   */
  private async arm(trx: Executor, sent: SentMessage): Promise<void> {
    if (sent.sender !== 'AGENT') return;
    if (sent.kind !== undefined && sent.kind !== 'followUp') return;
    for (const config of await this.bots.activeConfigs(trx, sent.channelId)) {
      const nextDate = new Date(sent.time.getTime() + config.timeLapseInSeconds * 1000);
      const armed = await this.bots.arm(trx, {
        companyId: sent.companyId,
        configId: config.id,
        clientId: sent.clientId,
        nextDate,
        anchorMessageId: sent.messageId,
      });
      if (armed) await this.schedule(trx, armed.id, nextDate);
    }
  }

  private async schedule(db: Executor | undefined, id: number, nextDate: Date): Promise<boolean> {
    return this.jobs.enqueue(
      MESSAGE_BOT_FIRE_JOB,
      { messageBotId: id, nextDate: nextDate.toISOString() },
      { db, runAt: nextDate, singletonKey: messageBotJobKey(id, nextDate) },
    );
  }

  /**
   * The 'message-bot-fire' job. The claim and the send (its message row and send job) commit together. A text
   * outside the reply window is skipped with a log (consumed, no message); a refusal no retry can fix (template no
   * longer accepted) consumes it too. Anything else is thrown and the job retried.
   */
  async fire(messageBotId: number, nextDate: Date): Promise<void> {
    let sent: { clientId: number; channelId: number; messageId: number } | null;
    try {
      sent = await this.bots.transaction(async (trx) => {
        const bot = await this.bots.claim(trx, messageBotId, nextDate);
        if (!bot) return null;
        const content = await this.contentOf(trx, bot);
        if (!content) {
          this.logger.log(
            `follow-up bot ${bot.id} (config ${bot.configId}) skipped: text outside the reply window of conversation ${bot.clientId}`,
          );
          return null;
        }
        const message = await this.sender.send(trx, {
          clientId: bot.clientId,
          content,
          kind: 'followUpBot',
          sender: 'BOT',
        });
        await this.bots.setMessage(trx, bot.id, message.id);
        return { clientId: bot.clientId, channelId: message.channelId, messageId: message.id };
      });
    } catch (error) {
      if (!(error instanceof AppException)) throw error;
      if (await this.bots.consume(messageBotId, nextDate)) {
        this.logger.warn(`follow-up bot ${messageBotId} not sent: ${error.code} ${error.message}`);
      }
      return;
    }
    if (!sent) return;
    try {
      const channel = await this.channels.findById(sent.channelId);
      if (channel) await this.inbound.publishNewMessage(channel, sent.clientId, sent.messageId, false);
    } catch (error) {
      // After the commit: a lost event is healed by a reload, never by a resend.
      this.logger.error(`follow-up bot ${messageBotId} sent, event not published: ${String(error)}`);
    }
  }

  /** The config's template (always allowed), or its text while the window is open; null: nothing may go. */
  private async contentOf(trx: Executor, bot: ClaimedMessageBot): Promise<AutomatedContent | null> {
    if (bot.templateId !== null) {
      return { type: 'template', templateId: bot.templateId, variables: bot.variables };
    }
    const conversation = await this.messages.conversationForSend(trx, bot.clientId);
    if (!conversation || !this.sender.windowOpen(conversation) || !bot.content.trim()) return null;
    return { type: 'text', text: bot.content };
  }

  /** The sweep's part: the fire job of every pending message bot due by `until` (keys make repeats add nothing). */
  async enqueueDue(until: Date): Promise<number> {
    let added = 0;
    for (const due of await this.bots.dueBy(until, SWEEP_LIMIT)) {
      if (await this.schedule(undefined, due.id, new Date(due.nextDateMs))) added += 1;
    }
    return added;
  }

  // ---------------------------------------------------------------------------------------------------------
  // The configs and their firings (GraphQL, permissions readBot / writeBot).

  /** A channel's configs, or the company's configs that send a template (exactly one of the two). */
  async listConfigs(
    user: AuthUser,
    by: { channelId?: number | null; templateId?: number | null },
  ): Promise<MessageBotConfigView[]> {
    // Another company's template is bad input, even beside a channel: an empty list would answer for it.
    if (by.templateId != null) {
      const template = await this.bots.template(by.templateId);
      if (!template || template.companyId !== user.companyId) {
        throw AppException.validation('templateId', MESSAGE_BOT_MESSAGES.templateNotFound);
      }
    }
    if (by.channelId != null) {
      await this.channelOf(user, by.channelId);
      return this.bots.byChannel(by.channelId);
    }
    if (by.templateId != null) return this.bots.byTemplate(user.companyId, by.templateId);
    throw AppException.validation('channelId', MESSAGE_BOT_MESSAGES.channelOrTemplateRequired);
  }

  async createConfig(user: AuthUser, input: CreateMessageBotConfigInput): Promise<MessageBotConfigView> {
    const channel = await this.channelOf(user, input.channelId);
    const write = await this.check(user, channel, {
      content: input.content ?? '',
      isActive: input.isActive ?? true,
      timeLapseInSeconds: input.timeLapseInSeconds ?? Number.NaN,
      templateId: input.templateId ?? null,
      variables: input.variables ?? [],
    });
    const id = await this.bots.createConfig({ companyId: user.companyId, channelId: channel.id }, write);
    return this.config(id);
  }

  /** An edit: the fields given replace the stored ones, and the whole config is checked again. */
  async updateConfig(
    user: AuthUser,
    id: number,
    input: UpdateMessageBotConfigInput,
  ): Promise<MessageBotConfigView> {
    const existing = await this.ownedConfig(user, id);
    const channel = await this.channelOf(user, existing.channelId);
    const templateChanged = input.templateId !== undefined && input.templateId !== existing.templateId;
    const write = await this.check(user, channel, {
      content: input.content ?? existing.content,
      isActive: input.isActive ?? existing.isActive,
      timeLapseInSeconds: input.timeLapseInSeconds ?? existing.timeLapseInSeconds,
      templateId: input.templateId === undefined ? existing.templateId : input.templateId,
      // Another template's variables are not this one's: an edit that changes it gives them.
      variables: input.variables ?? (templateChanged ? [] : existing.variables),
    });
    await this.bots.updateConfig(id, write);
    return this.config(id);
  }

  async deleteConfig(user: AuthUser, id: number): Promise<number> {
    await this.ownedConfig(user, id);
    await this.bots.deleteConfig(id);
    return id;
  }

  /** A config's firings: pending ones first, then those sent. */
  async listBots(user: AuthUser, configId: number): Promise<MessageBotModel[]> {
    const config = await this.ownedConfig(user, configId);
    const rows = await this.bots.byConfig(configId);
    return rows.map((row) => ({
      id: row.id,
      nextDate: Math.floor(row.nextDate.getTime() / 1000),
      wasSent: row.wasSent,
      sentAt: row.sentAt?.toISOString() ?? null,
      messageId: row.messageId,
      client: {
        id: row.clientId,
        name: contactNameFor(user, {
          name: row.clientName,
          nameFromChannel: row.clientNameFromChannel,
          senderId: row.clientSenderId,
        }),
      },
      config,
    }));
  }

  /**
   * 02 §7 "message bots create": arms a config for one conversation by hand, at `nextDate` (seconds since the epoch;
   * now + the config's waiting time when absent), as an agent's message would. It is anchored on the conversation's
   * newest message, so the customer's next message cancels it like any firing; a pending firing of the config for a
   * later time stays (the arming rule), and is answered.
   */
  async createBot(
    user: AuthUser,
    input: { configId: number; clientId: number; nextDate?: number | null },
  ): Promise<MessageBotModel> {
    const config = await this.ownedConfig(user, input.configId);
    if (!config.isActive) throw AppException.validation('configId', MESSAGE_BOT_MESSAGES.configInactive);
    const nowMs = Date.now();
    const nextDate =
      input.nextDate === null || input.nextDate === undefined
        ? new Date(nowMs + config.timeLapseInSeconds * 1000)
        : new Date(input.nextDate * 1000);
    if (
      input.nextDate !== null &&
      input.nextDate !== undefined &&
      (!Number.isSafeInteger(input.nextDate) ||
        nextDate.getTime() < nowMs - 60_000 ||
        nextDate.getTime() > nowMs + MESSAGE_BOT_LAPSE_MAX_SECONDS * 1000)
    ) {
      throw AppException.validation('nextDate', MESSAGE_BOT_MESSAGES.nextDateInvalid);
    }
    const id = await this.bots.transaction(async (trx) => {
      const conversation = await this.messages.conversationForSend(trx, input.clientId);
      if (!conversation) throw AppException.validation('clientId', MESSAGE_BOT_MESSAGES.conversationNotFound);
      if (conversation.companyId !== user.companyId) {
        throw new AppException('FORBIDDEN', { message: 'Conversation of another company' });
      }
      if (conversation.channelId !== config.channelId) {
        throw AppException.validation('clientId', MESSAGE_BOT_MESSAGES.conversationOfOtherChannel);
      }
      const armed = await this.bots.arm(trx, {
        companyId: user.companyId,
        configId: config.id,
        clientId: input.clientId,
        nextDate,
        anchorMessageId: await this.bots.lastMessageId(trx, input.clientId),
      });
      if (armed) await this.schedule(trx, armed.id, nextDate);
      return armed?.id ?? null;
    });
    const bots = await this.listBots(user, config.id);
    const bot = bots.find((b) => (id === null ? b.client.id === input.clientId && !b.wasSent : b.id === id));
    if (!bot) throw new AppException('ERROR_GETTING_BOTFOLLOWUP_MESSAGE');
    return bot;
  }

  /** Cancels one conversation's firing (or forgets a sent one). */
  async deleteBot(user: AuthUser, id: number): Promise<number> {
    const bot = await this.bots.botOwner(id);
    if (!bot) {
      throw new AppException('NOT_FOUND', {
        field: 'id',
        userMessage: MESSAGE_BOT_MESSAGES.messageBotNotFound,
      });
    }
    if (bot.companyId !== user.companyId) {
      throw new AppException('FORBIDDEN', { message: 'Message bot of another company' });
    }
    await this.bots.deleteBot(id);
    return id;
  }

  private async config(id: number): Promise<MessageBotConfigView> {
    const row = await this.bots.configById(id);
    if (!row) throw new AppException('ERROR_GETTING_BOTFOLLOWUP_MESSAGE');
    return row;
  }

  private async ownedConfig(user: AuthUser, id: number): Promise<MessageBotConfigView> {
    const row = await this.bots.configById(id);
    if (!row) {
      throw new AppException('NOT_FOUND', { field: 'id', userMessage: MESSAGE_BOT_MESSAGES.configNotFound });
    }
    if (row.companyId !== user.companyId) {
      throw new AppException('FORBIDDEN', { message: 'Follow-up bot of another company' });
    }
    return row;
  }

  private async channelOf(user: AuthUser, channelId: number): Promise<ChannelRow> {
    const channel = await this.channels.findById(channelId);
    if (!channel) throw AppException.validation('channelId', MESSAGE_BOT_MESSAGES.channelNotFound);
    if (channel.companyId !== user.companyId) {
      throw new AppException('FORBIDDEN', { message: 'Channel of another company' });
    }
    return channel;
  }

  /** 02 §3 rules of a config, each refusal a 400 on its field with the Spanish reason. */
  private async check(
    user: AuthUser,
    channel: ChannelRow,
    draft: MessageBotConfigWrite,
  ): Promise<MessageBotConfigWrite> {
    const lapse = messageBotLapseError(draft.timeLapseInSeconds);
    if (lapse) throw AppException.validation('timeLapseInSeconds', lapse);
    const content = draft.content.trim();
    const variables = draft.variables.map((v) => v.trim());
    if (draft.templateId === null) {
      if (!content) throw AppException.validation('content', MESSAGE_BOT_MESSAGES.contentRequired);
      return { ...draft, content, variables: [] };
    }
    if (!sendsTemplates(channel.platform)) {
      throw AppException.validation('templateId', MESSAGE_BOT_MESSAGES.templatesWhatsAppOnly);
    }
    const template = await this.bots.template(draft.templateId);
    if (!template || template.companyId !== user.companyId) {
      throw AppException.validation('templateId', MESSAGE_BOT_MESSAGES.templateNotFound);
    }
    if (template.channelId !== channel.id) {
      throw AppException.validation('templateId', MESSAGE_BOT_MESSAGES.templateOfOtherChannel);
    }
    if (template.status !== 'accepted') {
      throw AppException.validation('templateId', MESSAGE_BOT_MESSAGES.templateNotApproved);
    }
    if (variables.length !== template.variables || variables.some((v) => v === '')) {
      throw AppException.validation('variables', templateVariablesMessage(template.variables));
    }
    return { ...draft, content, variables };
  }
}
