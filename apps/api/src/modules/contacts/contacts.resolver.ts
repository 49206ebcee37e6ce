import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ConversationModel } from '../clients/models/conversation.model';
import { ContactsService } from './contacts.service';
import { CreateClientInput } from './dto/contacts.input';

@Resolver()
export class ContactsResolver {
  constructor(private readonly contacts: ContactsService) {}

  /** 02 §8 createClient: a contact from a phone number and channel. */
  @RequirePermissions('readChat', 'agent')
  @Mutation(() => ConversationModel)
  createClient(@CurrentUser() user: AuthUser, @Args('input') input: CreateClientInput) {
    return this.contacts.create(user, input);
  }

  /** 02 §5: a contact's phone, with the same normalisation and uniqueness rule. */
  @RequirePermissions('readChat', 'agent')
  @Mutation(() => ConversationModel)
  updateClientPhone(
    @CurrentUser() user: AuthUser,
    @Args('clientId', { type: () => Int }) clientId: number,
    @Args('phone') phone: string,
  ) {
    return this.contacts.updatePhone(user, clientId, phone);
  }
}
