import { templateInUseMessage, templateUsageKey } from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { ProviderError } from '../../providers/channels/channel-provider';
import { ChannelRegistry } from '../channels/channel-registry.service';
import { ChannelsService } from '../channels/channels.service';
import type { DeleteTemplateInput } from './dto/template.input';
import { TemplateUsageRepository } from './template-usage.repository';
import { templatePort } from './template-view';
import { TemplatesRepository } from './templates.repository';
import { TemplatesService } from './templates.service';

/**
 * 02 §4 delete guard: a template used by scheduled follow-ups, follow-up bots or welcome messages is not deleted
 * (the refusal names them and carries the combination key); only when nothing uses it does the provider's delete
 * go, and our rows follow it.
 */
@Injectable()
export class TemplateDeletionService {
  private readonly logger = new Logger(TemplateDeletionService.name);

  constructor(
    private readonly channels: ChannelsService,
    private readonly registry: ChannelRegistry,
    private readonly templates: TemplatesRepository,
    private readonly usage: TemplateUsageRepository,
    private readonly service: TemplatesService,
  ) {}

  /** DELETE /whatsappTemplate: the name on the channel, every language of it (the provider deletes by name). */
  async delete(user: AuthUser, input: DeleteTemplateInput): Promise<{ deleted: true }> {
    const channel = await this.channels.getForCompany(user.companyId, input.channelId);
    const rows = await this.templates.byName(channel.id, input.templateName);
    if (rows.length === 0) throw new AppException('TEMPLATE_NOT_FOUND', { field: 'templateName' });
    const { counts, names } = await this.usage.usage(rows.map((row) => row.id));
    const key = templateUsageKey(counts);
    if (key !== null) {
      throw new AppException('TEMPLATE_IN_USE', {
        field: 'templateName',
        userMessage: templateInUseMessage(counts, names) ?? undefined,
        details: { usage: key, ...counts },
        message: `Template ${input.templateName} is in use (${key})`,
      });
    }
    const port = templatePort(this.registry.get(channel.platform), channel);
    try {
      await port.deleteTemplate(this.channels.credentials(channel), input.templateName);
    } catch (error) {
      // Already gone at the provider (deleted elsewhere): ours go too.
      if (!(error instanceof ProviderError) || error.code !== 'TEMPLATE_NOT_FOUND') {
        this.logger.warn(
          `template ${input.templateName} of channel ${channel.id} not deleted: ${String(error)}`,
        );
        throw new AppException('ERROR_DELETING_WHATSAPPTEMPLATE', {
          field: 'templateName',
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
    await this.templates.deleteByIds(rows.map((row) => row.id));
    this.service.publishDeleted(user.companyId, rows);
    return { deleted: true };
  }
}
