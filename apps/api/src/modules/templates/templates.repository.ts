import { Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import type { TemplateStatus } from '../../database/column-types';
import { type Database, InjectDatabase } from '../../database/kysely';
import type { WhatsappTemplates } from '../../database/schema';

export type WhatsappTemplateRow = Selectable<WhatsappTemplates>;
export type WhatsappTemplateListing = Pick<
  WhatsappTemplateRow,
  'id' | 'channelId' | 'name' | 'language' | 'status' | 'type' | 'category' | 'components' | 'variables'
>;

/** The whatsapp_templates table: the WhatsApp templates of the company's channels (02 §3). */
@Injectable()
export class TemplatesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The company's templates, of one channel and one status when given, by name, language and id. */
  list(
    companyId: number,
    filter: { channelId: number | null; status: string | null },
  ): Promise<WhatsappTemplateListing[]> {
    let query = this.db
      .selectFrom('whatsapp_templates')
      .select([
        'id',
        'channelId',
        'name',
        'language',
        'status',
        'type',
        'category',
        'components',
        'variables',
      ])
      .where('companyId', '=', companyId);
    if (filter.channelId !== null) query = query.where('channelId', '=', filter.channelId);
    // Any text: a status no template has matches none.
    if (filter.status !== null) query = query.where('status', '=', filter.status as TemplateStatus);
    return query.orderBy('name').orderBy('language').orderBy('id').execute();
  }
}
