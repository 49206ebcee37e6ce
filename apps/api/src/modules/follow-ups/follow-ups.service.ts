import {
  contactDisplayName,
  DEFAULT_COMPANY_SETTINGS,
  FOLLOW_UP_MESSAGES,
  templateVariablesMessage,
  withAgentName,
} from '@crm/shared';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import type { FollowUpFile } from '../../database/column-types';
import type { Executor } from '../../database/kysely';
import { JobQueueService } from '../../jobs/job-queue.service';
import { RealtimeService } from '../../realtime/realtime.service';
import { ChannelsService } from '../channels/channels.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import { type AutomatedContent, AutomatedSendService } from '../messages/automated-send.service';
import { InboundService } from '../messages/inbound.service';
import { MessagesRepository } from '../messages/messages.repository';
import type { FollowUpInput } from './dto/follow-up.input';
import {
  type FollowUpOwner,
  type FollowUpRow,
  FollowUpsRepository,
  type FollowUpView,
  type FollowUpWrite,
} from './follow-ups.repository';

export const FOLLOW_UP_SEND_JOB = 'follow-up-send';

// How many due follow-ups one sweep enqueues at most (the next minute's sweep takes the rest).
const SWEEP_LIMIT = 2000;

/** The send job's key: one job per follow-up and time, so an edit to another time makes a new one. */
export function followUpJobKey(id: number, sendAt: Date): string {
  return `follow-up:${id}:${sendAt.getTime()}`;
}

/**
 * Scheduled follow-up messages of a conversation (02 §3, §4): created, edited and deleted here, and sent at their
 * time by the 'follow-up-send' job enqueued in the same transaction as the creation or edit (run_at = sendAt). The
 * conversation's hasFollowUpMessage flag follows in the same transactions, so a failed creation never leaves the
 * flag up (02 §4 rollback), and deleting or sending the last one lowers it.
 */
@Injectable()
export class FollowUpsService implements OnModuleInit {
  private readonly logger = new Logger(FollowUpsService.name);

  constructor(
    private readonly followUps: FollowUpsRepository,
    private readonly clients: ClientsService,
    private readonly realtime: RealtimeService,
    private readonly jobs: JobQueueService,
    private readonly sender: AutomatedSendService,
    private readonly inbound: InboundService,
    private readonly channels: ChannelsService,
    private readonly messages: MessagesRepository,
  ) {}

  onModuleInit(): void {
    this.jobs.register(FOLLOW_UP_SEND_JOB, async (payload) => {
      await this.sendScheduled(payload.followUpId, new Date(payload.sendAt));
    });
  }

  async list(user: AuthUser, clientId: number): Promise<FollowUpView[]> {
    await this.clients.getVisible(user, clientId);
    return this.followUps.panel(clientId);
  }

  async create(user: AuthUser, clientId: number, input: FollowUpInput): Promise<FollowUpView> {
    const { client } = await this.clients.getVisible(user, clientId);
    const checked = await this.check(user, client, input);
    const id = await this.followUps.create(
      { companyId: user.companyId, clientId, channelId: client.channelId, agentId: user.id },
      checked,
      (trx, created) => this.schedule(trx, created, checked.sendAt),
    );
    await this.publish(clientId);
    return this.one(id);
  }

  async update(user: AuthUser, id: number, input: FollowUpInput): Promise<FollowUpView> {
    const existing = await this.owned(user, id);
    const { client } = await this.clients.getVisible(user, existing.clientId);
    const checked = await this.check(user, client, input);
    // Same time: the job already waiting sends the edited content. Another time: a new job; the old one, finding
    // sendAt changed, does nothing.
    await this.followUps.update(id, checked, (trx) => this.schedule(trx, id, checked.sendAt));
    return this.one(id);
  }

  /** Deletes a scheduled follow-up, or dismisses one whose send failed; its job then finds nothing to send. */
  async remove(user: AuthUser, id: number): Promise<number> {
    const existing = await this.owned(user, id, true);
    await this.clients.getVisible(user, existing.clientId);
    await this.followUps.delete(id, existing.clientId);
    await this.publish(existing.clientId);
    return id;
  }

