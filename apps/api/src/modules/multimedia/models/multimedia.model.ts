import { Field, Int, ObjectType } from '@nestjs/graphql';

/** 01 §2.9 album card: name, counts of albums and files, creation date, and an image of it. */
@ObjectType('Album')
export class AlbumModel {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field(() => Int) spaceId: number;
  @Field(() => Int, { nullable: true }) parentId: number | null;
  @Field(() => String, { nullable: true }) parentName: string | null;
  @Field() isRoot: boolean;
  @Field() createdAt: string;
  @Field(() => Int) albumsCount: number;
  @Field(() => Int) filesCount: number;
  @Field(() => Int, { nullable: true, description: 'Latest image of the album, shown on its card.' })
  coverFileId: number | null;
}

@ObjectType('AlbumPage')
export class AlbumPageModel {
  @Field(() => [AlbumModel]) items: AlbumModel[];
  @Field(() => Int) total: number;
}

/** 01 §3 File: id, name, fileType, url, weight. */
@ObjectType('AlbumFile')
export class AlbumFileModel {
  @Field(() => Int) id: number;
  @Field(() => Int) albumId: number;
  @Field() name: string;
  @Field({ description: 'IMAGE, VIDEO or DOCUMENT' }) fileType: string;
  @Field(() => String, { nullable: true }) mimeType: string | null;
  @Field({
    description: 'A stored file: the authenticated download route of the API. A video by URL: its URL.',
  })
  url: string;
  @Field(() => Int, { nullable: true, description: 'Bytes' }) weight: number | null;
  @Field({ description: 'A video given by URL rather than a stored file' }) isExternal: boolean;
  @Field() createdAt: string;
}

@ObjectType('AlbumFilePage')
export class AlbumFilePageModel {
  @Field(() => [AlbumFileModel]) items: AlbumFileModel[];
  @Field(() => Int) total: number;
}
