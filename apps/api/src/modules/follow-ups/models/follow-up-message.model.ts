import { Field, Int, ObjectType } from '@nestjs/graphql';
import { JsonScalar } from '../../../common/graphql/json.scalar';

@ObjectType('FollowUpMessage')
export class FollowUpMessageModel {
  @Field(() => Int) id: number;
  @Field(() => Int) clientId: number;
  @Field(() => Int) channelId: number;
  @Field(() => Int, { nullable: true }) agentId: number | null;
  @Field(() => String, { nullable: true }) agentName: string | null;
  @Field() content: string;
  @Field() sendAt: string;
  @Field(() => Int, { nullable: true }) templateId: number | null;
  @Field(() => String, { nullable: true }) templateName: string | null;
  @Field(() => [String]) variables: string[];
  @Field(() => JsonScalar, { nullable: true }) file: Record<string, unknown> | null;
  /** 'scheduled', or 'failed' when its send was refused for good (failureReason says why). */
  @Field() status: string;
  @Field(() => String, {
    nullable: true,
    description: 'Why the send was refused (Spanish, for the panel); null unless failed.',
  })
  failureReason: string | null;
  @Field(() => Int, { nullable: true, description: 'The message it became once sent.' })
  messageId: number | null;
}
