import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobQueueService } from '../../jobs/job-queue.service';
import { FollowUpsService } from '../follow-ups/follow-ups.service';
import { MessageBotsService } from './message-bots.service';

export const AUTOMATION_SWEEP_JOB = 'automation-sweep';

// How far ahead a sweep looks: past the next tick (one minute), so a row due just after it is not left to chance.
const SWEEP_AHEAD_MS = 2 * 60_000;

/**
 * The safety net of scheduled sends (issue 17): every minute (Graphile's cron, once across instances) the send job of
 * every scheduled follow-up and pending follow-up bot due within the next two minutes, overdue ones included. Each
 * job is normally enqueued with its row; this finds rows whose job was lost or never made (seeded demo data, rows
 * written by SQL). The jobs' keys (row and time) make a sweep that finds its job already there add nothing.
 *
 * It lives with the follow-up bots because they may depend on follow-ups, not the reverse (no folder cycle).
 */
@Injectable()
export class AutomationSweepService implements OnModuleInit {
  private readonly logger = new Logger(AutomationSweepService.name);

  constructor(
    private readonly jobs: JobQueueService,
    private readonly followUps: FollowUpsService,
    private readonly messageBots: MessageBotsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(AUTOMATION_SWEEP_JOB, async () => {
      await this.sweep();
    });
    this.jobs.cron(AUTOMATION_SWEEP_JOB, '* * * * *', {});
  }

  /** One sweep (public for tests): how many jobs it added. */
  async sweep(now = new Date()): Promise<{ followUps: number; messageBots: number }> {
    const until = new Date(now.getTime() + SWEEP_AHEAD_MS);
    const followUps = await this.followUps.enqueueDue(until);
    const messageBots = await this.messageBots.enqueueDue(until);
    if (followUps + messageBots > 0) {
      this.logger.log(
        `sweep enqueued ${followUps} follow-up(s) and ${messageBots} follow-up bot(s) without a job`,
      );
    }
    return { followUps, messageBots };
  }
}
