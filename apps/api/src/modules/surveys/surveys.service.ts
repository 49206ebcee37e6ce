import {
  type ErrorCode,
  menuInteractive,
  menuText,
  orderedSurveyOptions,
  SURVEY_MESSAGES,
  type SurveyAnswerView,
  surveyChoices,
  surveyOptionForReply,
  validateSurveyDraft,
} from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import type { SurveyOption } from '../../database/column-types';
import { RealtimeService } from '../../realtime/realtime.service';
import { ChannelsService } from '../channels/channels.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import { type AutomatedContent, AutomatedSendService } from '../messages/automated-send.service';
import type { InboundAutomationContext, InboundAutomationStep } from '../messages/automation-context';
import { InboundService } from '../messages/inbound.service';
import type { MessageRow } from '../messages/messages.repository';
import type { CreateSurveyInput, SurveyOptionInput, UpdateSurveyInput } from './dto/survey.input';
import type { SurveyConfigModel } from './models/survey.model';
import { type SurveyConfigRow, type SurveyRequestRow, SurveysRepository } from './surveys.repository';

/** The conversation a survey goes to when it is closed. */
export interface SurveyTarget {
  id: number;
  companyId: number;
  channelId: number;
}

function configView(row: SurveyConfigRow): SurveyConfigModel {
  return {
    id: row.id,
    companyId: row.companyId,
    channelId: row.channelId,
    initText: row.initText,
    isActive: row.isActive,
    options: orderedSurveyOptions(row.options),
  };
}

function answerView(row: SurveyRequestRow): SurveyAnswerView {
  return {
    id: row.id,
    clientId: row.clientId,
    surveyConfigId: row.surveyConfigId,
    sentAt: new Date(row.sentAt).toISOString(),
    answeredAt: row.answeredAt ? new Date(row.answeredAt).toISOString() : null,
    value: row.value,
    optionText: row.optionText,
  };
}

/** What the customer's message says, for matching it to an option: its text, and the reply id of a tapped one. */
function replyOf(message: MessageRow): { text: string; replyId?: string } {
  const interactive = message.payload?.interactive;
  const replyId =
    interactive && typeof interactive === 'object' && 'replyId' in interactive
      ? interactive.replyId
      : undefined;
  return typeof replyId === 'string' && replyId !== ''
    ? { text: message.content, replyId }
    : { text: message.content };
}

/** The survey as the customer gets it: reply buttons (up to 3) or a list (4 to 10), else numbered text. */
function surveyContent(survey: SurveyConfigRow): AutomatedContent {
  const choices = surveyChoices(survey.options);
  const interactive = menuInteractive(survey.initText, choices);
  return interactive
    ? { type: 'interactive', interactive }
    : { type: 'text', text: menuText(survey.initText, choices) };
}

/**
 * Satisfaction surveys (02 §3 "Survey config", issue 17): each channel's survey is configured here; closing a
 * conversation sends it as the bot, and the customer's answer — a button, a list row, a typed number, value or
 * title — is recorded once, answered with the option's end text. The answers feed the agents' ratings
 * (`SurveysRepository.ratingsByAgent`).
 */
@Injectable()
export class SurveysService implements InboundAutomationStep {
  private readonly logger = new Logger(SurveysService.name);

  constructor(
    private readonly surveys: SurveysRepository,
    private readonly clients: ClientsService,
    private readonly channels: ChannelsService,
    private readonly sender: AutomatedSendService,
    private readonly inbound: InboundService,
    private readonly realtime: RealtimeService,
  ) {}

  // ---------------------------------------------------------------------------------------------------------
  // Configuration (02 §7 /survey, /survey/options and their GraphQL equivalents).

  list(user: AuthUser, companyId: number | null | undefined): Promise<SurveyConfigModel[]> {
    return this.failsAs('ERROR_GETTING_surveyConfigs', async () => {
      this.sameCompany(user, companyId);
      return (await this.surveys.configsOfCompany(user.companyId)).map(configView);
    });
  }

  create(user: AuthUser, input: CreateSurveyInput): Promise<SurveyConfigModel> {
    return this.failsAs('ERROR_createSurveyConfig', async () => {
      this.sameCompany(user, input.companyId);
      this.check(input);
      const channel = await this.surveys.channelCompany(input.channelId);
      if (!channel) throw AppException.validation('channelId', SURVEY_MESSAGES.channelNotFound);
      if (channel.companyId !== user.companyId) {
        throw new AppException('FORBIDDEN', { message: 'Channel of another company' });
      }
      const ids = await this.surveys.newOptionIds(input.options.length);
      const created = await this.surveys.insertConfig({
        companyId: user.companyId,
        channelId: input.channelId,
        initText: input.initText.trim(),
        isActive: input.isActive ?? true,
        options: this.storedOptions(input.options, ids),
      });
      if (!created) throw AppException.validation('channelId', SURVEY_MESSAGES.channelHasSurvey);
      return configView(created);
    });
  }

