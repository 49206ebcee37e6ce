import { Injectable } from '@nestjs/common';
import type { InboundAutomationContext, InboundAutomationStep } from '../messages/automation-context';

// Issue 17 skeleton: filled in by the surveys work of this issue.
@Injectable()
export class SurveysService implements InboundAutomationStep {
  async onCustomerMessage(_ctx: InboundAutomationContext): Promise<'continue' | 'stop'> {
    return 'continue';
  }
}
