import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('DatasheetField')
export class DatasheetFieldModel {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() type: string;
  @Field(() => [String]) options: string[];
  @Field() isDefault: boolean;
  @Field({ description: 'Unique per company: the company id and the lower-case name (02 §3).' }) key: string;
  @Field(() => Int) companyId: number;
}

@ObjectType('ClientInfo')
export class ClientInfoModel {
  @Field(() => Int) id: number;
  @Field(() => Int) clientId: number;
  @Field(() => Int) fieldId: number;
  @Field() fieldName: string;
  @Field({ description: "The field's key (02 §3 client info entry)." }) key: string;
  @Field() value: string;
}
