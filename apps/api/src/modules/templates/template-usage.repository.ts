import type { TemplateUsageCounts, TemplateUsageNames } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';

export interface TemplateUsage {
  counts: TemplateUsageCounts;
  names: Required<TemplateUsageNames>;
}

/**
 * What uses a template (02 §4 delete guard): scheduled follow-up messages, follow-up bot configs and welcome
 * messages. Read-only over the tables of the follow-ups and bots features, with the names the refusal shows:
 * the contacts the messages are for, the channels the bots and welcome messages answer on (a bot config has no
 * name of its own in 02 §3, its channel names it).
 */
@Injectable()
export class TemplateUsageRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async usage(templateIds: readonly number[], db: Executor = this.db): Promise<TemplateUsage> {
    if (templateIds.length === 0) {
      return {
        counts: { followUps: 0, botFollowUps: 0, welcomeMessages: 0 },
        names: { followUpContacts: [], bots: [], welcomeChannels: [] },
      };
    }
    const ids = [...templateIds];
    const followUps = await db
      .selectFrom('follow_up_messages as f')
      .innerJoin('clients as cl', 'cl.id', 'f.clientId')
      .select(['f.id', 'cl.name'])
      .where('f.templateId', 'in', ids)
      .where('f.status', '=', 'scheduled')
      .orderBy('f.sendAt')
      .orderBy('f.id')
      .execute();
    const bots = await db
      .selectFrom('message_bot_configs as b')
      .innerJoin('channels as c', 'c.id', 'b.channelId')
      .select(['b.id', 'c.name'])
      .where('b.templateId', 'in', ids)
      .orderBy('b.id')
      .execute();
    const welcomes = await db
      .selectFrom('welcome_messages as w')
      .innerJoin('channels as c', 'c.id', 'w.channelId')
      .select(['w.id', 'c.name'])
      .where('w.templateId', 'in', ids)
      .orderBy('w.id')
      .execute();
    return {
      counts: { followUps: followUps.length, botFollowUps: bots.length, welcomeMessages: welcomes.length },
      names: {
        followUpContacts: followUps.map((row) => row.name ?? ''),
        bots: bots.map((row) => row.name),
        welcomeChannels: welcomes.map((row) => row.name),
      },
    };
  }
}
