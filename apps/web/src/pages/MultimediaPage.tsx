import { MultimediaHome } from '../features/multimedia/components/MultimediaHome';

// 01 §2.2 /multimedia.
export function MultimediaPage() {
  return <MultimediaHome />;
}
