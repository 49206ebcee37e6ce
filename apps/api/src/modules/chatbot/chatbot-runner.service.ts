import {
  advanceChatbot,
  type BotFinishReason,
  type BotOutMessage,
  type BotStep,
  type ChatbotInput,
  type ChatbotState,
  type CompanySettings,
  chatbotFieldAnswer,
  isWithinWorkingHours,
  menuInteractive,
  menuText,
  pickAgentForNewConversation,
  validateDatasheetValue,
} from '@crm/shared';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Executor } from '../../database/kysely';
import { RealtimeService } from '../../realtime/realtime.service';
import { AutoAssignmentService } from '../clients/auto-assignment.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import { ConversationsRepository } from '../clients/conversations.repository';
import { CompaniesService } from '../companies/companies.service';
import { emitConversationChanged } from '../conversations/conversation-context';
import { type DatasheetFieldRules, DatasheetRepository } from '../datasheet/datasheet.repository';
import type { InboundAutomationContext, InboundAutomationStep } from '../messages/automation-context';
import type { MessageRow } from '../messages/messages.repository';
import { OutboundHooks, type SentMessage } from '../messages/outbound-hooks';
import { ChatbotRepository } from './chatbot.repository';

// 02 §3 isBotActiveAfterDay: a finished bot greets again a customer whose previous message is older than this.
const AFTER_DAY_MS = 24 * 60 * 60 * 1000;
const IDLE_STATE: ChatbotState = { path: [], awaiting: null, retries: 0 };
// What a customer sends that answers nothing: an emoji reaction to one of the bot's messages is not a choice.
const NOT_ANSWERS = new Set(['reaction']);

/** What one bot turn changed that the inbox hears of once the transaction has committed. */
interface TurnEffects {
  tags: boolean;
  info: boolean;
  assigned: boolean;
  finished: BotFinishReason | null;
}

/** The customer's message as the menu reads it: its text, and the button or list row it answers, if any. */
function inputOf(message: MessageRow): ChatbotInput {
  const interactive = message.payload?.interactive;
  const replyId =
    typeof interactive === 'object' && interactive !== null && 'replyId' in interactive
      ? (interactive as { replyId?: unknown }).replyId
      : undefined;
  return { text: message.content ?? '', ...(typeof replyId === 'string' && replyId ? { replyId } : {}) };
}

/**
 * The menu chatbot of issue 17, the last automation step of a customer message: inside the automation job's
 * transaction (the conversation's lock held), it reads where the conversation stands in the channel's menu, lets the
 * shared rules (advanceChatbot) answer every customer message it has not answered yet, in order, and carries out
 * their steps — sends, data-sheet values, tags, assignments — so they commit with the new state or not at all.
 */
@Injectable()
export class ChatbotRunnerService implements InboundAutomationStep, OnModuleInit {
  private readonly logger = new Logger(ChatbotRunnerService.name);

  constructor(
    private readonly repository: ChatbotRepository,
    private readonly companies: CompaniesService,
    private readonly datasheet: DatasheetRepository,
    private readonly conversations: ConversationsRepository,
    private readonly autoAssignment: AutoAssignmentService,
    private readonly clients: ClientsService,
    private readonly realtime: RealtimeService,
    private readonly hooks: OutboundHooks,
  ) {}

  onModuleInit(): void {
    this.hooks.register((trx, sent) => this.onOutbound(trx, sent));
  }

  /** An agent who writes takes the conversation over: the bot stops talking in it. */
  private async onOutbound(trx: Executor, sent: SentMessage): Promise<void> {
    if (sent.sender !== 'AGENT' || sent.kind) return;
    if (!(await this.repository.finishActive(trx, sent.clientId, 'agent'))) return;
    // Hooks have no after-commit: the agent's send commits right after them, and the event carries nothing read
    // from this transaction, so it goes out now (a send that then fails leaves a badge the next reload fixes).
    this.emitFinished(sent.clientId, 'agent').catch((error: unknown) => {
      this.logger.error(`finishBotAssignment of conversation ${sent.clientId}: ${String(error)}`);
    });
  }

