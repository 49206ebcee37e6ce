import { useParams } from 'react-router';
import { AlbumView } from '../features/multimedia/components/AlbumView';

function albumIdOf(rest: string | undefined): number | null {
  const id = Number((rest ?? '').split('/')[0]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

// 01 §2.2 /album/{id} and /subAlbum/{id} (guarded as /album/* and /subAlbum/*).
export function AlbumPage({ kind }: { kind: 'album' | 'subAlbum' }) {
  const params = useParams();
  const albumId = albumIdOf(params['*']);
  return <AlbumView key={`${kind}-${albumId}`} albumId={albumId} kind={kind} />;
}
