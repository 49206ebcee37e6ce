import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { DeleteMessageInput } from './dto/delete-message.input';
import { MessagesService } from './messages.service';

@Controller()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  /** 02 §7 POST /deleteMessage {id}. */
  @RequirePermissions('readChat', 'agent')
  @Post('deleteMessage')
  @HttpCode(200)
  deleteMessage(@CurrentUser() user: AuthUser, @Body() input: DeleteMessageInput) {
    return this.messages.deleteMessage(user, input.id);
  }
}
