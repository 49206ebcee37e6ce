import { Field, Int, ObjectType } from '@nestjs/graphql';

/** 02 §3 "Message bot config": a channel's follow-up bot. */
@ObjectType('MessageBotConfig')
export class MessageBotConfigModel {
  @Field(() => Int) id: number;
  @Field(() => Int) companyId: number;
  @Field(() => Int) channelId: number;
  @Field({ description: 'The text sent while the reply window is open (no template).' }) content: string;
  @Field() isActive: boolean;
  @Field(() => Int, { description: "Seconds after the agent's unanswered message." })
  timeLapseInSeconds: number;
  @Field(() => Int, { nullable: true }) templateId: number | null;
  @Field(() => String, { nullable: true }) templateName: string | null;
  @Field(() => [String]) variables: string[];
}
