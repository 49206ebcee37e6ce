import { Field, Int, ObjectType } from '@nestjs/graphql';
import { JsonScalar } from '../../../common/graphql/json.scalar';
import type { QuickAnswerFile } from '../../../database/column-types';

@ObjectType('QuickAnswer')
export class QuickAnswerModel {
  @Field(() => Int) id: number;
  @Field(() => Int) spaceId: number;
  @Field({ description: 'Without the leading slash (02 §5).' }) shortcut: string;
  @Field() text: string;
  @Field(() => JsonScalar, { nullable: true }) file: QuickAnswerFile | null;
  @Field(() => String, { nullable: true }) lastUse: string | null;
  @Field(() => Int) frecuency: number;
  @Field() createdAt: string;
}
