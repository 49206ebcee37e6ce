import { Field, Int, ObjectType } from '@nestjs/graphql';

/** 02 §3 Welcome message. */
@ObjectType('WelcomeMessage')
export class WelcomeMessageModel {
  @Field(() => Int)
  id: number;

  @Field(() => Int)
  companyId: number;

  @Field(() => Int)
  channelId: number;

  @Field()
  text: string;

  @Field()
  isActive: boolean;

  @Field()
  useInWorkingHours: boolean;

  @Field(() => Int, { nullable: true })
  templateId: number | null;

  @Field(() => [String])
  variables: string[];

  @Field()
  updatedAt: string;
}
