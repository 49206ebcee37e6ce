import { FolderOutlined } from '@ant-design/icons';
import { formatMediumDate } from '@crm/shared';
import { Card, Typography } from 'antd';
import { DeleteConfirm } from '../../layout/components/DeleteConfirm';
import type { AlbumView } from '../api/multimedia.graphql';
import { fileContentUrl } from '../api/multimedia.rest';
import { useAuthorizedObjectUrl } from '../hooks/useAuthorizedObjectUrl';

interface AlbumCardProps {
  album: AlbumView;
  timeZone: string | undefined;
  canWrite: boolean;
  onOpen: (album: AlbumView) => void;
  onDelete: (album: AlbumView) => void;
}

export function countsLabel(album: Pick<AlbumView, 'albumsCount' | 'filesCount' | 'isRoot'>): string {
  const files = `${album.filesCount} ${album.filesCount === 1 ? 'archivo' : 'archivos'}`;
  if (!album.isRoot) return files;
  return `${album.albumsCount} ${album.albumsCount === 1 ? 'álbum' : 'álbumes'} · ${files}`;
}

/** 01 §2.9 card: name, counts of albums and files, creation date and an image. */
export function AlbumCard({ album, timeZone, canWrite, onOpen, onDelete }: AlbumCardProps) {
  const cover = useAuthorizedObjectUrl(album.coverFileId ? fileContentUrl(album.coverFileId) : null);
  return (
    <Card
      hoverable
      className="album-card"
      data-testid="album-card"
      onClick={() => onOpen(album)}
      cover={
        <div className="album-card-cover">
          {cover ? <img src={cover} alt="" /> : <FolderOutlined className="album-card-folder" aria-hidden />}
        </div>
      }
      actions={
        canWrite
          ? [
              // The card opens the album; the delete control must not.
              // biome-ignore lint/a11y/noStaticElementInteractions: stops the click reaching the card only
              // biome-ignore lint/a11y/useKeyWithClickEvents: the button inside handles the keyboard
              <span key="delete" onClick={(event) => event.stopPropagation()}>
                <DeleteConfirm
                  title={`¿Eliminar el álbum ${album.name}?`}
                  description="Se eliminarán también sus subálbumes y archivos."
                  onConfirm={() => onDelete(album)}
                  type="text"
                  size="small"
                  icon
                  ariaLabel={`Eliminar el álbum ${album.name}`}
                />
              </span>,
            ]
          : undefined
      }
    >
      <Card.Meta
        title={
          <button type="button" className="album-card-title" onClick={() => onOpen(album)}>
            {album.name}
          </button>
        }
        description={
          <>
            <div>{countsLabel(album)}</div>
            <Typography.Text type="secondary">
              Creado el {formatMediumDate(album.createdAt, timeZone)}
            </Typography.Text>
          </>
        }
      />
    </Card>
  );
}
