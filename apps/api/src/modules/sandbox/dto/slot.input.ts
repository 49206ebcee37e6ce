import { INPUT_MESSAGES, SANDBOX_MESSAGES, VALIDATION_MESSAGES } from '@crm/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

/** 02 §7 POST /getQR: channelId of a sandbox channel, or slotName and phone for a new line. */
export class GetQrInput {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    nullable: true,
    description: 'A sandbox channel; absent for a new line (slotName and phone)',
  })
  @IsOptional()
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId?: number | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: VALIDATION_MESSAGES.nameRequired })
  slotName?: string;

  /** 02 §5 WhatsApp slot phone: digits only. */
  @ApiPropertyOptional({ description: 'Digits only' })
  @IsOptional()
  @IsString({ message: VALIDATION_MESSAGES.phoneRequired })
  phone?: string;
}

/** 02 §7 POST /getChannelStatus (getChatHistory, chatHistoryTime) for one channel. */
export class ChannelStatusInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId: number;

  @ApiPropertyOptional({ type: 'boolean' })
  @IsOptional()
  getChatHistory?: boolean | string;

  @ApiPropertyOptional()
  @IsOptional()
  chatHistoryTime?: unknown;
}

/** 02 §7 POST /logoutSlot. */
export class SlotChannelInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId: number;
}

/** The linking device presents the QR's one-time code. */
export class ScanSlotInput {
  @ApiProperty({ maxLength: 100, description: "The QR's one-time code" })
  @IsString({ message: VALIDATION_MESSAGES.required })
  @MaxLength(100, { message: SANDBOX_MESSAGES.qrInvalid })
  code: string;
}