  /**
   * Issue 21: the follow-up a board column sends to a contact whose card enters it, as `agentId` (the mover). The
   * board's rules decided who may do it, so no per-user visibility check here. The column's template goes out when
   * the reply window will be closed at `sendAt` and the template can be sent on the contact's channel (accepted, of
   * the company and channel; its variables take the contact's name); free text otherwise, which the send job fails
   * with its reason if the window has closed by then. The new follow-up's id.
   */
  async scheduleFromBoard(
    companyId: number,
    clientId: number,
    agentId: number,
    request: { content: string; templateId: number | null; sendAt: Date },
  ): Promise<number> {
    const client = await this.clients.view(clientId);
    if (client.companyId !== companyId)
      throw new AppException('FORBIDDEN', { message: 'Conversation of another company' });
    const windowOpen =
      client.windowExpiresAt !== null && Date.parse(client.windowExpiresAt) > request.sendAt.getTime();
    let templateId: number | null = null;
    let variables: string[] = [];
    if (!windowOpen && request.templateId !== null) {
      const template = await this.followUps.template(request.templateId);
      if (
        template &&
        template.companyId === companyId &&
        template.channelId === client.channel.id &&
        template.status === 'accepted'
      ) {
        templateId = request.templateId;
        const name = contactDisplayName(client, false);
        variables = Array.from({ length: template.variables }, () => name);
      }
    }
    const id = await this.followUps.create(
      { companyId, clientId, channelId: client.channel.id, agentId },
      { content: request.content, sendAt: request.sendAt, templateId, variables, file: null },
      (trx, created) => this.schedule(trx, created, request.sendAt),
    );
    await this.publish(clientId);
    return id;
  }

  /** The send job of a follow-up at `sendAt`, in the caller's transaction (a key used before adds nothing). */
  private async schedule(trx: Executor, id: number, sendAt: Date): Promise<void> {
    await this.jobs.enqueue(
      FOLLOW_UP_SEND_JOB,
      { followUpId: id, sendAt: sendAt.toISOString() },
      { db: trx, runAt: sendAt, singletonKey: followUpJobKey(id, sendAt) },
    );
  }

  /**
   * The 'follow-up-send' job: in one transaction, claims the follow-up if it is still scheduled for this time and
   * writes its message and that message's send job (AutomatedSendService, as the agent who scheduled it), and lowers
   * the conversation's flag when no scheduled one remains. A redelivered job, a second instance or an edit to another
   * time finds nothing to claim, so the message is written once. A refusal no retry can fix (free text once the
   * reply window has closed, a template no longer accepted) marks it 'failed' with the reason the panel shows.
   */
  async sendScheduled(followUpId: number, sendAt: Date): Promise<void> {
    let sent: { clientId: number; channelId: number; messageId: number } | null;
    try {
      sent = await this.followUps.transaction(async (trx) => {
        const followUp = await this.followUps.claim(trx, followUpId, sendAt);
        if (!followUp) return null;
        const message = await this.sender.send(trx, {
          clientId: followUp.clientId,
          content: await this.contentOf(followUp),
          kind: 'followUp',
          sender: 'AGENT',
          senderUserId: followUp.agentId,
        });
        await this.followUps.setMessage(trx, followUp.id, message.id);
        await this.followUps.syncFlag(trx, followUp.clientId);
        return { clientId: followUp.clientId, channelId: message.channelId, messageId: message.id };
      });
    } catch (error) {
      // Anything but a refusal of ours (the database, the network) is thrown: the job is tried again.
      if (!(error instanceof AppException)) throw error;
      const reason = failureReason(error);
      const clientId = await this.followUps.fail(followUpId, sendAt, reason);
      if (clientId === undefined) return;
      this.logger.warn(`follow-up ${followUpId} not sent: ${error.code} ${error.message}`);
      await this.afterCommit(followUpId, () => this.publish(clientId));
      return;
    }
    if (!sent) return;
    const { clientId, channelId, messageId } = sent;
    await this.afterCommit(followUpId, async () => {
      const channel = await this.channels.findById(channelId);
      if (channel) await this.inbound.publishNewMessage(channel, clientId, messageId, false);
      await this.publish(clientId);
    });
  }

