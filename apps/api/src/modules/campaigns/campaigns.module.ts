import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { MessagesModule } from '../messages/messages.module';
import { TagsModule } from '../tags/tags.module';
import { TemplatesModule } from '../templates/templates.module';
import { CampaignAnalyticsController } from './campaign-analytics.controller';
import { CampaignAnalyticsRepository } from './campaign-analytics.repository';
import { CampaignAnalyticsService } from './campaign-analytics.service';
import { CampaignDispatcherService } from './campaign-dispatcher.service';
import { CampaignsController } from './campaigns.controller';
import { CampaignsRepository } from './campaigns.repository';
import { CampaignsResolver } from './campaigns.resolver';
import { CampaignsService } from './campaigns.service';

/** Issue 18: broadcast campaigns — the wizard's calls, the audience, the dispatcher and the analytics. */
@Module({
  imports: [MessagesModule, ChannelsModule, TagsModule, TemplatesModule],
  controllers: [CampaignsController, CampaignAnalyticsController],
  providers: [
    CampaignsRepository,
    CampaignsService,
    CampaignsResolver,
    CampaignDispatcherService,
    CampaignAnalyticsRepository,
    CampaignAnalyticsService,
  ],
  exports: [CampaignsRepository, CampaignsService],
})
export class CampaignsModule {}
