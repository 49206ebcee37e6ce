import { useQuery } from '@apollo/client/react';
import { Breadcrumb, Card, Result, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useAccess } from '../../access/hooks/useAccess';
import { PageHeader } from '../../layout/components/PageHeader';
import { canWriteMultimedia } from '../access';
import { ALBUM_QUERY } from '../api/multimedia.graphql';
import { countsLabel } from './AlbumCard';
import { AlbumFiles } from './AlbumFiles';
import { AlbumGrid, albumPath } from './AlbumGrid';
import '../multimedia.css';

interface AlbumViewProps {
  albumId: number | null;
  /** Which route it was opened from: /album (albums of a space) or /subAlbum. */
  kind: 'album' | 'subAlbum';
}

/** /album/{id}: its sub-albums and files; /subAlbum/{id}: its files. */
export function AlbumView({ albumId, kind }: AlbumViewProps) {
  const { permissions } = useAccess();
  const canWrite = canWriteMultimedia(permissions);
  const { data, loading, error, refetch } = useQuery(ALBUM_QUERY, {
    variables: { id: albumId ?? 0 },
    skip: albumId === null,
  });
  const failure = error ? resolveError(error) : null;

  useEffect(() => {
    if (!error) return;
    const resolved = resolveError(error);
    // A missing album is the page's own message; anything else (another company's: 403) is also a toast.
    if (resolved.code !== 'NOT_FOUND') toast.error(resolved.userMessage);
  }, [error]);

  if (albumId === null || failure) {
    return (
      <div className="page">
        <Result
          status="404"
          title="El álbum no existe"
          subTitle={failure && failure.code !== 'NOT_FOUND' ? failure.userMessage : undefined}
          extra={<Link to="/multimedia">Volver a Multimedia</Link>}
        />
      </div>
    );
  }
  const album = data?.album;
  // Only the first load shows the skeleton: a refetch after a change keeps the page (and the
  // sub-album grid, its dialogs and the upload queue) mounted.
  if (!album || (loading && album.id !== albumId)) {
    return (
      <div className="page">
        <Skeleton active />
      </div>
    );
  }
  // The route follows what the album is.
  if ((kind === 'album') !== album.isRoot) return <Navigate to={albumPath(album)} replace />;

  return (
    <div className="page" data-testid="album-page">
      <Breadcrumb
        className="album-breadcrumb"
        items={[
          { title: <Link to="/multimedia">Multimedia</Link> },
          ...(album.parentId !== null
            ? [{ title: <Link to={`/album/${album.parentId}`}>{album.parentName ?? 'Álbum'}</Link> }]
            : []),
          { title: album.name },
        ]}
      />
      <PageHeader title={album.name} description={countsLabel(album)} />
      {album.isRoot ? (
        <Card className="album-section" title={<Typography.Text strong>Subálbumes</Typography.Text>}>
          <AlbumGrid
            spaceId={album.spaceId}
            parentId={album.id}
            canWrite={canWrite}
            onChanged={() => void refetch()}
          />
        </Card>
      ) : null}
      <Card className="album-section" title={<Typography.Text strong>Archivos</Typography.Text>}>
        <AlbumFiles albumId={album.id} canWrite={canWrite} onChanged={() => void refetch()} />
      </Card>
    </div>
  );
}