  async onCustomerMessage(ctx: InboundAutomationContext): Promise<'continue' | 'stop'> {
    const { trx, channel, message } = ctx;
    if (!channel.useChatbot) return 'continue';
    const stored = await this.repository.menuOf(channel.id, trx);
    if (!stored) {
      await this.assignWithoutBot(ctx);
      return 'continue';
    }
    const settings = await this.companies.getSettings(channel.companyId);
    const clientId = message.clientId;
    // 'disable-bot-tags': the bot never answers these conversations, and stops if it was talking in one.
    if (await this.repository.hasAnyTag(trx, clientId, settings.disableBotTagIds)) {
      if (await this.repository.finishActive(trx, clientId, 'disabledTag')) {
        ctx.afterCommit(() => this.emitFinished(clientId, 'disabledTag'));
      }
      await this.assignWithoutBot(ctx);
      return 'continue';
    }
    const plan = await this.plan(trx, settings, message);
    if (!plan) return 'continue';

    const menu = stored.menu;
    const effects: TurnEffects = { tags: false, info: false, assigned: false, finished: null };
    let state = plan.state;
    let lastMessageId = plan.lastMessageId;
    for (const customer of plan.messages) {
      const field = state?.awaiting
        ? await this.field(trx, channel.companyId, state.awaiting.fieldKey)
        : null;
      const turn = advanceChatbot(menu, state, inputOf(customer), {
        validateField: (_key, value) =>
          field ? validateDatasheetValue(field, chatbotFieldAnswer(field, value)) : null,
      });
      await this.perform(ctx, turn.steps, effects);
      state = turn.state;
      lastMessageId = customer.id;
      if (effects.finished) break;
    }
    if (effects.finished === 'handover' || effects.finished === 'retries') {
      // 02 §3 isBotAutoAssignActive(AfterDay): the hand-over applies the company's automatic assignment.
      const autoAssign = plan.afterDay
        ? settings.isBotAutoAssignActiveAfterDay
        : settings.isBotAutoAssignActive;
      if (autoAssign && (await this.repository.agentOf(trx, clientId)) === null) {
        const agentId = await this.autoAssignment.assignNew(
          channel.companyId,
          channel.id,
          clientId,
          new Date(),
          trx,
        );
        if (agentId !== null) effects.assigned = true;
      }
    }
    const write = {
      clientId,
      companyId: channel.companyId,
      channelId: channel.id,
      state: state ?? IDLE_STATE,
      lastMessageId,
      finishReason: effects.finished,
    };
    // Written last: the conversation's row, locked by the sends above, always comes before the session's (an
    // agent's send locks them in that order too, so the two never wait on each other).
    if (plan.fresh) await this.repository.startSession(trx, write, plan.afterDay);
    else await this.repository.advanceSession(trx, write);
    ctx.afterCommit(() => this.publish(clientId, effects));
    return 'continue';
  }

  /**
   * Which messages the bot answers now, from which state: a new session greets; an active one answers every
   * customer message since the last it answered, up to this one, oldest first (two messages whose jobs run in the
   * other order are still answered in order, each once); a finished one starts again only for a customer back
   * after a day when the company says so. Null: nothing to do.
   */
  private async plan(
    trx: Executor,
    settings: CompanySettings,
    message: MessageRow,
  ): Promise<{
    state: ChatbotState | null;
    messages: MessageRow[];
    lastMessageId: number;
    fresh: boolean;
    afterDay: boolean;
  } | null> {
    if (NOT_ANSWERS.has(message.type)) return null;
    const session = await this.repository.session(trx, message.clientId);
    if (!session)
      return { state: null, messages: [message], lastMessageId: message.id, fresh: true, afterDay: false };
    if (message.id <= session.lastMessageId) return null;
    if (session.status === 'active') {
      const messages = (
        await this.repository.customerMessagesBetween(
          trx,
          message.clientId,
          session.lastMessageId,
          message.id,
        )
      ).filter((pending) => !NOT_ANSWERS.has(pending.type));
      if (messages.length === 0) return null;
      return {
        state: session.state,
        messages,
        lastMessageId: session.lastMessageId,
        fresh: false,
        afterDay: session.afterDay,
      };
    }
    if (!settings.isBotActiveAfterDay) return null;
    const previous = await this.repository.previousCustomerMessageAt(trx, message.clientId, message.id);
    if (previous && message.time.getTime() - previous.getTime() <= AFTER_DAY_MS) return null;
    return { state: null, messages: [message], lastMessageId: message.id, fresh: true, afterDay: true };
  }

  /** A question's field, by the key the menu stores: the field's id (what the editor saves), or its scoped key. */
  private async field(
    trx: Executor,
    companyId: number,
    fieldKey: string,
  ): Promise<DatasheetFieldRules | null> {
    if (/^\d{1,9}$/.test(fieldKey)) {
      const byId = await this.datasheet.rules(Number(fieldKey));
      return byId && byId.companyId === companyId ? byId : null;
    }
    return (await this.datasheet.rulesByKey(companyId, fieldKey, trx)) ?? null;
  }

