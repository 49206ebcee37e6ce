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
  @IsId('Canal inválido')
  channelId?: number | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'Nombre obligatorio' })
  slotName?: string;

  /** 02 §5 WhatsApp slot phone: digits only. */
  @ApiPropertyOptional({ description: 'Digits only' })
  @IsOptional()
  @IsString({ message: 'Teléfono obligatorio' })
  phone?: string;
}

/** 02 §7 POST /getChannelStatus (getChatHistory, chatHistoryTime) for one channel. */
export class ChannelStatusInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId('Canal inválido')
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
  @IsId('Canal inválido')
  channelId: number;
}

/** The linking device presents the QR's one-time code. */
export class ScanSlotInput {
  @ApiProperty({ maxLength: 100, description: "The QR's one-time code" })
  @IsString({ message: 'Campo obligatorio' })
  @MaxLength(100, { message: 'El código QR no es válido. Genera uno nuevo.' })
  code: string;
}
