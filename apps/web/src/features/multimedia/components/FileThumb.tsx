import { FileOutlined, FilePdfOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { AlbumFileView } from '../api/multimedia.graphql';
import { useAuthorizedObjectUrl } from '../hooks/useAuthorizedObjectUrl';

/** A stored image previews itself (fetched with the session); other files show their kind. */
export function FileThumb({ file }: { file: AlbumFileView }) {
  const preview = useAuthorizedObjectUrl(file.fileType === 'IMAGE' && !file.isExternal ? file.url : null);
  if (preview) return <img className="media-thumb" src={preview} alt="" />;
  const Icon =
    file.fileType === 'VIDEO'
      ? PlayCircleOutlined
      : file.mimeType === 'application/pdf'
        ? FilePdfOutlined
        : FileOutlined;
  return (
    <span className="media-thumb media-thumb-icon" aria-hidden>
      <Icon />
    </span>
  );
}
