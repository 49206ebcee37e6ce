import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Tag')
export class TagModel {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() color: string;
  @Field() isDefault: boolean;
  @Field(() => Int, { description: 'Conversations carrying it.' }) clientCount: number;
  @Field({ description: 'Unique per company: the company id and the lower-case name (02 §3 Tag.key).' })
  key: string;
  @Field(() => Int) companyId: number;
  @Field({ description: 'ISO 8601' }) createdAt: string;
}

@ObjectType('Agent')
export class AgentModel {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field(() => String, { nullable: true }) imageUrl: string | null;
  @Field() isAvailable: boolean;
  @Field() roleName: string;
  @Field({ description: 'Holds the `agent` permission: may be given conversations (02 §6).' })
  isAgent: boolean;
}
