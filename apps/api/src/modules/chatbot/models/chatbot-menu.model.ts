import type { ChatbotMenu } from '@crm/shared';
import { Field, Int, ObjectType } from '@nestjs/graphql';
import { JsonScalar } from '../../../common/graphql/json.scalar';

/** A channel's menu chatbot (issue 17): the tree as the shared ChatbotMenu type describes it. */
@ObjectType('ChatbotMenuConfig')
export class ChatbotMenuModel {
  @Field(() => Int) channelId: number;
  @Field(() => JsonScalar, {
    description:
      'ChatbotMenu: { greeting, options: [{ id, label, description?, action }], invalidText?, handoverText? }.',
  })
  menu: ChatbotMenu;
  @Field({ description: 'ISO 8601.' }) updatedAt: string;
}
