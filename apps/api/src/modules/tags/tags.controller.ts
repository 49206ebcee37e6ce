import { SPACE_MESSAGES } from '@crm/shared';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional } from 'class-validator';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { IsId } from '../../common/decorators/id.decorator';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { TagsAdminService } from './tags-admin.service';

class TagsCountInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(SPACE_MESSAGES.channelRequired)
  channelId: number;

  /** Accepted for compatibility and ignored: the company comes from the token. */
  @ApiPropertyOptional({
    description: 'Accepted for compatibility and ignored: the company comes from the token',
  })
  @IsOptional()
  companyId?: unknown;
}

@ApiTags('tags')
@ApiSignedIn()
@Controller()
export class TagsController {
  constructor(private readonly tags: TagsAdminService) {}

  /** 02 §7 POST /tagsCount {channelId}: conversations of the channel per tag (campaign audiences, config). */
  @ApiOperation({ summary: 'Conversations of a channel per tag' })
  @ApiErrors(400)
  @RequirePermissions('readTags', 'writeTags', 'campaigns')
  @Post('tagsCount')
  @HttpCode(200)
  count(@CurrentUser() user: AuthUser, @Body() input: TagsCountInput) {
    return this.tags.countByChannel(user, input.channelId);
  }
}
