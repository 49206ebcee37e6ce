import { Module } from '@nestjs/common';
import { TemplatesRepository } from './templates.repository';
import { TemplatesResolver } from './templates.resolver';
import { TemplatesService } from './templates.service';

@Module({
  providers: [TemplatesRepository, TemplatesService, TemplatesResolver],
  exports: [TemplatesRepository],
})
export class TemplatesModule {}