  /** Real-time events once the send has committed: a lost one is healed by a reload, never by a resend. */
  private async afterCommit(followUpId: number, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.error(`follow-up ${followUpId} sent, event not published: ${String(error)}`);
    }
  }

  /** What a follow-up sends: its template, its file (the text as caption), or its text signed as the agent's. */
  private async contentOf(followUp: FollowUpRow): Promise<AutomatedContent> {
    if (followUp.templateId !== null) {
      return { type: 'template', templateId: followUp.templateId, variables: followUp.variables };
    }
    if (followUp.file) {
      const fileType = followUp.file.fileType;
      return {
        type: 'media',
        url: followUp.file.url,
        fileType:
          fileType === 'image' || fileType === 'video' || fileType === 'audio' ? fileType : 'document',
        name: followUp.file.name,
        ...(followUp.content ? { caption: followUp.content } : {}),
      };
    }
    return { type: 'text', text: await this.signed(followUp) };
  }

  /** 02 §3 isAgentNameInMessageActive: the agent's scheduled text carries their name as their typed texts do. */
  private async signed(followUp: FollowUpRow): Promise<string> {
    if (followUp.agentId === null) return followUp.content;
    const row = await this.messages.agentSignature(
      followUp.agentId,
      DEFAULT_COMPANY_SETTINGS.isAgentNameInMessageActive,
    );
    if (!row?.on) return followUp.content;
    const channel = await this.channels.findById(followUp.channelId);
    return channel ? withAgentName(followUp.content, row.name, channel.platform) : followUp.content;
  }

  /**
   * The sweep's part (a safety net for follow-ups whose job was lost or never made, e.g. seeded rows): the send job
   * of every scheduled follow-up due by `until`; the keys make a second sweep add nothing. How many were added.
   */
  async enqueueDue(until: Date): Promise<number> {
    let added = 0;
    for (const due of await this.followUps.dueBy(until, SWEEP_LIMIT)) {
      const sendAt = new Date(due.sendAtMs);
      const fresh = await this.jobs.enqueue(
        FOLLOW_UP_SEND_JOB,
        { followUpId: due.id, sendAt: sendAt.toISOString() },
        { runAt: sendAt, singletonKey: followUpJobKey(due.id, sendAt) },
      );
      if (fresh) added += 1;
    }
    return added;
  }

  private async one(id: number): Promise<FollowUpView> {
    const row = await this.followUps.byId(id);
    if (!row) throw new AppException('ERROR_GETTING_FOLLOW_UP_MESSAGES');
    return row;
  }

  private async owned(user: AuthUser, id: number, failedToo = false): Promise<FollowUpOwner> {
    const row = await this.followUps.owner(id);
    if (!row) throw new AppException('NOT_FOUND', { field: 'id', userMessage: FOLLOW_UP_MESSAGES.notFound });
    if (row.companyId !== user.companyId)
      throw new AppException('FORBIDDEN', { message: 'Follow-up of another company' });
    if (row.status !== 'scheduled' && !(failedToo && row.status === 'failed')) {
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

  /** For tests: scheduled ones due by `now`. */
  due(now: Date): Promise<number[]> {
    return this.followUps.due(now);
  }
}

/** The panel's reason for a refusal of the send, by what refused it. */
function failureReason(error: AppException): string {
  if (error.code === 'TEMPLATE_REQUIRED' || error.code === 'FACEBOOK_MESSAGE_ERROR') {
    return FOLLOW_UP_MESSAGES.failedWindowClosed;
  }
  if (error.field === 'templateId') return FOLLOW_UP_MESSAGES.failedTemplate;
  if (error.code === 'CONVERSATION_NOT_FOUND' || error.code === 'ERROR_ACTIVE_CHANNEL_NOT_FOUND') {
    return FOLLOW_UP_MESSAGES.failedConversation;
  }
  return FOLLOW_UP_MESSAGES.failed;
}
