import { CloudUploadOutlined } from '@ant-design/icons';
import { MAX_FILES_PER_DROP, UPLOAD_MESSAGES } from '@crm/shared';
import { Alert, Button, Progress, Typography } from 'antd';
import { useRef, useState } from 'react';
import { resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { checkPickedFiles } from '../../../lib/uploadCheck';
import { uploadAlbumFile } from '../api/multimedia.rest';
import { acceptAttribute, type MediaDropKind, mediaDropCopy } from '../dropZoneKinds';
import { fileTypeLabel, sizeLabel } from '../mediaFormat';
import { DropTarget } from './DropTarget';

/** 01 §3 File while it goes up: isUploading and progress. */
export interface QueuedFile {
  key: string;
  file: File;
  fileType: 'IMAGE' | 'VIDEO' | 'DOCUMENT';
  status: 'staged' | 'uploading' | 'error';
  progress: number;
  error?: string;
}

let queueCounter = 0;

interface MediaDropZoneProps {
  albumId: number;
  onUploaded: () => void;
  /** What the zone takes and says it takes (01 §2.9: labelled per type); an album takes every type. */
  kind?: MediaDropKind;
}

/**
 * 01 §2.9 media drop zone: files are checked as they are dropped (type from their bytes, size, 10 at most),
 * listed with name, type, size and 'Eliminar', then uploaded one by one with a progress bar each.
 */
export function MediaDropZone({ albumId, onUploaded, kind = 'media' }: MediaDropZoneProps) {
  const copy = mediaDropCopy(kind);
  const input = useRef<HTMLInputElement>(null);
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [dropError, setDropError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const update = (key: string, patch: Partial<QueuedFile>) =>
    setQueue((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const add = async (files: File[]) => {
    if (files.length === 0) return;
    const room = MAX_FILES_PER_DROP - queue.length;
    const result = await checkPickedFiles(files, copy.mimeTypes, Math.max(room, 0));
    setDropError(result.error);
    if (result.toast) toast.warning(result.toast);
    if (room <= 0) setDropError(UPLOAD_MESSAGES.tooManyFiles);
    const added: QueuedFile[] = result.accepted.map((picked) => {
      queueCounter += 1;
      return {
        key: `queued-${queueCounter}`,
        file: picked.file,
        fileType:
          picked.mediaType === 'image' ? 'IMAGE' : picked.mediaType === 'video' ? 'VIDEO' : 'DOCUMENT',
        status: 'staged',
        progress: 0,
      };
    });
    setQueue((current) => [...current, ...added]);
  };

  const uploadAll = async () => {
    setUploading(true);
    let done = 0;
    for (const item of queue.filter((entry) => entry.status !== 'uploading')) {
      update(item.key, { status: 'uploading', progress: 0, error: undefined });
      try {
        await uploadAlbumFile(albumId, item.file, (progress) => update(item.key, { progress }));
        done += 1;
        setQueue((current) => current.filter((entry) => entry.key !== item.key));
      } catch (error) {
        update(item.key, { status: 'error', error: resolveError(error).userMessage });
      }
    }
    setUploading(false);
    if (done > 0) {
      toast.success(done === 1 ? '1 archivo subido' : `${done} archivos subidos`);
      onUploaded();
    }
  };

  return (
    <div className="media-drop">
      <DropTarget
        copy={copy}
        testId="media-drop-zone"
        onOpen={() => input.current?.click()}
        onFiles={(files) => void add(files)}
      />
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={acceptAttribute(copy.mimeTypes)}
        data-testid="media-file-input"
        onChange={(event) => {
          void add([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      {dropError ? <Alert type="error" showIcon title={dropError} className="media-drop-error" /> : null}
      {queue.length > 0 ? (
        <>
          <ul className="media-queue" aria-label="Archivos por subir">
            {queue.map((item) => (
              <li key={item.key} className="media-queue-item" data-testid="media-queue-item">
                <div className="media-queue-row">
                  <span className="media-queue-name">{item.file.name}</span>
                  <span className="media-queue-type">{fileTypeLabel(item.fileType)}</span>
                  <span className="media-queue-size">{sizeLabel(item.file.size)}</span>
                  <Button
                    type="link"
                    danger
                    size="small"
                    disabled={item.status === 'uploading'}
                    onClick={() => setQueue((current) => current.filter((entry) => entry.key !== item.key))}
                  >
                    Eliminar
                  </Button>
                </div>
                {item.status === 'uploading' ? (
                  <Progress percent={item.progress} size="small" aria-label={`Subiendo ${item.file.name}`} />
                ) : null}
                {item.status === 'error' ? (
                  <Typography.Text type="danger" className="media-queue-error">
                    {item.error}
                  </Typography.Text>
                ) : null}
              </li>
            ))}
          </ul>
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            loading={uploading}
            onClick={() => void uploadAll()}
          >
            {queue.length === 1 ? 'Subir 1 archivo' : `Subir ${queue.length} archivos`}
          </Button>
        </>
      ) : null}
    </div>
  );
}
