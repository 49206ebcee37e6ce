import {
  DEFAULT_COMPANY_SETTINGS,
  fillWelcomeName,
  isWithinWorkingHours,
  templateVariablesMessage,
  WELCOME_MESSAGE_TEXT_MAX,
  WELCOME_MESSAGES,
} from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import type { AutomatedContent } from '../messages/automated-send.service';
import type { InboundAutomationContext, InboundAutomationStep } from '../messages/automation-context';
import type { CreateWelcomeMessageInput, UpdateWelcomeMessageInput } from './dto/welcome-message.input';
import type { WelcomeMessageModel } from './models/welcome-message.model';
import {
  type WelcomeMessageRow,
  WelcomeMessagesRepository,
  type WelcomeMessageWrite,
} from './welcome-messages.repository';

function view(row: WelcomeMessageRow): WelcomeMessageModel {
  return {
    id: row.id,
    companyId: row.companyId,
    channelId: row.channelId,
    text: row.text,
    isActive: row.isActive,
    useInWorkingHours: row.useInWorkingHours,
    templateId: row.templateId,
    variables: row.variables,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

type WelcomeFields = Omit<CreateWelcomeMessageInput, 'channelId'>;

/**
 * Welcome messages (02 §3 "Welcome message", issue 17): configured per channel here, and sent by the bot to the
 * first message of a new conversation — when the company's switch (isWelcomeMessageActive) and the channel's
 * message are on and, if it is limited to working hours, someone who receives the channel's conversations is
 * within theirs now. A text is never signed with an agent's name: the bot says it.
 */
@Injectable()
export class WelcomeMessagesService implements InboundAutomationStep {
  private readonly logger = new Logger(WelcomeMessagesService.name);

  constructor(private readonly welcome: WelcomeMessagesRepository) {}

  async list(user: AuthUser, channelId: number | null): Promise<WelcomeMessageModel[]> {
    if (channelId !== null) await this.ownChannel(user, channelId);
    return (await this.welcome.ofCompany(user.companyId, channelId)).map(view);
  }

  async listByTemplate(user: AuthUser, templateId: number): Promise<WelcomeMessageModel[]> {
    const template = await this.welcome.template(templateId);
    if (template && template.companyId !== user.companyId) {
      throw new AppException('FORBIDDEN', { message: 'Template of another company' });
    }
    return (await this.welcome.ofTemplate(user.companyId, templateId)).map(view);
  }

  async create(user: AuthUser, input: CreateWelcomeMessageInput): Promise<WelcomeMessageModel> {
    await this.ownChannel(user, input.channelId);
    const values = await this.checked(user, input.channelId, input, null);
    const created = await this.welcome.insert(user.companyId, input.channelId, values);
    if (!created) throw AppException.validation('channelId', WELCOME_MESSAGES.channelHasWelcome);
    return view(created);
  }

  async update(user: AuthUser, input: UpdateWelcomeMessageInput): Promise<WelcomeMessageModel> {
    const existing = await this.welcome.byId(input.id);
    if (!existing) {
      throw new AppException('NOT_FOUND', { field: 'id', userMessage: WELCOME_MESSAGES.welcomeNotFound });
    }
    if (existing.companyId !== user.companyId) {
      throw new AppException('FORBIDDEN', { message: 'Welcome message of another company' });
    }
    const values = await this.checked(user, existing.channelId, input, existing);
    return view(await this.welcome.update(existing.id, values));
  }

  /**
   * Automation step: a welcome for the first message of a new conversation only. It never stops the steps after
   * it (the menu chatbot greets too), and a refusal of the send (a template no longer approved) leaves the rest of
   * the message's automation to go on.
   */
  async onCustomerMessage(ctx: InboundAutomationContext): Promise<'continue' | 'stop'> {
    if (!ctx.newClient) return 'continue';
    const welcome = await this.welcome.activeOfChannel(ctx.trx, ctx.channel.id);
    if (!welcome) return 'continue';
    const on =
      (await this.welcome.companySwitch(ctx.trx, ctx.channel.companyId)) ??
      DEFAULT_COMPANY_SETTINGS.isWelcomeMessageActive;
    if (!on) return 'continue';
    if (welcome.useInWorkingHours) {
      // Each schedule is read in its own zone (the company's zone is a new schedule's default); no schedule, or
      // one switched off, never limits (isWithinWorkingHours).
      const now = new Date();
      const team = await this.welcome.channelTeamHours(ctx.trx, ctx.channel.id);
      if (!team.some((hours) => isWithinWorkingHours(hours, now))) return 'continue';
    }
    const name = await this.welcome.contactName(ctx.trx, ctx.message.clientId);
    const content: AutomatedContent =
      welcome.templateId !== null
        ? {
            type: 'template',
            templateId: welcome.templateId,
            variables: welcome.variables.map((value) => fillWelcomeName(value, name)),
          }
        : { type: 'text', text: fillWelcomeName(welcome.text, name) };
    try {
      await ctx.send(content, 'welcome');
    } catch (error) {
      if (!(error instanceof AppException)) throw error;
      this.logger.warn(`welcome of channel ${ctx.channel.id} not sent: ${error.code} ${error.message}`);
    }
    return 'continue';
  }

  private async ownChannel(user: AuthUser, channelId: number): Promise<void> {
    const channel = await this.welcome.channelCompany(channelId);
    if (!channel) throw AppException.validation('channelId', WELCOME_MESSAGES.channelNotFound);
    if (channel.companyId !== user.companyId) {
      throw new AppException('FORBIDDEN', { message: 'Channel of another company' });
    }
  }

  /** The stored values after the input is applied, when they make a welcome: a text or a template of the channel. */
  private async checked(
    user: AuthUser,
    channelId: number,
    input: WelcomeFields,
    existing: WelcomeMessageRow | null,
  ): Promise<WelcomeMessageWrite> {
    const text = (input.text ?? existing?.text ?? '').trim();
    const templateId = input.templateId === undefined ? (existing?.templateId ?? null) : input.templateId;
    const variables = (input.variables ?? existing?.variables ?? []).map((value) => value.trim());
    if (text.length > WELCOME_MESSAGE_TEXT_MAX)
      throw AppException.validation('text', WELCOME_MESSAGES.textTooLong);
    if (templateId === null) {
      if (text === '') throw AppException.validation('text', WELCOME_MESSAGES.contentRequired);
    } else {
      const template = await this.welcome.template(templateId);
      if (!template) throw AppException.validation('templateId', WELCOME_MESSAGES.templateNotFound);
      if (template.companyId !== user.companyId) {
        throw new AppException('FORBIDDEN', { message: 'Template of another company' });
      }
      if (template.channelId !== channelId) {
        throw AppException.validation('templateId', WELCOME_MESSAGES.templateOfOtherChannel);
      }
      if (template.status !== 'accepted') {
        throw AppException.validation('templateId', WELCOME_MESSAGES.templateNotApproved);
      }
      if (variables.length !== template.variables || variables.some((value) => value === '')) {
        throw AppException.validation('variables', templateVariablesMessage(template.variables));
      }
    }
    return {
      text,
      isActive: input.isActive ?? existing?.isActive ?? true,
      useInWorkingHours: input.useInWorkingHours ?? existing?.useInWorkingHours ?? false,
      templateId,
      variables: templateId === null ? [] : variables,
    };
  }
}
