import type { MessageSenderKind, MessageView } from '@crm/shared';
import { Field, Int, ObjectType } from '@nestjs/graphql';
import { JsonScalar } from '../../../common/graphql/json.scalar';

@ObjectType('Message')
export class MessageModel implements MessageView {
  @Field(() => Int) id: number;
  @Field(() => Int) clientId: number;
  @Field(() => Int) channelId: number;
  @Field() type: string;
  @Field() content: string;
  @Field(() => String, { description: 'CLIENT, AGENT, BOT or SYSTEM (a notice about the customer).' })
  sender: MessageSenderKind;
  @Field(() => Int, { nullable: true }) senderUserId: number | null;
  @Field(() => String, { nullable: true }) messageStatus: string | null;
  @Field(() => String, { nullable: true }) messageApiId: string | null;
  @Field(() => String, { nullable: true }) errorCode: string | null;
  @Field(() => String, { nullable: true }) errorInfo: string | null;
  @Field(() => Int, { nullable: true }) quotedMsgId: number | null;
  @Field(() => String, { nullable: true }) quotedMsgBody: string | null;
  @Field(() => String, { nullable: true }) quotedMsgType: string | null;
  @Field() seen: boolean;
  @Field(() => String, { nullable: true, description: 'When the message was read (ISO); null while unread.' })
  seenAt?: string | null;
  @Field(() => String, { nullable: true, description: 'Name of the user who read it; null while unread.' })
  seenBy?: string | null;
  @Field(() => String, { nullable: true, description: 'End of the reply window the message opened (ISO).' })
  windowExpiration?: string | null;
  @Field(() => JsonScalar, { nullable: true }) payload: Record<string, unknown> | null;
  @Field(() => Int, {
    nullable: true,
    description: 'A contacts message: the id to pass to POST /api/getContact; null otherwise.',
  })
  contactId?: number | null;
  @Field(() => String, { nullable: true }) fakeId: string | null;
  @Field(() => String, { nullable: true, description: 'When the customer last edited it (ISO).' })
  editedAt?: string | null;
  @Field() time: string;
  @Field() createdAt: string;
}