  update(user: AuthUser, input: UpdateSurveyInput): Promise<SurveyConfigModel> {
    return this.failsAs('ERROR_updateSurveyConfig', () =>
      this.surveys.transaction(async (trx) => {
        const existing = await this.surveys.configForUpdate(trx, input.id);
        if (!existing) {
          throw new AppException('NOT_FOUND', { field: 'id', userMessage: SURVEY_MESSAGES.surveyNotFound });
        }
        if (existing.companyId !== user.companyId) {
          throw new AppException('FORBIDDEN', { message: 'Survey of another company' });
        }
        this.check(input);
        const kept = new Set(existing.options.map((option) => option.id));
        const seen = new Set<number>();
        for (const [i, option] of input.options.entries()) {
          if (option.id === undefined || option.id === null) continue;
          if (!kept.has(option.id) || seen.has(option.id)) {
            throw AppException.validation(`options.${i}.id`, SURVEY_MESSAGES.optionNotFound);
          }
          seen.add(option.id);
        }
        const fresh = await this.surveys.newOptionIds(
          input.options.filter((option) => option.id === undefined || option.id === null).length,
          trx,
        );
        const ids = input.options.map((option) => option.id ?? (fresh.shift() as number));
        const updated = await this.surveys.updateConfig(
          existing.id,
          {
            initText: input.initText.trim(),
            isActive: input.isActive ?? existing.isActive,
            options: this.storedOptions(input.options, ids),
          },
          trx,
        );
        return configView(updated);
      }),
    );
  }

  /**
   * Deletes options by id from the company's surveys (02 §7 POST /survey/options). All or nothing: an id no survey
   * of the company holds is refused (403 when another company's survey holds it), and so is emptying a survey.
   */
  deleteOptions(user: AuthUser, ids: readonly number[]): Promise<SurveyConfigModel[]> {
    return this.failsAs('ERROR_deleteManySurveyOptions', () =>
      this.surveys.transaction(async (trx) => {
        const wanted = new Set(ids);
        const holders = await this.surveys.configsHoldingOptions(trx, [...wanted]);
        const own = holders.filter((survey) => survey.companyId === user.companyId);
        const ownIds = new Set(own.flatMap((survey) => survey.options.map((option) => option.id)));
        const missing = [...wanted].filter((id) => !ownIds.has(id));
        if (missing.length > 0) {
          const foreign = holders.some(
            (survey) =>
              survey.companyId !== user.companyId &&
              survey.options.some((option) => missing.includes(option.id)),
          );
          if (foreign) throw new AppException('FORBIDDEN', { message: 'Survey options of another company' });
          throw new AppException('NOT_FOUND', { field: 'ids', userMessage: SURVEY_MESSAGES.optionsNotFound });
        }
        const changed: SurveyConfigModel[] = [];
        for (const survey of own) {
          const remaining = survey.options.filter((option) => !wanted.has(option.id));
          if (remaining.length === 0) throw AppException.validation('ids', SURVEY_MESSAGES.lastOptionDelete);
          const options = orderedSurveyOptions(remaining).map((option, index) => ({ ...option, index }));
          changed.push(
            configView(
              await this.surveys.updateConfig(
                survey.id,
                { initText: survey.initText, isActive: survey.isActive, options },
                trx,
              ),
            ),
          );
        }
        return changed;
      }),
    );
  }

  // ---------------------------------------------------------------------------------------------------------
  // A conversation's survey.

  /** 02 §7 GET /survey/last: the conversation's newest survey, answered or not; null when it never got one. */
  last(user: AuthUser, clientId: number): Promise<SurveyAnswerView | null> {
    return this.failsAs('ERROR_getLastSurveyInfos', async () => {
      await this.clients.getVisible(user, clientId);
      const row = await this.surveys.lastRequest(clientId);
      return row ? answerView(row) : null;
    });
  }

  /**
   * 02 §7 POST /saveClientSurvey: an agent records the answer the customer gave another way (a call, a typed
   * word the bot did not understand) by its value. Only the survey still waiting is answered, once; no message
   * goes to the customer.
   */
  async saveClientAnswer(user: AuthUser, clientId: number, value: number): Promise<SurveyAnswerView> {
    await this.clients.getVisible(user, clientId);
    const answered = await this.surveys.transaction(async (trx) => {
      await this.surveys.lockConversation(trx, clientId);
      const open = await this.surveys.openSurvey(trx, clientId, false);
      if (!open) throw AppException.validation('clientId', SURVEY_MESSAGES.noPendingSurvey);
      const option = open.options.find((candidate) => candidate.value === value);
      if (!option) throw AppException.validation('value', SURVEY_MESSAGES.valueNotAnOption);
      const row = await this.surveys.answer(trx, open.id, {
        value: option.value,
        optionText: option.text,
        answerMessageId: null,
      });
      if (!row) throw AppException.validation('clientId', SURVEY_MESSAGES.noPendingSurvey);
      return row;
    });
    await this.publishAnswered(clientId);
    return answerView(answered);
  }

