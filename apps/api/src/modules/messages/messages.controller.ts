import type { ContactCard } from '@crm/shared';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { DeleteMessageInput } from './dto/delete-message.input';
import { GetContactInput } from './dto/get-contact.input';
import { MessagesService } from './messages.service';

@ApiTags('messages')
@ApiSignedIn()
@Controller()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  /** 02 §7 POST /deleteMessage {id}. */
  @ApiOperation({ summary: 'Delete a message' })
  @ApiErrors(400)
  @RequirePermissions('readChat', 'agent')
  @Post('deleteMessage')
  @HttpCode(200)
  deleteMessage(@CurrentUser() user: AuthUser, @Body() input: DeleteMessageInput) {
    return this.messages.deleteMessage(user, input.id);
  }

  /** 02 §7 POST /getContact {contactId}: the contact card a message shares (02 §3 Message `contact`). */
  @ApiOperation({
    summary: 'The contact card a message shares: {id, name {first_name…}, phones [{id, phone, wa_id}]}',
  })
  @ApiErrors(400, 404)
  @RequirePermissions('readChat', 'agent')
  @Post('getContact')
  @HttpCode(200)
  getContact(@CurrentUser() user: AuthUser, @Body() input: GetContactInput): Promise<ContactCard> {
    return this.messages.contactCard(user, input.contactId);
  }
}
