import type {
  ConversationAgentView,
  ConversationCategoryView,
  ConversationChannelView,
  ConversationTagView,
  ConversationView,
  ReferralView,
} from '@crm/shared';
import { Field, Float, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('ConversationTag')
export class ConversationTagModel implements ConversationTagView {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() color: string;
  @Field({ nullable: true, description: 'A predefined tag (02 §3), which cannot be edited or deleted.' })
  isDefault?: boolean;
  @Field({ nullable: true, description: 'The unique key: company id and name.' }) key?: string;
}

@ObjectType('ConversationAgent')
export class ConversationAgentModel implements ConversationAgentView {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field(() => String, { nullable: true }) imageUrl: string | null;
}

@ObjectType('ConversationCategory')
export class ConversationCategoryModel implements ConversationCategoryView {
  @Field(() => Int) id: number;
  @Field() name: string;
}

@ObjectType('ConversationChannel')
export class ConversationChannelModel implements ConversationChannelView {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() platform: string;
  @Field(() => String, { nullable: true }) phone: string | null;
}

@ObjectType('ConversationReferral', {
  description: 'The first ad, post or link the customer came from (click-to-WhatsApp / click-to-Messenger).',
})
export class ConversationReferralModel implements ReferralView {
  @Field({ description: "Lower case: 'ad', 'post', 'shortlink'..." }) source: string;
  @Field(() => String, { nullable: true }) sourceUrl: string | null;
  @Field(() => String, { nullable: true, description: 'The ad or post id.' }) sourceId: string | null;
  @Field(() => String, { nullable: true }) headline: string | null;
  @Field(() => String, { nullable: true }) body: string | null;
  @Field(() => String, { nullable: true }) mediaType: string | null;
  @Field(() => String, { nullable: true }) imageUrl: string | null;
  @Field(() => String, { nullable: true }) videoUrl: string | null;
  @Field(() => String, { nullable: true }) thumbnailUrl: string | null;
  @Field(() => String, { nullable: true, description: 'Click-to-WhatsApp click id.' })
  ctwaClid: string | null;
  @Field(() => String, { nullable: true, description: 'The ref of an m.me link.' }) ref: string | null;
}

/** 02 §3 Conversation (client) as every list and action answers it; same shape as the REST list's rows. */
@ObjectType('Conversation')
export class ConversationModel implements ConversationView {
  @Field(() => Int) id: number;
  @Field(() => Int) companyId: number;
  @Field() key: string;
  @Field(() => String, {
    nullable: true,
    description:
      "The customer's id on the channel (a phone on WhatsApp and SMS); null for users without canSeePhoneNumber.",
  })
  senderId: string | null;
  @Field(() => String, { nullable: true }) name: string | null;
  @Field(() => String, { nullable: true }) nameFromChannel: string | null;
  @Field() cleanedName: string;
  @Field(() => String, { nullable: true }) imageUrl: string | null;
  @Field(() => Float) priority: number;
  @Field(() => Int) unreadMessages: number;
  @Field() answered: boolean;
  @Field() isArchived: boolean;
  @Field() isBroadcastMessage: boolean;
  @Field() isConversationValuable: boolean;
  @Field() hasFollowUpMessage: boolean;
  @Field() isClosed: boolean;
  @Field(() => Int, { nullable: true }) agentId: number | null;
  @Field(() => ConversationAgentModel, { nullable: true }) agent: ConversationAgentModel | null;
  @Field(() => Int, { nullable: true }) groupAdminId: number | null;
  @Field(() => [ConversationTagModel]) tags: ConversationTagModel[];
  @Field(() => ConversationCategoryModel, { nullable: true }) category: ConversationCategoryModel | null;
  @Field(() => Int, { nullable: true }) lastMessageId: number | null;
  @Field(() => String, { nullable: true }) lastMessage: string | null;
  @Field(() => String, { nullable: true }) lastMessageStatus: string | null;
  @Field(() => String, { nullable: true }) lastMessageSender: string | null;
  @Field(() => String, { nullable: true }) lastUpdate: string | null;
  @Field() createdAt: string;
  @Field(() => Int) windowRemainingTime: number;
  @Field(() => String, { nullable: true }) windowExpiresAt: string | null;
  @Field(() => ConversationChannelModel) channel: ConversationChannelModel;
  @Field(() => ConversationReferralModel, { nullable: true }) referral: ConversationReferralModel | null;
  @Field(() => String, { nullable: true }) lastName: string | null;
  @Field() setValuableByUser: boolean;
  @Field({
    description: 'CHANNEL (first message), MANUAL (created from a phone) or IMPORT (a contacts file).',
  })
  source: string;
  @Field() updatedAt: string;
  @Field(() => String, { nullable: true }) whatsappStartedAt: string | null;
  @Field(() => String, { nullable: true }) whatsappLastMessageAt: string | null;
}
