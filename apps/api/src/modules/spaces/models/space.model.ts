import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { SpaceRow } from '../spaces.repository';

@ObjectType('Space')
export class SpaceModel {
  @Field(() => Int)
  id: number;

  @Field()
  name: string;

  @Field()
  isDefault: boolean;

  @Field()
  isGroup: boolean;

  @Field(() => String, { nullable: true })
  imageUrl: string | null;

  static from(space: Pick<SpaceRow, 'id' | 'name' | 'isDefault' | 'isGroup' | 'imageUrl'>): SpaceModel {
    return Object.assign(new SpaceModel(), {
      id: space.id,
      name: space.name,
      isDefault: space.isDefault,
      isGroup: space.isGroup,
      imageUrl: space.imageUrl,
    });
  }
}
