import { FOLLOW_UP_MESSAGES, templateVariablesMessage } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import type { FollowUpFile } from '../../database/column-types';
import { RealtimeService } from '../../realtime/realtime.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import type { FollowUpInput } from './dto/follow-up.input';
import {
  type FollowUpOwner,
  FollowUpsRepository,
  type FollowUpView,
  type FollowUpWrite,
} from './follow-ups.repository';

/**
 * Scheduled follow-up messages of a conversation (02 §3, §4): created, edited and deleted here; sending them is
 * the follow-ups job's work. The conversation's hasFollowUpMessage flag follows in the same transaction, so a
 * failed creation never leaves the flag up (02 §4 rollback) and deleting the last one lowers it.
 */
@Injectable()
export class FollowUpsService {
  constructor(
    private readonly followUps: FollowUpsRepository,
    private readonly clients: ClientsService,
    private readonly realtime: RealtimeService,
  ) {}

  async list(user: AuthUser, clientId: number): Promise<FollowUpView[]> {
    await this.clients.getVisible(user, clientId);
    return this.followUps.scheduled(clientId);
  }

  async create(user: AuthUser, clientId: number, input: FollowUpInput): Promise<FollowUpView> {
    const { client } = await this.clients.getVisible(user, clientId);
    const checked = await this.check(user, client, input);
    const id = await this.followUps.create(
      { companyId: user.companyId, clientId, channelId: client.channelId, agentId: user.id },
      checked,
    );
    await this.publish(clientId);
    return this.one(id);
  }

  async update(user: AuthUser, id: number, input: FollowUpInput): Promise<FollowUpView> {
    const existing = await this.owned(user, id);
    const { client } = await this.clients.getVisible(user, existing.clientId);
    const checked = await this.check(user, client, input);
    await this.followUps.update(id, checked);
    return this.one(id);
  }

  async remove(user: AuthUser, id: number): Promise<number> {
    const existing = await this.owned(user, id);
    await this.clients.getVisible(user, existing.clientId);
    await this.followUps.delete(id, existing.clientId);
    await this.publish(existing.clientId);
    return id;
  }

  private async one(id: number): Promise<FollowUpView> {
    const row = await this.followUps.byId(id);
    if (!row) throw new AppException('ERROR_GETTING_FOLLOW_UP_MESSAGES');
    return row;
  }

  private async owned(user: AuthUser, id: number): Promise<FollowUpOwner> {
    const row = await this.followUps.owner(id);
    if (!row) throw new AppException('NOT_FOUND', { field: 'id', userMessage: FOLLOW_UP_MESSAGES.notFound });
    if (row.companyId !== user.companyId)
      throw new AppException('FORBIDDEN', { message: 'Follow-up of another company' });
    if (row.status !== 'scheduled') {
      throw AppException.validation('id', FOLLOW_UP_MESSAGES.notScheduled);
    }
    return row;
  }

  private async check(
    user: AuthUser,
    client: { channelId: number; windowExpiresAt: Date | null },
    input: FollowUpInput,
  ): Promise<FollowUpWrite> {
    const sendAt = new Date(input.sendAt);
    if (Number.isNaN(sendAt.getTime()))
      throw AppException.validation('sendAt', FOLLOW_UP_MESSAGES.sendAtInvalid);
    if (sendAt.getTime() <= Date.now()) {
      throw AppException.validation('sendAt', FOLLOW_UP_MESSAGES.sendAtPast);
    }
    const content = (input.content ?? '').trim();
    const variables = (input.variables ?? []).map((v) => v.trim());
    const templateId = input.templateId ?? null;
    if (templateId !== null) {
      const template = await this.followUps.template(templateId);
      if (!template || template.companyId !== user.companyId || template.channelId !== client.channelId) {
        throw AppException.validation('templateId', FOLLOW_UP_MESSAGES.templateOfOtherChannel);
      }
      if (template.status !== 'accepted') {
        throw AppException.validation('templateId', FOLLOW_UP_MESSAGES.templateNotApproved);
      }
      if (variables.length !== template.variables || variables.some((v) => v === '')) {
        throw AppException.validation('variables', templateVariablesMessage(template.variables));
      }
    } else {
      if (!content && !input.file)
        throw AppException.validation('content', FOLLOW_UP_MESSAGES.contentRequired);
      // Free text goes out only inside the reply window: a follow-up due after it closes needs a template.
      if (!client.windowExpiresAt || client.windowExpiresAt.getTime() <= sendAt.getTime()) {
        throw AppException.validation('templateId', FOLLOW_UP_MESSAGES.windowClosed);
      }
    }
    // Stored as given: keys the input left out stay out of the JSON.
    return { content, sendAt, templateId, variables, file: (input.file ?? null) as FollowUpFile | null };
  }

  private async publish(clientId: number): Promise<void> {
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'openClient', { client: view, reason: 'followUp' });
  }

  /** For tests and the follow-ups job: scheduled ones due by `now`. */
  due(now: Date): Promise<number[]> {
    return this.followUps.due(now);
  }
}
