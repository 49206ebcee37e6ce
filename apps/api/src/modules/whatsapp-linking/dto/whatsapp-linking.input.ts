import { VALIDATION_MESSAGES, WHATSAPP_LINKING_MESSAGES } from '@crm/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';

const REQUIRED = VALIDATION_MESSAGES.required;
const CHANNELS = WHATSAPP_LINKING_MESSAGES.channelsRequired;

/**
 * 360dialog Connect's redirect gives `channels=[id1,id2]`: a list, a JSON array text or the bracketed text as it
 * came are all read as the list of ids.
 */
function channelList({ value }: { value: unknown }): unknown {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return value;
  return value
    .replace(/^\s*\[|\]\s*$/g, '')
    .split(',')
    .map((id) => id.trim().replace(/^"|"$/g, ''))
    .filter((id) => id !== '');
}

/** 01 §7 POST /link-whatsapp: what 360dialog's Connect flow returned to /link-whatsapp. */
export class LinkDialog360Input {
  @ApiProperty({ description: "360dialog's client id", example: 'AbCdEfCL' })
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(100, { message: REQUIRED })
  client: string;

  @ApiProperty({ type: [String], description: "360dialog's channel ids", example: ['AbCdEfCH'] })
  @Transform(channelList)
  @IsArray({ message: CHANNELS })
  @ArrayMinSize(1, { message: CHANNELS })
  @ArrayMaxSize(20, { message: CHANNELS })
  @IsString({ each: true, message: CHANNELS })
  @IsNotEmpty({ each: true, message: CHANNELS })
  @MaxLength(100, { each: true, message: CHANNELS })
  channels: string[];
}

/** Meta's embedded signup: the code of the popup and the ids its session message named. */
export class LinkMetaInput {
  @ApiProperty({ description: 'The code the embedded signup returned (single use, minutes-long)' })
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(2000, { message: REQUIRED })
  code: string;

  @ApiProperty({ example: '102290129340398' })
  @IsString({ message: REQUIRED })
  @Matches(/^\d{1,30}$/, { message: REQUIRED })
  wabaId: string;

  @ApiProperty({ example: '106540352242922' })
  @IsString({ message: REQUIRED })
  @Matches(/^\d{1,30}$/, { message: REQUIRED })
  phoneNumberId: string;
}

/** The sandbox linking (no provider account): the number to show, optional. */
export class LinkSandboxInput {
  @ApiPropertyOptional({ example: '5215512345678', description: 'Digits with the country code' })
  @IsOptional()
  @IsString({ message: VALIDATION_MESSAGES.digitsOnly })
  @Matches(/^\+?\d{8,15}$/, { message: VALIDATION_MESSAGES.digitsOnly })
  phone?: string;
}

/** 01 §7 POST /link-whatsapp/profile (multipart beside `file`); lengths are checked by the shared rules. */
export class BusinessProfileInput {
  @ApiPropertyOptional({ type: 'string', maxLength: 255 })
  @IsOptional()
  @IsString({ message: REQUIRED })
  about?: string;
  @ApiPropertyOptional({ type: 'string', format: 'uri' })
  @IsOptional()
  @IsString({ message: REQUIRED })
  website?: string;
  @ApiPropertyOptional({
    type: 'string',
    description: "One of 01 §5's verticals (its name or Cloud API value)",
  })
  @IsOptional()
  @IsString({ message: REQUIRED })
  vertical?: string;
  @ApiPropertyOptional({ type: 'string', format: 'email' })
  @IsOptional()
  @IsString({ message: REQUIRED })
  email?: string;
  @ApiPropertyOptional({ type: 'string' })
  @IsOptional()
  @IsString({ message: REQUIRED })
  description?: string;
  @ApiPropertyOptional({ type: 'string' })
  @IsOptional()
  @IsString({ message: REQUIRED })
  address?: string;
  @ApiPropertyOptional({ type: 'integer', description: "Default: the company's first WhatsApp channel" })
  @IsOptional()
  channelId?: unknown;
}

/** The scheduling link's return (/integrations/calendly_auth passes Calendly's query parameters on). */
export class LinkingBookingInput {
  @ApiPropertyOptional({ type: 'string', format: 'date-time' })
  @IsOptional()
  @IsString({ message: WHATSAPP_LINKING_MESSAGES.bookingDateInvalid })
  @MaxLength(60, { message: WHATSAPP_LINKING_MESSAGES.bookingDateInvalid })
  eventStartTime?: string;
  @ApiPropertyOptional({ type: 'string', format: 'email' })
  @IsOptional()
  @IsString({ message: VALIDATION_MESSAGES.emailInvalid })
  @MaxLength(254, { message: VALIDATION_MESSAGES.emailInvalid })
  inviteeEmail?: string;
  @ApiPropertyOptional({ type: 'string' })
  @IsOptional()
  @IsString({ message: REQUIRED })
  @MaxLength(200, { message: REQUIRED })
  inviteeName?: string;
  @ApiPropertyOptional({ type: 'string', format: 'uri' })
  @IsOptional()
  @IsString({ message: REQUIRED })
  @MaxLength(500, { message: REQUIRED })
  eventUri?: string;
}
