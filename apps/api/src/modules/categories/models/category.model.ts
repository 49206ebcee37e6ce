import { INPUT_MESSAGES, VALIDATION_MESSAGES } from '@crm/shared';
import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { IsString, MaxLength } from 'class-validator';

@ObjectType('Category')
export class CategoryModel {
  @Field(() => Int) id: number;
  @Field() name: string;
}

@InputType()
export class CategoryInput {
  @Field()
  @IsString({ message: VALIDATION_MESSAGES.nameRequired })
  @MaxLength(500, { message: INPUT_MESSAGES.nameTooLong })
  name: string;
}
