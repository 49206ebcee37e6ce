import { Type } from 'class-transformer';
import { IsInt, IsString, MaxLength, Min } from 'class-validator';

/** 02 §7 POST /fbUserPermanentToken and the Page sync: the user token Facebook Login gave the browser. */
export class FacebookTokenInput {
  @IsString({ message: 'Campo obligatorio' })
  @MaxLength(2000, { message: 'Token inválido' })
  accessToken: string;
}

/** 02 §7 POST /setExpirationDate. */
export class ChannelIdInput {
  @Type(() => Number)
  @IsInt({ message: 'Canal inválido' })
  @Min(1, { message: 'Canal inválido' })
  channelId: number;
}
