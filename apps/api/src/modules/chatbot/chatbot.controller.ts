import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { ChatbotService } from './chatbot.service';

@ApiTags('bots')
@ApiSignedIn()
@Controller()
export class ChatbotController {
  constructor(private readonly chatbot: ChatbotService) {}

  /** 02 §7 GET /disable-bot-tags: the tags whose conversations the menu bot never answers. */
  @ApiOperation({ summary: 'Tags that keep the menu chatbot away (company setting disableBotTagIds)' })
  @RequirePermissions('readBot', 'writeBot', 'readCompany')
  @Get('disable-bot-tags')
  async disableBotTags(
    @CurrentUser() user: AuthUser,
  ): Promise<{ tagsForDisable: Array<{ id: number; name: string; color: string }> }> {
    return { tagsForDisable: await this.chatbot.disableBotTags(user) };
  }

  /** 02 §7 GET /botFlow/clienInfo: the bot report (the statistics page's reporteBot.xlsx reads it). */
  @ApiOperation({
    summary: 'Bot report: the answers the menu bot stored, per conversation created between the dates',
  })
  @RequirePermissions('readAnalytics', 'readBot', 'writeBot', 'readCompany')
  @Get('botFlow/clienInfo')
  botReport(
    @CurrentUser() user: AuthUser,
    @Query() query: {
      startDate?: string;
      endDate?: string;
      companyId?: string;
      channelsIds?: string | string[];
    },
  ) {
    return this.chatbot.botReport(user, query);
  }
}
