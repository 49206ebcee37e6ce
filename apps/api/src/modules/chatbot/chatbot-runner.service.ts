import { Injectable } from '@nestjs/common';
import type { InboundAutomationContext, InboundAutomationStep } from '../messages/automation-context';

// Issue 17 skeleton: filled in by the chatbot work of this issue.
@Injectable()
export class ChatbotRunnerService implements InboundAutomationStep {
  async onCustomerMessage(_ctx: InboundAutomationContext): Promise<'continue' | 'stop'> {
    return 'continue';
  }
}
