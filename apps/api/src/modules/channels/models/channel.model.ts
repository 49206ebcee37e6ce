import { Field, Int, ObjectType } from '@nestjs/graphql';

/** 02 §3 Channel as the spaces screen shows it (never its token). */
@ObjectType('Channel')
export class ChannelModel {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field({ description: 'whatsapp_cloud, dialog360, messenger, sms or sandbox.' }) platform: string;
  @Field(() => String, { nullable: true }) phone: string | null;
  @Field(() => String, { nullable: true }) pageId: string | null;
  @Field(() => String, { nullable: true }) imageUrl: string | null;
  @Field() isActive: boolean;
  @Field() useChatbot: boolean;
  @Field() qualityRating: string;
  @Field(() => String, { nullable: true }) currentLimit: string | null;
  @Field(() => String, { nullable: true, description: 'When the provider token stops working (ISO 8601).' })
  expiresAt: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Linked-device slot of a sandbox channel: AUTHENTICATED or LOGGING; null without a slot.',
  })
  slotStatus: string | null;
  @Field(() => [Int], { description: 'The spaces the channel belongs to.' }) spaceIds: number[];
  @Field() createdAt: string;
}
