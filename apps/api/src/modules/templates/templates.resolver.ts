import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { WhatsappTemplateModel } from './models/whatsapp-template.model';

/** 02 §7 whatsappTemplates by channel: outside the reply window the composer offers only the accepted ones. */
@Resolver(() => WhatsappTemplateModel)
export class TemplatesResolver {
  constructor(private readonly dataSource: DataSource) {}

  @RequirePermissions('readChat', 'agent', 'whatsappTemplate', 'campaigns')
  @Query(() => [WhatsappTemplateModel])
  whatsappTemplates(
    @CurrentUser() user: AuthUser,
    @Args('channelId', { type: () => Int, nullable: true }) channelId: number | null,
    @Args('status', { type: () => String, nullable: true }) status: string | null,
  ): Promise<WhatsappTemplateModel[]> {
    return this.dataSource.query(
      `SELECT id, "channelId", name, language, status, type, category, components, variables
       FROM whatsapp_templates WHERE "companyId" = $1 AND ($2::int IS NULL OR "channelId" = $2)
         AND ($3::text IS NULL OR status = $3)
       ORDER BY name, language, id`,
      [user.companyId, channelId ?? null, status ?? null],
    );
  }
}
