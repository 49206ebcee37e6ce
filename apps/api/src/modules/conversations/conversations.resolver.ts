import { Args, Field, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ClientsService } from '../clients/clients.service';
import { ConversationModel } from '../clients/models/conversation.model';
import { ConversationActionsService } from './conversation-actions.service';
import { ConversationAssignmentService } from './conversation-assignment.service';
import { ConversationCloseService } from './conversation-close.service';

@ObjectType('CloseConversationResult')
class CloseConversationResult {
  @Field(() => ConversationModel) client: ConversationModel;
  @Field() surveySent: boolean;
}

@ObjectType('CloseOptions')
class CloseOptionsModel {
  @Field({ description: 'Company setting showClientCloseOption: offer closing at all.' }) canClose: boolean;
  @Field({ description: 'The channel has an active satisfaction survey.' }) surveyAvailable: boolean;
  @Field({ description: 'Company setting sentClientSurveyByDefault: the survey goes unless declined.' })
  surveyByDefault: boolean;
}

@ObjectType('InboxChannel')
class InboxChannelModel {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() platform: string;
}

const CLIENT_ID = { name: 'clientId', type: () => Int } as const;

/** 02 §7 GraphQL: the conversation itself and the updateClient-style actions, one mutation per action. */
@Resolver(() => ConversationModel)
export class ConversationsResolver {
  constructor(
    private readonly actions: ConversationActionsService,
    private readonly assignment: ConversationAssignmentService,
    private readonly closing: ConversationCloseService,
    private readonly clients: ClientsService,
  ) {}

  @RequirePermissions('readChat', 'agent')
  @Query(() => ConversationModel, { description: 'One conversation the caller can see.' })
  async conversation(@CurrentUser() user: AuthUser, @Args(CLIENT_ID) clientId: number) {
    await this.clients.getVisible(user, clientId);
    return this.clients.view(clientId);
  }

  @RequirePermissions('reasignConversations')
  @Mutation(() => ConversationModel)
  reassignConversation(
    @CurrentUser() user: AuthUser,
    @Args(CLIENT_ID) clientId: number,
    @Args('agentId', { type: () => Int, nullable: true }) agentId: number | null,
  ) {
    return this.assignment.reassign(user, clientId, agentId ?? null);
  }

  @RequirePermissions('tagConversations')
  @Mutation(() => ConversationModel)
  addTagToConversation(
    @CurrentUser() user: AuthUser,
    @Args(CLIENT_ID) clientId: number,
    @Args('tagId', { type: () => Int }) tagId: number,
  ) {
    return this.actions.addTag(user, clientId, tagId);
  }

  @RequirePermissions('tagConversations')
  @Mutation(() => ConversationModel)
  removeTagFromConversation(
    @CurrentUser() user: AuthUser,
    @Args(CLIENT_ID) clientId: number,
    @Args('tagId', { type: () => Int }) tagId: number,
  ) {
    return this.actions.removeTag(user, clientId, tagId);
  }

  @RequirePermissions('readChat', 'agent')
  @Mutation(() => ConversationModel)
  setConversationArchived(
    @CurrentUser() user: AuthUser,
    @Args(CLIENT_ID) clientId: number,
    @Args('archived') archived: boolean,
  ) {
    return this.actions.setArchived(user, clientId, archived);
  }

  @RequirePermissions('readChat', 'agent')
  @Mutation(() => ConversationModel)
  setConversationValuable(
    @CurrentUser() user: AuthUser,
    @Args(CLIENT_ID) clientId: number,
    @Args('valuable') valuable: boolean,
  ) {
    return this.actions.setValuable(user, clientId, valuable);
  }

  @RequirePermissions('followUp')
  @Mutation(() => ConversationModel)
  setConversationFollowUp(
    @CurrentUser() user: AuthUser,
    @Args(CLIENT_ID) clientId: number,
    @Args('followUp') followUp: boolean,
  ) {
    return this.actions.setFollowUpFlag(user, clientId, followUp);
  }

  @RequirePermissions('readChat', 'agent')
  @Mutation(() => ConversationModel)
  renameConversation(
    @CurrentUser() user: AuthUser,
    @Args(CLIENT_ID) clientId: number,
    @Args('name') name: string,
  ) {
    return this.actions.rename(user, clientId, name);
  }

  @RequirePermissions('readChat', 'agent')
  @Mutation(() => ConversationModel)
  setConversationCategory(
    @CurrentUser() user: AuthUser,
    @Args(CLIENT_ID) clientId: number,
    @Args('categoryId', { type: () => Int, nullable: true }) categoryId: number | null,
  ) {
    return this.actions.setCategory(user, clientId, categoryId ?? null);
  }

  /** The channel filter's options (02 §2): the listed space's channels, SMS left out as the lists do (02 §5). */
  @RequirePermissions('readChat', 'agent')
  @Query(() => [InboxChannelModel])
  async inboxChannels(@CurrentUser() user: AuthUser): Promise<InboxChannelModel[]> {
    return this.clients.listedChannels(user);
  }

  @RequirePermissions('readChat', 'agent')
  @Query(() => CloseOptionsModel, { description: 'What closing this conversation offers (survey or not).' })
  closeOptions(@CurrentUser() user: AuthUser, @Args(CLIENT_ID) clientId: number): Promise<CloseOptionsModel> {
    return this.closing.closeOptions(user, clientId);
  }

  @RequirePermissions('readChat', 'agent')
  @Mutation(() => CloseConversationResult, {
    description: 'Closes it; sendSurvey null follows the company setting sentClientSurveyByDefault.',
  })
  closeConversation(
    @CurrentUser() user: AuthUser,
    @Args(CLIENT_ID) clientId: number,
    @Args('sendSurvey', { type: () => Boolean, nullable: true }) sendSurvey: boolean | null,
  ) {
    return this.closing.close(user, clientId, sendSurvey ?? null);
  }

  @RequirePermissions('readChat', 'agent')
  @Mutation(() => ConversationModel)
  reopenConversation(@CurrentUser() user: AuthUser, @Args(CLIENT_ID) clientId: number) {
    return this.closing.reopen(user, clientId);
  }

  @RequirePermissions('deleteConversations')
  @Mutation(() => [Int], { description: 'Ids of the conversations deleted.' })
  deleteConversations(
    @CurrentUser() user: AuthUser,
    @Args('clientIds', { type: () => [Int] }) clientIds: number[],
  ) {
    return this.actions.deleteConversations(user, clientIds);
  }
}
