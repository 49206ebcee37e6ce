import { AUTOMATION_MESSAGES, type InteractiveMessage, interactiveText, sendsTemplates } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { AppException } from '../../common/errors/app.exception';
import { jsonb } from '../../database/jsonb';
import type { Executor } from '../../database/kysely';
import { ChannelsService } from '../channels/channels.service';
import { windowRemainingMinutes } from '../clients/conversation.view';
import type { MessageRow } from './messages.repository';
import { MessagesRepository } from './messages.repository';
import { templateHeaderMedia } from './outbound-content';
import { OutboundWriter } from './outbound-writer.service';

/** What automation sends: a text, a file, a menu (interactive where the channel has it), or an accepted template. */
export type AutomatedContent =
  | { type: 'text'; text: string }
  | {
      type: 'media';
      url: string;
      fileType: 'image' | 'video' | 'audio' | 'document';
      name?: string | null;
      caption?: string;
    }
  | { type: 'interactive'; interactive: InteractiveMessage }
  | { type: 'template'; templateId: number; variables: string[] };

/** Which automation sent a message (kept in its payload: the follow-up bots re-arm on agents' messages only). */
export type AutomationKind = 'welcome' | 'chatbot' | 'followUpBot' | 'survey' | 'followUp';

export interface AutomatedSend {
  clientId: number;
  content: AutomatedContent;
  kind: AutomationKind;
  /** BOT for bots, welcome messages and surveys; AGENT for an agent's scheduled follow-up. */
  sender: 'BOT' | 'AGENT';
  senderUserId?: number | null;
}

/**
 * Messages that automation sends (ARCHITECTURE rule 6, as an agent's send): OutboundWriter writes the row, the
 * conversation's last message and the send job in the caller's transaction, so a bot turn, a follow-up firing or a survey either
 * commits with its messages or not at all, and a retried job never sends twice. The caller publishes the new
 * messages after its commit (`InboundService.publishNewMessage`).
 */
@Injectable()
export class AutomatedSendService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly channels: ChannelsService,
    private readonly writer: OutboundWriter,
  ) {}

  async send(trx: Executor, send: AutomatedSend): Promise<MessageRow> {
    const client = await this.messages.conversationForSend(trx, send.clientId);
    if (!client) throw new AppException('CONVERSATION_NOT_FOUND', { field: 'clientId' });
    const channel = await this.channels.findById(client.channelId);
    if (!channel) throw new AppException('ERROR_ACTIVE_CHANNEL_NOT_FOUND', { field: 'channelId' });
    const draft = await this.draft(trx, send.content, client.channelId);
    if (draft.type === 'template' && !sendsTemplates(channel.platform)) {
      throw AppException.validation('templateId', AUTOMATION_MESSAGES.templatesWhatsAppOnly);
    }
    if (draft.type !== 'template' && windowRemainingMinutes(client.windowExpiresAt) <= 0) {
      throw new AppException('TEMPLATE_REQUIRED', { field: 'text' });
    }
    return this.writer.write(
      trx,
      {
        companyId: client.companyId,
        clientId: client.id,
        channelId: client.channelId,
        type: draft.type,
        content: draft.content,
        payload: jsonb({ ...(draft.payload ?? {}), automation: send.kind }),
        sender: send.sender,
        senderUserId: send.senderUserId ?? null,
        messageStatus: 'pending',
        quotedMsgId: null,
        quotedMsgBody: null,
        quotedMsgType: null,
        fakeId: null,
        time: new Date(),
      },
      send.kind,
    );
  }

  /** True when free text (not a template) can reach the conversation now. */
  windowOpen(conversation: { windowExpiresAt: Date | null }): boolean {
    return windowRemainingMinutes(conversation.windowExpiresAt) > 0;
  }

  private async draft(
    trx: Executor,
    content: AutomatedContent,
    channelId: number,
  ): Promise<{ type: string; content: string; payload: Record<string, unknown> | null }> {
    switch (content.type) {
      case 'text':
        return { type: 'text', content: content.text, payload: null };
      case 'media':
        return {
          type: content.fileType,
          content: content.caption ?? '',
          payload: {
            file: {
              name: content.name ?? null,
              fileType: content.fileType,
              url: content.url,
              mimeType: null,
              weight: null,
            },
          },
        };
      case 'interactive':
        return {
          type: 'interactive',
          content: interactiveText(content.interactive),
          payload: { interactive: content.interactive },
        };
      case 'template': {
        const template = await this.messages.templateById(trx, content.templateId);
        if (!template || template.channelId !== channelId) {
          throw AppException.validation('templateId', AUTOMATION_MESSAGES.templateOfOtherChannel);
        }
        if (template.status !== 'accepted') {
          throw AppException.validation('templateId', AUTOMATION_MESSAGES.templateNotApproved);
        }
        const params = content.variables.map((v) => v.trim());
        const body = template.components.find((c) => c.type === 'BODY')?.text ?? '';
        const header = templateHeaderMedia(template.components);
        const filled = body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
        return {
          type: 'template',
          content: filled || template.name,
          payload: {
            template: {
              name: template.name,
              language: template.language,
              bodyParameters: params,
              ...(body ? { body } : {}),
              ...(header ? { header } : {}),
            },
          },
        };
      }
    }
  }
}
