import type { ConversationView } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { RealtimeService } from '../../realtime/realtime.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import { ConversationsRepository } from '../clients/conversations.repository';
import { CompaniesRepository } from '../companies/companies.repository';
import { SurveysService } from '../surveys/surveys.service';
import { companySettingsOf, emitConversationChanged } from './conversation-context';

/** Closing a conversation, with its satisfaction survey (02 §1/§3/§4), and reopening it. */
@Injectable()
export class ConversationCloseService {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly companies: CompaniesRepository,
    private readonly clients: ClientsService,
    private readonly surveys: SurveysService,
    private readonly realtime: RealtimeService,
  ) {}

  /**
   * Close: with the survey when asked or when the company sends it by default (02 §3 settings) and the channel
   * has an active survey; archived too when the company archives closed conversations by default.
   */
  async close(
    user: AuthUser,
    clientId: number,
    sendSurvey: boolean | null,
  ): Promise<{ client: ConversationView; surveySent: boolean }> {
    const { client } = await this.clients.getVisible(user, clientId);
    const settings = await companySettingsOf(this.companies, user.companyId);
    const wantsSurvey = sendSurvey ?? settings.sentClientSurveyByDefault;
    // Issue 17: the bot sends the channel's survey (buttons or a list) and waits for the answer. Closing still
    // happens when it cannot go out: outside the reply window a survey is not a template.
    const surveySent = wantsSurvey ? await this.surveys.sendOnClose(client) : false;
    await this.conversations.close(clientId, settings.archiveClosedClientByDefault);
    const view = await this.clients.view(clientId);
    if (view.isArchived && !client.isArchived) {
      this.realtime.emit(conversationRooms(view), 'archived', { clientId, isArchived: true, client: view });
    }
    emitConversationChanged(this.realtime, view, 'closed');
    return { client: view, surveySent };
  }

  async closeOptions(
    user: AuthUser,
    clientId: number,
  ): Promise<{ canClose: boolean; surveyAvailable: boolean; surveyByDefault: boolean }> {
    const { client } = await this.clients.getVisible(user, clientId);
    const settings = await companySettingsOf(this.companies, user.companyId);
    return {
      canClose: settings.showClientCloseOption,
      surveyAvailable: await this.surveys.surveyAvailable(client.channelId),
      surveyByDefault: settings.sentClientSurveyByDefault,
    };
  }

  async reopen(user: AuthUser, clientId: number): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    await this.conversations.update(clientId, { isClosed: false });
    const view = await this.clients.view(clientId);
    emitConversationChanged(this.realtime, view, 'reopened');
    return view;
  }
}
