import { DownloadOutlined, LoadingOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { formatFileSize, MEDIA_FETCH_MESSAGES, type MessageFileView, type MessageView } from '@crm/shared';
import { Button, Image } from 'antd';
import { type ReactNode, useState } from 'react';
import { handleError } from '../../../lib/errors';
import { fetchAuthorizedBlob } from '../../../lib/multipart';
import { retryMessageMedia } from './api/media.rest';
import { documentIcon } from './documentIcon';
import { fileOf, type MediaSource } from './messageDisplay';
import { useMediaObjectUrl } from './useMediaObjectUrl';
import { WhatsappText } from './WhatsappText';

/** The states of a received file that only the API can give: downloading, failed, or kept in our storage. */
export type ReceivedMediaSource = Extract<MediaSource, { kind: 'pending' | 'failed' | 'stored' }>;

const UNAVAILABLE: Record<string, string> = {
  image: 'Imagen no disponible',
  video: 'Video no disponible',
  audio: 'Audio no disponible',
  sticker: 'Sticker no disponible',
};

function Pending() {
  return (
    <span className="msg-media-state" role="status" data-testid="media-pending">
      <LoadingOutlined aria-hidden="true" /> {MEDIA_FETCH_MESSAGES.pending}
    </span>
  );
}

function Failed({ reason, onRetry }: { reason: string | null; onRetry: () => void }) {
  return (
    <div className="msg-media-state msg-media-failed" data-testid="media-failed">
      <WarningOutlined className="msg-media-failed-icon" aria-hidden="true" />
      <span className="msg-media-state-text">
        <span>{MEDIA_FETCH_MESSAGES.failed}</span>
        {reason ? <span className="msg-media-reason">{reason}</span> : null}
      </span>
      <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
        {MEDIA_FETCH_MESSAGES.retry}
      </Button>
    </div>
  );
}

/** An image, sticker, video or voice note read with the session's token. */
function StoredPlayable({ message, path }: { message: MessageView; path: string }) {
  const media = useMediaObjectUrl(path);
  if (media.state === 'loading') {
    return (
      <span className="msg-media-state" aria-busy="true">
        <LoadingOutlined aria-hidden="true" /> Cargando…
      </span>
    );
  }
  if (media.state === 'error') {
    return <span className="msg-unavailable">{UNAVAILABLE[message.type] ?? 'Archivo no disponible'}</span>;
  }
  switch (message.type) {
    case 'image':
      // antd's preview opens the full-size picture over the inbox on click.
      return <Image className="msg-image" src={media.url} alt={message.content.trim() || 'Imagen'} />;
    case 'sticker':
      return <img className="msg-sticker" src={media.url} alt="Sticker" />;
    case 'video':
      return (
        // biome-ignore lint/a11y/useMediaCaption: customers' videos come without a caption track
        <video className="msg-video" src={media.url} controls preload="metadata">
          Tu navegador no soporta video
        </video>
      );
    default:
      return (
        // biome-ignore lint/a11y/useMediaCaption: voice notes come without a caption track
        <audio className="msg-audio" src={media.url} controls preload="metadata">
          Tu navegador no soporta audio
        </audio>
      );
  }
}

/** A document is fetched only when asked for: it may weigh up to 100 MB. */
function StoredDocument({ file, path }: { file: MessageFileView | null; path: string }) {
  const [downloading, setDownloading] = useState(false);
  const name = file?.name ?? 'Documento';
  const download = async () => {
    setDownloading(true);
    try {
      const url = URL.createObjectURL(await fetchAuthorizedBlob(path));
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click is handled.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      handleError(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <button
      type="button"
      className="msg-document msg-document-button"
      data-testid="message-document"
      aria-label={`Descargar ${name}`}
      aria-busy={downloading}
      onClick={() => void download()}
    >
      <span className="msg-document-icon" aria-hidden="true">
        {downloading ? <LoadingOutlined /> : file ? documentIcon(file) : <DownloadOutlined />}
      </span>
      <span className="msg-document-info">
        <span className="msg-document-name">{name}</span>
        {file?.weight != null ? (
          <span className="msg-document-size">{formatFileSize(file.weight)}</span>
        ) : null}
      </span>
    </button>
  );
}

/**
 * A file a customer sent: 'Descargando…' while the API downloads it from the provider, a retry when that failed,
 * then the picture, player or download card, read with the session's token.
 */
export function ReceivedMedia({ message, source }: { message: MessageView; source: ReceivedMediaSource }) {
  // The state 'Reintentar' was pressed in: the server's next one (pending, then ready or failed) ends it.
  const [retriedFrom, setRetriedFrom] = useState<ReceivedMediaSource['kind'] | null>(null);
  const retrying = retriedFrom === source.kind;

  const retry = () => {
    setRetriedFrom(source.kind);
    retryMessageMedia(message.id).catch((error: unknown) => {
      setRetriedFrom(null);
      handleError(error);
    });
  };

  let body: ReactNode;
  if (source.kind === 'pending' || retrying) body = <Pending />;
  else if (source.kind === 'failed') body = <Failed reason={source.reason} onRetry={retry} />;
  else if (message.type === 'document') body = <StoredDocument file={fileOf(message)} path={source.path} />;
  else body = <StoredPlayable message={message} path={source.path} />;

  const captioned = message.type === 'image' || message.type === 'video' || message.type === 'document';
  return (
    <>
      {body}
      {captioned && message.content.trim() ? (
        <WhatsappText text={message.content} className="msg-caption" />
      ) : null}
    </>
  );
}
