import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('DatasheetField')
export class DatasheetFieldModel {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() type: string;
  @Field(() => [String]) options: string[];
  @Field() isDefault: boolean;
}

@ObjectType('ClientInfo')
export class ClientInfoModel {
  @Field(() => Int) id: number;
  @Field(() => Int) clientId: number;
  @Field(() => Int) fieldId: number;
  @Field() fieldName: string;
  @Field() value: string;
}
