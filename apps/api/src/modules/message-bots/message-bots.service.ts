import { Injectable } from '@nestjs/common';
import type { InboundAutomationContext, InboundAutomationStep } from '../messages/automation-context';

// Issue 17 skeleton: filled in by the message-bots work of this issue.
@Injectable()
export class MessageBotsService implements InboundAutomationStep {
  async onCustomerMessage(_ctx: InboundAutomationContext): Promise<'continue' | 'stop'> {
    return 'continue';
  }
}
