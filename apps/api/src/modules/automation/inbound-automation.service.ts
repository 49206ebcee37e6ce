import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobQueueService } from '../../jobs/job-queue.service';
import type { ChannelRow } from '../channels/channels.repository';
import { ChannelsService } from '../channels/channels.service';
import { ChatbotRunnerService } from '../chatbot/chatbot-runner.service';
import { MessageBotsService } from '../message-bots/message-bots.service';
import { AutomatedSendService } from '../messages/automated-send.service';
import type { InboundAutomationContext, InboundAutomationStep } from '../messages/automation-context';
import { InboundService } from '../messages/inbound.service';
import { SurveysService } from '../surveys/surveys.service';
import { WelcomeMessagesService } from '../welcome-messages/welcome-messages.service';
import { AutomationRepository } from './automation.repository';

export const AUTOMATION_INBOUND_QUEUE = 'automation-inbound';

/**
 * What automation does with each stored customer message (issue 17), as a durable job keyed by the message: under
 * the conversation's lock, in one transaction, the steps run in order — a reply cancels the pending follow-up bots,
 * a survey answer is recorded (and feeds nothing else), a new conversation gets its welcome message, then the menu
 * chatbot takes its turn. Everything a step writes or sends commits together; a crash retries the whole message,
 * and the job key makes a redelivered webhook or a second instance run it once.
 */
@Injectable()
export class InboundAutomationService implements OnModuleInit {
  private readonly logger = new Logger(InboundAutomationService.name);
  private readonly steps: InboundAutomationStep[];

  constructor(
    private readonly repository: AutomationRepository,
    private readonly jobs: JobQueueService,
    private readonly channels: ChannelsService,
    private readonly sender: AutomatedSendService,
    private readonly inbound: InboundService,
    messageBots: MessageBotsService,
    surveys: SurveysService,
    welcome: WelcomeMessagesService,
    chatbot: ChatbotRunnerService,
  ) {
    this.steps = [messageBots, surveys, welcome, chatbot];
  }

  onModuleInit(): void {
    this.jobs.register(AUTOMATION_INBOUND_QUEUE, async (payload) => this.handle(payload));
  }

  async handle(job: { messageId: number; clientId: number; newClient: boolean }): Promise<void> {
    const sent: number[] = [];
    const after: Array<() => Promise<void>> = [];
    let channel: ChannelRow | null = null;
    await this.repository.transaction(async (trx) => {
      await this.repository.lockConversation(trx, job.clientId);
      const message = await this.repository.customerMessage(trx, job.messageId, job.clientId);
      if (!message) return;
      channel = await this.channels.findById(message.channelId);
      if (!channel) return;
      const ctx: InboundAutomationContext = {
        trx,
        channel,
        message,
        newClient: job.newClient,
        send: async (content, kind) => {
          const row = await this.sender.send(trx, { clientId: job.clientId, content, kind, sender: 'BOT' });
          sent.push(row.id);
          return row;
        },
        afterCommit: (work) => {
          after.push(work);
        },
      };
      for (const step of this.steps) {
        if ((await step.onCustomerMessage(ctx)) === 'stop') break;
      }
    });
    if (!channel) return;
    for (const id of sent) await this.inbound.publishNewMessage(channel, job.clientId, id, false);
    for (const work of after) {
      try {
        await work();
      } catch (error) {
        // Published after the commit: a lost event is recovered by the client's reload, never retried into a resend.
        this.logger.error(`automation of message ${job.messageId}: ${String(error)}`);
      }
    }
  }
}
