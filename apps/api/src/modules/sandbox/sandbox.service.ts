import { randomUUID } from 'node:crypto';
import type { MessageView } from '@crm/shared';
import { interactiveMessageOf, platformOf, SANDBOX_MESSAGES } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import type { InboundContent, InboundMessageEvent } from '../../providers/channels/channel-provider';
import { ChannelsService } from '../channels/channels.service';
import { InboundService } from '../messages/inbound.service';
import { messageView } from '../messages/message.view';
import type { SimulateMessageInput } from './dto/simulate.input';
import { type SimulatedMessageRow, SimulatorRepository } from './simulator.repository';

type OfferedOption = { id: string; title: string; description?: string };

/** The option `replyId` of a business message sent as reply buttons or a list; null for anything else. */
function offeredOption(row: SimulatedMessageRow, replyId: string): OfferedOption | null {
  if (row.sender === 'CLIENT' || row.type !== 'interactive') return null;
  const interactive = interactiveMessageOf(row.payload);
  const options: OfferedOption[] =
    interactive?.kind === 'buttons' ? interactive.buttons : (interactive?.rows ?? []);
  return options.find((option) => option.id === replyId) ?? null;
}

function description(option: OfferedOption): { description?: string } {
  return option.description ? { description: option.description } : {};
}

/**
 * The customer simulator (ARCHITECTURE rule 10): a person writes in as a customer of a sandbox channel and the
 * message enters the inbox through the very path a provider webhook takes.
 */
@Injectable()
export class SandboxService {
  constructor(
    private readonly channels: ChannelsService,
    private readonly inbound: InboundService,
    private readonly simulator: SimulatorRepository,
  ) {}

  async listChannels(user: AuthUser) {
    const all = await this.channels.listForCompany(user.companyId);
    return all
      .filter((c) => platformOf(c.platform)?.simulator && c.isActive)
      .map((c) => ({ id: c.id, name: c.name, phone: c.phone }));
  }

  private async sandboxChannel(user: AuthUser, channelId: number) {
    const channel = await this.channels.getForCompany(user.companyId, channelId);
    if (!platformOf(channel.platform)?.simulator) {
      throw AppException.validation('channelId', SANDBOX_MESSAGES.simulatorOnly);
    }
    return channel;
  }

  async simulate(user: AuthUser, input: SimulateMessageInput): Promise<{ received: true }> {
    const channel = await this.sandboxChannel(user, input.channelId);
    const event: InboundMessageEvent = {
      kind: 'message',
      channelProviderId: channel.providerId,
      providerMessageId: `sandbox.in.${randomUUID()}`,
      from: input.from,
      profileName: input.name?.trim() || undefined,
      timestamp: new Date(),
      content: { type: 'text', text: input.text ?? '' },
    };
    if (input.replyId !== undefined) {
      const tapped = await this.tappedReply(channel.id, input);
      event.content = tapped.content;
      if (tapped.quoted) event.quotedProviderMessageId = tapped.quoted;
    }
    await this.inbound.ingest('sandbox', [event]);
    return { received: true };
  }

  /**
   * A tap on a reply button or list row, as WhatsApp reports it (button_reply / list_reply): the option's id and
   * the title the message showed (a row's description too), quoting the interactive message tapped. Only an
   * option a business message of this conversation offers can be tapped.
   */
  private async tappedReply(
    channelId: number,
    input: SimulateMessageInput,
  ): Promise<{ content: InboundContent; quoted: string | null }> {
    const rows = await this.simulator.latestMessages(`${channelId}-${input.from}`, 100);
    for (const row of rows) {
      if (input.replyMessageId !== undefined && row.id !== input.replyMessageId) continue;
      const option = offeredOption(row, input.replyId ?? '');
      if (option) {
        return {
          content: { type: 'interactive', replyId: option.id, title: option.title, ...description(option) },
          quoted: row.messageApiId,
        };
      }
    }
    throw AppException.validation('replyId', SANDBOX_MESSAGES.replyNotOffered);
  }

  /** What the simulated customer sees: the conversation on their phone, oldest first. */
  async conversation(user: AuthUser, channelId: number, from: string): Promise<MessageView[]> {
    const channel = await this.sandboxChannel(user, channelId);
    const rows = await this.simulator.latestMessages(`${channel.id}-${from}`, 100);
    return rows.reverse().map(messageView);
  }
}
