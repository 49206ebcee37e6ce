import { INPUT_MESSAGES, VALIDATION_MESSAGES } from '@crm/shared';
import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { IsString, MaxLength } from 'class-validator';

@ObjectType('Location')
export class LocationModel {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field(() => Int, { description: '02 §3 Location.company: the company it belongs to.' }) companyId: number;
  @Field(() => Int, { description: 'Users of the company at this location.' }) userCount: number;
}

@InputType()
export class LocationInput {
  @Field()
  @IsString({ message: VALIDATION_MESSAGES.nameRequired })
  @MaxLength(500, { message: INPUT_MESSAGES.nameTooLong })
  name: string;
}