  /**
   * Closing a conversation (ConversationCloseService) sends its channel's active survey as the bot: in one
   * transaction the message and the waiting survey are written (a survey still unanswered from an earlier close
   * is replaced), then the message is published. False when there is no survey or it cannot go out — outside the
   * 24-hour window a survey is not a template, and the conversation closes anyway.
   */
  /** Whether closing a conversation of the channel can send a survey: an active one with options. */
  async surveyAvailable(channelId: number): Promise<boolean> {
    return (await this.surveys.activeConfigOfChannel(channelId)) !== undefined;
  }

  async sendOnClose(conversation: SurveyTarget): Promise<boolean> {
    let messageId: number | null = null;
    try {
      messageId = await this.surveys.transaction(async (trx) => {
        await this.surveys.lockConversation(trx, conversation.id);
        const survey = await this.surveys.activeConfigOfChannel(conversation.channelId, trx);
        if (!survey) return null;
        await this.surveys.dropUnanswered(trx, conversation.id);
        const message = await this.sender.send(trx, {
          clientId: conversation.id,
          content: surveyContent(survey),
          kind: 'survey',
          sender: 'BOT',
        });
        await this.surveys.insertRequest(trx, {
          companyId: conversation.companyId,
          channelId: conversation.channelId,
          clientId: conversation.id,
          surveyConfigId: survey.id,
          messageId: message.id,
        });
        return message.id;
      });
    } catch (error) {
      this.logger.warn(`survey not sent to conversation ${conversation.id}: ${String(error)}`);
      return false;
    }
    if (messageId === null) return false;
    const channel = await this.channels.findById(conversation.channelId);
    if (channel) await this.inbound.publishNewMessage(channel, conversation.id, messageId, false);
    return true;
  }

  /**
   * Automation step: a customer message that answers the waiting survey (while it is the last thing we said) is
   * recorded and answered with the option's end text, and nothing else acts on it ('stop'). A redelivered message
   * never reaches here twice (the job is keyed by it), and the answer is written only while none is.
   */
  async onCustomerMessage(ctx: InboundAutomationContext): Promise<'continue' | 'stop'> {
    const clientId = ctx.message.clientId;
    const open = await this.surveys.openSurvey(ctx.trx, clientId, true);
    if (!open) return 'continue';
    const option = surveyOptionForReply(replyOf(ctx.message), open.options);
    if (!option) return 'continue';
    const answered = await this.surveys.answer(ctx.trx, open.id, {
      value: option.value,
      optionText: option.text,
      answerMessageId: ctx.message.id,
    });
    if (!answered) return 'stop';
    const endText = option.endText.trim();
    if (endText !== '') {
      try {
        await ctx.send({ type: 'text', text: endText }, 'survey');
      } catch (error) {
        // Refused before anything was written (e.g. the channel is gone): the answer still counts.
        if (!(error instanceof AppException)) throw error;
        this.logger.warn(`survey end text not sent to conversation ${clientId}: ${error.code}`);
      }
    }
    ctx.afterCommit(() => this.publishAnswered(clientId));
    return 'stop';
  }

  // ---------------------------------------------------------------------------------------------------------

  private async publishAnswered(clientId: number): Promise<void> {
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'openClient', { client: view, reason: 'survey' });
  }

  /** The company comes from the token; naming another one is refused (ARCHITECTURE rule 3). */
  private sameCompany(user: AuthUser, companyId: number | null | undefined): void {
    if (companyId !== undefined && companyId !== null && companyId !== user.companyId) {
      throw new AppException('FORBIDDEN', { message: 'Surveys of another company' });
    }
  }

  private check(input: { initText: string; options: SurveyOptionInput[] }): void {
    const error = validateSurveyDraft(input);
    if (error) throw AppException.validation(error.field, error.message);
  }

  /** The options in menu order, numbered from 0, with their ids (kept or new), texts trimmed. */
  private storedOptions(options: readonly SurveyOptionInput[], ids: readonly number[]): SurveyOption[] {
    return options
      .map((option, position) => ({ option, position, id: ids[position] as number }))
      .sort(
        (a, b) => (a.option.index ?? a.position) - (b.option.index ?? b.position) || a.position - b.position,
      )
      .map(({ option, id }, index) => ({
        id,
        text: option.text.trim(),
        value: option.value,
        index,
        endText: option.endText?.trim() ?? '',
      }));
  }

  /** A failure of ours answers the call's code of 02 §8; refusals (AppException) pass as they are. */
  private async failsAs<T>(code: ErrorCode, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppException) throw error;
      this.logger.error(
        `${code}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      throw new AppException(code, { message: code });
    }
  }
}
