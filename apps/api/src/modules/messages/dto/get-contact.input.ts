import { INPUT_MESSAGES } from '@crm/shared';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsId } from '../../../common/decorators/id.decorator';

/** 02 §7 POST /getContact {contactId}: a message's `contactId` (the id of the message that shares the card). */
export class GetContactInput {
  @ApiProperty({ type: 'integer', minimum: 1, description: "The message's contactId" })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidMessage)
  contactId: number;
}
