import {
  COMPOSE_MESSAGES,
  INPUT_MESSAGES,
  MESSAGE_TEXT_MAX,
  SANDBOX_MESSAGES,
  validatePhone,
} from '@crm/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';
import { Rule } from '../../../common/decorators/rule.decorator';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class SimulateMessageInput {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'A sandbox channel' })
  @Type(() => Number)
  @IsId(SANDBOX_MESSAGES.chooseChannel)
  channelId: number;

  // The customer's number as the simulator's form checks it (01 §5), trimmed as the form sends it.
  @ApiProperty({ description: "The simulated customer's phone, digits only", example: '5215512345678' })
  @Transform(trimmed)
  @Rule(validatePhone)
  from: string;

  @ApiPropertyOptional({ maxLength: 120 })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidName })
  @MaxLength(120, { message: SANDBOX_MESSAGES.nameTooLong })
  name?: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 4096,
    description: 'Required unless the customer taps a reply',
  })
  // A tap sends no typed text: WhatsApp's reply carries the option's own title.
  @ValidateIf((input: SimulateMessageInput) => input.replyId === undefined)
  @IsString({ message: SANDBOX_MESSAGES.textRequired })
  @MinLength(1, { message: SANDBOX_MESSAGES.textRequired })
  @MaxLength(MESSAGE_TEXT_MAX, { message: COMPOSE_MESSAGES.textTooLong })
  text?: string;

  // Issue 17: the customer taps a reply button or list row of a bot's interactive message.
  @ApiPropertyOptional({
    maxLength: 256,
    description: "The id of the tapped reply button or list row (the option's id)",
  })
  @IsOptional()
  @IsString({ message: SANDBOX_MESSAGES.replyNotOffered })
  @MinLength(1, { message: SANDBOX_MESSAGES.replyNotOffered })
  @MaxLength(256, { message: SANDBOX_MESSAGES.replyNotOffered })
  replyId?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: 'The interactive message tapped; the newest one offering replyId when absent',
  })
  @IsOptional()
  @Type(() => Number)
  @IsId(SANDBOX_MESSAGES.replyNotOffered)
  replyMessageId?: number;
}

export class SimulatorConversationQuery {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(SANDBOX_MESSAGES.chooseChannel)
  channelId: number;

  // The customer's number as the simulator's form checks it (01 §5), trimmed as the form sends it.
  @ApiProperty({ description: "The simulated customer's phone, digits only" })
  @Transform(trimmed)
  @Rule(validatePhone)
  from: string;
}
