import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

/** 02 §7 POST /fbUserPermanentToken and the Page sync: the user token Facebook Login gave the browser. */
export class FacebookTokenInput {
  @ApiProperty({ maxLength: 2000, description: 'User access token Facebook Login gave the browser' })
  @IsString({ message: 'Campo obligatorio' })
  @MaxLength(2000, { message: 'Token inválido' })
  accessToken: string;
}

/** 02 §7 POST /setExpirationDate. */
export class ChannelIdInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId('Canal inválido')
  channelId: number;
}
