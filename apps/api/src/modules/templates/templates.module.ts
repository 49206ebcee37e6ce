import { Module } from '@nestjs/common';
import { TemplatesResolver } from './templates.resolver';

@Module({ providers: [TemplatesResolver] })
export class TemplatesModule {}
