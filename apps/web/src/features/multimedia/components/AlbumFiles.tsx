import { DownloadOutlined, LinkOutlined, VideoCameraAddOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { formatMediumDate, type MediaSort, MULTIMEDIA_PAGE_SIZE } from '@crm/shared';
import { Button, Empty, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { handleError } from '../../../lib/errors';
import { fetchAuthorizedBlob } from '../../../lib/multipart';
import { toast } from '../../../lib/toast';
import { useDebounced } from '../../../lib/useDebounced';
import { DeleteConfirm } from '../../layout/components/DeleteConfirm';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import { ALBUM_FILES_QUERY, type AlbumFileView } from '../api/multimedia.graphql';
import { removeContent } from '../api/multimedia.rest';
import { fileTypeLabel, sizeLabel } from '../mediaFormat';
import { FileThumb } from './FileThumb';
import { MediaDropZone } from './MediaDropZone';
import { MediaPager } from './MediaPager';
import { MediaToolbar } from './MediaToolbar';
import { VideoUrlModal } from './VideoUrlModal';

interface AlbumFilesProps {
  albumId: number;
  canWrite: boolean;
  onChanged?: () => void;
}

async function download(file: AlbumFileView): Promise<void> {
  try {
    const blob = await fetchAuthorizedBlob(`${file.url}?download=1`);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    // The browser has taken the file once the click is handled.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    handleError(error);
  }
}

/** The files of an album: drop zone (writeMultimedia), search, order, 'Anterior'/'Siguiente' pages, delete. */
export function AlbumFiles({ albumId, canWrite, onChanged }: AlbumFilesProps) {
  const timeZone = useCompanyTimeZone();
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<MediaSort>('creationDate');
  const [page, setPage] = useState(1);
  const [addingVideo, setAddingVideo] = useState(false);
  const keyword = useDebounced(search.trim(), 300);
  const { data, previousData, loading, error, refetch } = useQuery(ALBUM_FILES_QUERY, {
    variables: {
      albumId,
      search: keyword === '' ? null : keyword,
      order,
      skip: (page - 1) * MULTIMEDIA_PAGE_SIZE,
      take: MULTIMEDIA_PAGE_SIZE,
    },
  });

  useEffect(() => {
    if (error) handleError(error);
  }, [error]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the triggers
  useEffect(() => setPage(1), [keyword, order]);

  // While another page or search loads, the rows shown stay.
  const shown = (data ?? previousData)?.albumFiles;
  const files = shown?.items ?? [];
  const total = shown?.total ?? 0;

  const changed = () => {
    void refetch();
    onChanged?.();
  };

  const remove = async (file: AlbumFileView) => {
    try {
      await removeContent(file.id);
      toast.success(`${file.name} eliminado`);
      if (files.length === 1 && page > 1) setPage(page - 1);
      else await refetch();
      onChanged?.();
    } catch (cause) {
      handleError(cause);
    }
  };

  const columns: ColumnsType<AlbumFileView> = [
    { title: '', key: 'thumb', width: 72, render: (_, file) => <FileThumb file={file} /> },
    { title: 'Nombre', dataIndex: 'name', ellipsis: true },
    { title: 'Tipo', dataIndex: 'fileType', width: 120, render: (type: string) => fileTypeLabel(type) },
    {
      title: 'Tamaño',
      dataIndex: 'weight',
      width: 110,
      render: (weight: number | null) => sizeLabel(weight),
    },
    {
      title: 'Agregado',
      dataIndex: 'createdAt',
      width: 140,
      render: (createdAt: string) => formatMediumDate(createdAt, timeZone),
    },
    {
      title: 'Acciones',
      key: 'actions',
      width: canWrite ? 220 : 120,
      render: (_, file) => (
        <Space size={0}>
          {file.isExternal ? (
            <Button
              type="link"
              icon={<LinkOutlined />}
              href={file.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              Ver
            </Button>
          ) : (
            <Button type="link" icon={<DownloadOutlined />} onClick={() => void download(file)}>
              Descargar
            </Button>
          )}
          {canWrite ? (
            <DeleteConfirm
              title={`¿Eliminar ${file.name}?`}
              onConfirm={() => remove(file)}
              type="link"
              icon
              ariaLabel={`Eliminar ${file.name}`}
            />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <section className="album-files" aria-label="Archivos">
      {canWrite ? <MediaDropZone albumId={albumId} kind="media" onUploaded={changed} /> : null}
      <MediaToolbar
        search={search}
        onSearch={setSearch}
        order={order}
        onOrder={setOrder}
        searchLabel="Buscar archivos"
        extra={
          canWrite ? (
            <Button icon={<VideoCameraAddOutlined />} onClick={() => setAddingVideo(true)}>
              Agregar video por URL
            </Button>
          ) : null
        }
      />
      <Table<AlbumFileView>
        rowKey="id"
        size="middle"
        loading={loading && !shown}
        columns={columns}
        dataSource={files}
        pagination={false}
        data-testid="album-files"
        locale={{
          emptyText: (
            <Empty
              description={
                keyword ? 'Ningún archivo coincide con la búsqueda' : 'Este álbum aún no tiene archivos'
              }
            />
          ),
        }}
      />
      <MediaPager page={page} total={total} onChange={setPage} label="Páginas de archivos" />
      <VideoUrlModal
        open={addingVideo}
        albumId={albumId}
        onClose={() => setAddingVideo(false)}
        onAdded={() => {
          setAddingVideo(false);
          changed();
        }}
      />
    </section>
  );
}