  private async perform(
    ctx: InboundAutomationContext,
    steps: BotStep[],
    effects: TurnEffects,
  ): Promise<void> {
    const { trx, channel } = ctx;
    const clientId = ctx.message.clientId;
    for (const step of steps) {
      switch (step.kind) {
        case 'send':
          await this.send(ctx, step.message);
          break;
        case 'setField': {
          const field = await this.field(trx, channel.companyId, step.fieldKey);
          // A field deleted since the menu was saved: the answer has nowhere to go.
          if (!field) break;
          const value = chatbotFieldAnswer(field, step.value);
          await this.datasheet.saveValue(clientId, field.id, value, trx);
          await this.repository.recordAnswer(trx, {
            companyId: channel.companyId,
            channelId: channel.id,
            clientId,
            fieldId: field.id,
            value,
          });
          effects.info = true;
          break;
        }
        case 'tag':
          if (await this.repository.tagOfCompany(trx, channel.companyId, step.tagId)) {
            await this.conversations.addTag(clientId, step.tagId, trx);
            effects.tags = true;
          }
          break;
        case 'assignAgent':
          effects.assigned = (await this.assignAgent(ctx, step.userId)) || effects.assigned;
          break;
        case 'assignSpace':
          effects.assigned = (await this.assignSpace(ctx, step.spaceId)) || effects.assigned;
          break;
        case 'finish':
          effects.finished = step.reason;
          break;
      }
    }
  }

  /** A menu goes out as buttons or a list where it fits one, else as numbered text (answered by number). */
  private async send(ctx: InboundAutomationContext, message: BotOutMessage): Promise<void> {
    switch (message.type) {
      case 'text':
        await ctx.send({ type: 'text', text: message.text }, 'chatbot');
        return;
      case 'media':
        await ctx.send(
          {
            type: 'media',
            url: message.media.url,
            fileType: message.media.fileType,
            name: message.media.name ?? null,
            ...(message.caption ? { caption: message.caption } : {}),
          },
          'chatbot',
        );
        return;
      case 'menu': {
        const interactive = menuInteractive(message.text, message.choices);
        await ctx.send(
          interactive
            ? { type: 'interactive', interactive }
            : { type: 'text', text: menuText(message.text, message.choices) },
          'chatbot',
        );
        return;
      }
    }
  }

  /**
   * The agent the option names, when they can take it now (the company's, seeing the channel, available, on
   * duty); else the company's automatic assignment decides. A conversation someone already holds stays theirs.
   */
  private async assignAgent(ctx: InboundAutomationContext, userId: number): Promise<boolean> {
    const { trx, channel } = ctx;
    const target = await this.repository.assignTarget(trx, userId, channel.id);
    const canTake =
      target !== undefined &&
      target.companyId === channel.companyId &&
      target.seesChannel &&
      target.isAvailable &&
      isWithinWorkingHours(target.workingHours, new Date());
    if (canTake) return this.conversations.assignIfUnassigned(ctx.message.clientId, userId, trx);
    return (
      (await this.autoAssignment.assignNew(
        channel.companyId,
        channel.id,
        ctx.message.clientId,
        new Date(),
        trx,
      )) !== null
    );
  }

  /** The least-loaded agent of the space on duty now (as automatic assignment picks); nobody: the company's rules. */
  private async assignSpace(ctx: InboundAutomationContext, spaceId: number): Promise<boolean> {
    const { trx, channel } = ctx;
    const candidates = await this.repository.spaceCandidates(trx, channel.companyId, spaceId);
    const agentId = pickAgentForNewConversation(candidates, new Date());
    if (agentId !== null) return this.conversations.assignIfUnassigned(ctx.message.clientId, agentId, trx);
    return (
      (await this.autoAssignment.assignNew(
        channel.companyId,
        channel.id,
        ctx.message.clientId,
        new Date(),
        trx,
      )) !== null
    );
  }

  /**
   * A channel whose chatbot is on leaves a new conversation unassigned for the bot to hand over (InboundService);
   * when the bot does not take it after all (no menu, a disable-bot tag), the usual automatic assignment applies.
   */
  private async assignWithoutBot(ctx: InboundAutomationContext): Promise<void> {
    if (!ctx.newClient) return;
    const { trx, channel } = ctx;
    const clientId = ctx.message.clientId;
    if (
      (await this.autoAssignment.assignNew(channel.companyId, channel.id, clientId, new Date(), trx)) === null
    )
      return;
    ctx.afterCommit(async () =>
      emitConversationChanged(this.realtime, await this.clients.view(clientId), 'reassigned'),
    );
  }

  /** After the commit: the tags, the data sheet or the owner the turn changed, and the end of the bot. */
  private async publish(clientId: number, effects: TurnEffects): Promise<void> {
    if (effects.tags || effects.info || effects.assigned) {
      const view = await this.clients.view(clientId);
      if (effects.tags) {
        this.realtime.emit(conversationRooms(view), 'tagsUpdate', {
          clientId,
          tags: view.tags,
          client: view,
        });
      }
      if (effects.assigned) emitConversationChanged(this.realtime, view, 'reassigned');
      else if (effects.info) emitConversationChanged(this.realtime, view, 'info');
    }
    if (effects.finished) await this.emitFinished(clientId, effects.finished);
  }

  /** 02 §7 finishBotAssignment: the bot is done with the conversation, which now belongs to the inbox. */
  async emitFinished(clientId: number, reason: BotFinishReason): Promise<void> {
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'finishBotAssignment', { clientId, reason });
  }
}
