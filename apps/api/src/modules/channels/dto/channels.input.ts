import { INPUT_MESSAGES, VALIDATION_MESSAGES } from '@crm/shared';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

/** 02 §7 POST /fbUserPermanentToken and the Page sync: the user token Facebook Login gave the browser. */
export class FacebookTokenInput {
  @ApiProperty({ maxLength: 2000, description: 'User access token Facebook Login gave the browser' })
  @IsString({ message: VALIDATION_MESSAGES.required })
  @MaxLength(2000, { message: INPUT_MESSAGES.invalidToken })
  accessToken: string;
}

/** 02 §7 POST /setExpirationDate. */
export class ChannelIdInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId: number;
}
