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
  @IsString({ message: 'Nombre obligatorio' })
  @MaxLength(500, { message: 'El nombre es demasiado largo.' })
  name: string;
}
