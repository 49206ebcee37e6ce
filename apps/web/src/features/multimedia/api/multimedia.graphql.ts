import { gql, type TypedDocumentNode } from '@apollo/client';
import type { MediaSort } from '@crm/shared';

/** 01 §3 Album, as its card shows it (01 §2.9). */
export interface AlbumView {
  id: number;
  name: string;
  spaceId: number;
  parentId: number | null;
  parentName: string | null;
  isRoot: boolean;
  createdAt: string;
  albumsCount: number;
  filesCount: number;
  coverFileId: number | null;
}

/** 01 §3 File. `url` is the API's authenticated download route, or a video's own URL when isExternal. */
export interface AlbumFileView {
  id: number;
  albumId: number;
  name: string;
  fileType: 'IMAGE' | 'VIDEO' | 'DOCUMENT' | string;
  mimeType: string | null;
  url: string;
  weight: number | null;
  isExternal: boolean;
  createdAt: string;
}

export interface PageVariables {
  search: string | null;
  order: MediaSort;
  skip: number;
  take: number;
}

const ALBUM_FIELDS = `
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
`;

export const ALBUMS_QUERY: TypedDocumentNode<
  { albums: { total: number; items: AlbumView[] } },
  PageVariables & { spaceId: number | null; parentId: number | null }
> = gql`
  query MultimediaAlbums($spaceId: Int, $parentId: Int, $search: String, $order: String, $skip: Int, $take: Int) {
    albums(spaceId: $spaceId, parentId: $parentId, search: $search, order: $order, skip: $skip, take: $take) {
      total
      items {
        ${ALBUM_FIELDS}
      }
    }
  }
`;

export const ALBUM_QUERY: TypedDocumentNode<{ album: AlbumView }, { id: number }> = gql`
  query MultimediaAlbum($id: Int!) {
    album(id: $id) {
      ${ALBUM_FIELDS}
    }
  }
`;

export const ALBUM_FILES_QUERY: TypedDocumentNode<
  { albumFiles: { total: number; items: AlbumFileView[] } },
  PageVariables & { albumId: number }
> = gql`
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
`;
