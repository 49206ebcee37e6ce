import { randomUUID } from 'node:crypto';
import type { MessageView } from '@crm/shared';
import { platformOf, SANDBOX_MESSAGES } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { ChannelsService } from '../channels/channels.service';
import { InboundService } from '../messages/inbound.service';
import { messageView } from '../messages/message.view';
import type { SimulateMessageInput } from './dto/simulate.input';
import { SimulatorRepository } from './simulator.repository';

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
    await this.inbound.ingest('sandbox', [
      {
        kind: 'message',
        channelProviderId: channel.providerId,
        providerMessageId: `sandbox.in.${randomUUID()}`,
        from: input.from,
        profileName: input.name?.trim() || undefined,
        timestamp: new Date(),
        content: { type: 'text', text: input.text },
      },
    ]);
    return { received: true };
  }

  /** What the simulated customer sees: the conversation on their phone, oldest first. */
  async conversation(user: AuthUser, channelId: number, from: string): Promise<MessageView[]> {
    const channel = await this.sandboxChannel(user, channelId);
    const rows = await this.simulator.latestMessages(`${channel.id}-${from}`, 100);
    return rows.reverse().map(messageView);
  }
}
