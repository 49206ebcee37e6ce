import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { type MediaSort, MULTIMEDIA_PAGE_SIZE } from '@crm/shared';
import { Button, Empty, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { handleError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useDebounced } from '../../../lib/useDebounced';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import { ALBUMS_QUERY, type AlbumView } from '../api/multimedia.graphql';
import { deleteAlbum } from '../api/multimedia.rest';
import { AlbumCard } from './AlbumCard';
import { CreateAlbumModal } from './CreateAlbumModal';
import { MediaPager } from './MediaPager';
import { MediaToolbar } from './MediaToolbar';

interface AlbumGridProps {
  /** The space's albums (parentId null) or the sub-albums of parentId. */
  spaceId: number | null;
  parentId: number | null;
  canWrite: boolean;
  /** Counts and cover of the parent change with its sub-albums. */
  onChanged?: () => void;
}

export function albumPath(album: Pick<AlbumView, 'id' | 'isRoot'>): string {
  return album.isRoot ? `/album/${album.id}` : `/subAlbum/${album.id}`;
}

/** Albums (or sub-albums) as cards, with search, order, paging and the create-album modal. */
export function AlbumGrid({ spaceId, parentId, canWrite, onChanged }: AlbumGridProps) {
  const navigate = useNavigate();
  const timeZone = useCompanyTimeZone();
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<MediaSort>('creationDate');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const keyword = useDebounced(search.trim(), 300);
  const isSub = parentId !== null;
  const { data, previousData, loading, error, refetch } = useQuery(ALBUMS_QUERY, {
    variables: {
      spaceId,
      parentId,
      search: keyword === '' ? null : keyword,
      order,
      skip: (page - 1) * MULTIMEDIA_PAGE_SIZE,
      take: MULTIMEDIA_PAGE_SIZE,
    },
  });

  useEffect(() => {
    if (error) handleError(error);
  }, [error]);

  // A new search or order starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the triggers
  useEffect(() => setPage(1), [keyword, order, spaceId]);

  // While another page or search loads, the cards shown stay.
  const shown = (data ?? previousData)?.albums;
  const albums = shown?.items ?? [];
  const total = shown?.total ?? 0;

  const remove = async (album: AlbumView) => {
    try {
      await deleteAlbum(album.id);
      toast.success(`Álbum ${album.name} eliminado`);
      // The last card of a page gone: step back a page.
      if (albums.length === 1 && page > 1) setPage(page - 1);
      else await refetch();
      onChanged?.();
    } catch (cause) {
      handleError(cause);
    }
  };

  return (
    <section className="album-grid-section" aria-label={isSub ? 'Subálbumes' : 'Álbumes'}>
      <MediaToolbar
        search={search}
        onSearch={setSearch}
        order={order}
        onOrder={setOrder}
        searchLabel={isSub ? 'Buscar subálbumes' : 'Buscar álbumes'}
        extra={
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {isSub ? 'Crear subálbum' : 'Crear álbum'}
            </Button>
          ) : null
        }
      />
      <Spin spinning={loading && !shown}>
        {albums.length === 0 && !loading ? (
          <Empty
            description={
              keyword
                ? 'Ningún álbum coincide con la búsqueda'
                : isSub
                  ? 'Este álbum aún no tiene subálbumes'
                  : 'Aún no hay álbumes en este espacio'
            }
          />
        ) : (
          <div className="album-grid" data-testid="album-grid">
            {albums.map((album) => (
              <AlbumCard
                key={album.id}
                album={album}
                timeZone={timeZone}
                canWrite={canWrite}
                onOpen={(target) => navigate(albumPath(target))}
                onDelete={remove}
              />
            ))}
          </div>
        )}
      </Spin>
      <MediaPager
        page={page}
        total={total}
        onChange={setPage}
        label={isSub ? 'Páginas de subálbumes' : 'Páginas de álbumes'}
      />
      <CreateAlbumModal
        open={creating}
        spaceId={spaceId}
        parentId={parentId}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          void refetch();
          onChanged?.();
        }}
      />
    </section>
  );
}
