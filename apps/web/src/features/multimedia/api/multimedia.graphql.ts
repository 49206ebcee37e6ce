import { graphql } from '../../../gql';
import type { AlbumFieldsFragment, MultimediaAlbumFilesQuery } from '../../../gql/graphql';

/** 01 §3 Album, as its card shows it (01 §2.9). */
export const ALBUM_FIELDS = graphql(`
  fragment AlbumFields on Album {
    id
    name
    spaceId
    parentId
    parentName
    isRoot
    createdAt
    albumsCount
    filesCount
    coverFileId
  }
`);

export type AlbumView = AlbumFieldsFragment;

/** 01 §3 File. `url` is the API's authenticated download route, or a video's own URL when isExternal. */
export type AlbumFileView = MultimediaAlbumFilesQuery['albumFiles']['items'][number];

export const ALBUMS_QUERY = graphql(`
  query MultimediaAlbums($spaceId: Int, $parentId: Int, $search: String, $order: String, $skip: Int, $take: Int) {
    albums(spaceId: $spaceId, parentId: $parentId, search: $search, order: $order, skip: $skip, take: $take) {
      total
      items {
        ...AlbumFields
      }
    }
  }
`);

export const ALBUM_QUERY = graphql(`
  query MultimediaAlbum($id: Int!) {
    album(id: $id) {
      ...AlbumFields
    }
  }
`);

export const ALBUM_FILES_QUERY = graphql(`
  query MultimediaAlbumFiles($albumId: Int!, $search: String, $order: String, $skip: Int, $take: Int) {
    albumFiles(albumId: $albumId, search: $search, order: $order, skip: $skip, take: $take) {
      total
      items {
        id
        albumId
        name
        fileType
        mimeType
        url
        weight
        isExternal
        createdAt
      }
    }
  }
`);
