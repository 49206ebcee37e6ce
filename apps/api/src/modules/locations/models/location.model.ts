import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { IsString, MaxLength } from 'class-validator';

@ObjectType('Location')
export class LocationModel {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field(() => Int, { description: 'Users of the company at this location.' }) userCount: number;
}

@InputType()
export class LocationInput {
  @Field()
  @IsString({ message: 'Nombre obligatorio' })
  @MaxLength(500, { message: 'El nombre es demasiado largo.' })
  name: string;
}
