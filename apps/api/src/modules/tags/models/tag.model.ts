import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Tag')
export class TagModel {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() color: string;
  @Field() isDefault: boolean;
  @Field(() => Int, { description: 'Conversations carrying it.' }) clientCount: number;
}

@ObjectType('Agent')
export class AgentModel {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field(() => String, { nullable: true }) imageUrl: string | null;
  @Field() isAvailable: boolean;
  @Field() roleName: string;
}
