import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { CompaniesModule } from '../companies/companies.module';
import { TemplateCreationService } from './template-creation.service';
import { TemplateDeletionService } from './template-deletion.service';
import { TemplateStatusService } from './template-status.service';
import { TemplateUsageRepository } from './template-usage.repository';
import { TemplatesController } from './templates.controller';
import { TemplatesRepository } from './templates.repository';
import { TemplatesResolver } from './templates.resolver';
import { TemplatesService } from './templates.service';

/** 02 §2–§9 WhatsApp templates (issue 16): creation, variable detection, provider statuses, the delete guard. */
@Module({
  imports: [ChannelsModule, CompaniesModule],
  controllers: [TemplatesController],
  providers: [
    TemplatesRepository,
    TemplateUsageRepository,
    TemplatesService,
    TemplateCreationService,
    TemplateDeletionService,
    TemplateStatusService,
    TemplatesResolver,
  ],
  exports: [TemplatesRepository, TemplateStatusService],
})
export class TemplatesModule {}
