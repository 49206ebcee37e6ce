import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { DeleteMessageInput } from './dto/delete-message.input';
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
}
