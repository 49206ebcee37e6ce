import { Field, Int, ObjectType } from '@nestjs/graphql';
import { MessageBotConfigModel } from './message-bot-config.model';

/** The conversation a message bot follows, as the caller may see it (no phone without canSeePhoneNumber). */
@ObjectType('MessageBotClient')
export class MessageBotClientModel {
  @Field(() => Int) id: number;
  @Field() name: string;
}

/** 02 §3 "Message bot": one conversation's firing of a config. */
@ObjectType('MessageBot')
export class MessageBotModel {
  @Field(() => Int) id: number;
  @Field(() => Int, {
    description: 'When it fires (or fired), in seconds since the epoch (02 §3: an integer).',
  })
  nextDate: number;
  @Field() wasSent: boolean;
  @Field(() => String, { nullable: true, description: 'When it was sent (or skipped), ISO 8601.' })
  sentAt: string | null;
  @Field(() => Int, {
    nullable: true,
    description: 'The message it sent; null while pending or when skipped.',
  })
  messageId: number | null;
  @Field(() => MessageBotClientModel) client: MessageBotClientModel;
  @Field(() => MessageBotConfigModel) config: MessageBotConfigModel;
}
