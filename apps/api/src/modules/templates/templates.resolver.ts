import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { WhatsappTemplateModel } from './models/whatsapp-template.model';
import { TemplatesService } from './templates.service';

/**
 * 01 §7 / 02 §7 whatsappTemplates by company, or by channel: outside the reply window the composer offers only the
 * accepted ones. The same TemplateView as REST's GET /whatsappTemplate/{companyId}, of the caller's company, by name.
 */
@Resolver(() => WhatsappTemplateModel)
export class TemplatesResolver {
  constructor(private readonly templates: TemplatesService) {}

  @RequirePermissions('readChat', 'agent', 'whatsappTemplate', 'campaigns')
  @Query(() => [WhatsappTemplateModel])
  whatsappTemplates(
    @CurrentUser() user: AuthUser,
    @Args('channelId', { type: () => Int, nullable: true }) channelId: number | null,
    @Args('status', { type: () => String, nullable: true }) status: string | null,
    // 01 §7 "whatsappTemplates where companyId": the caller's company only (another one: 403, as REST's).
    @Args('companyId', { type: () => Int, nullable: true }) companyId: number | null,
  ): Promise<WhatsappTemplateModel[]> {
    return this.templates.list(user, channelId, status, companyId);
  }
}
