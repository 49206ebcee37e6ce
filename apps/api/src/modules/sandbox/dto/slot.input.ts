import { Type } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

/** 02 §7 POST /getQR: channelId of a sandbox channel, or slotName and phone for a new line. */
export class GetQrInput {
  @IsOptional()
  @Type(() => Number)
  @IsId('Canal inválido')
  channelId?: number | null;

  @IsOptional()
  @IsString({ message: 'Nombre obligatorio' })
  slotName?: string;

  /** 02 §5 WhatsApp slot phone: digits only. */
  @IsOptional()
  @IsString({ message: 'Teléfono obligatorio' })
  phone?: string;
}

/** 02 §7 POST /getChannelStatus (getChatHistory, chatHistoryTime) for one channel. */
export class ChannelStatusInput {
  @Type(() => Number)
  @IsId('Canal inválido')
  channelId: number;

  @IsOptional()
  getChatHistory?: boolean | string;

  @IsOptional()
  chatHistoryTime?: unknown;
}

/** 02 §7 POST /logoutSlot. */
export class SlotChannelInput {
  @Type(() => Number)
  @IsId('Canal inválido')
  channelId: number;
}

/** The linking device presents the QR's one-time code. */
export class ScanSlotInput {
  @IsString({ message: 'Campo obligatorio' })
  @MaxLength(100, { message: 'El código QR no es válido. Genera uno nuevo.' })
  code: string;
}
