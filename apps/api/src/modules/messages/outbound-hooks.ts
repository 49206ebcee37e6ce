import { Injectable } from '@nestjs/common';
import type { Executor } from '../../database/kysely';
import type { AutomationKind } from './automated-send.service';

/** An outbound message just written, in the transaction that wrote it. */
export interface SentMessage {
  messageId: number;
  clientId: number;
  channelId: number;
  companyId: number;
  sender: 'AGENT' | 'BOT';
  /** Which automation sent it; absent for an agent's own message. */
  kind?: AutomationKind;
  time: Date;
}

export type OutboundHook = (trx: Executor, sent: SentMessage) => Promise<void>;

/**
 * What other modules do when a message of ours is written (issue 17: an agent's message arms the follow-up bots
 * and ends the menu bot), inside the same transaction. The modules above messages register here, so messages
 * needs none of them (no folder cycle) and the work commits or rolls back with the message.
 */
@Injectable()
export class OutboundHooks {
  private readonly hooks: OutboundHook[] = [];

  register(hook: OutboundHook): void {
    this.hooks.push(hook);
  }

  async afterSend(trx: Executor, sent: SentMessage): Promise<void> {
    for (const hook of this.hooks) await hook(trx, sent);
  }
}
