import { useEffect, useState } from 'react';
import { fetchAuthorizedBlob } from '../../../lib/multipart';

/**
 * An object URL for a file only the session may read (album files have no public URL), or null while it
 * loads or when it cannot be read. Revoked when the component goes or the URL changes.
 */
export function useAuthorizedObjectUrl(url: string | null): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) {
      setObjectUrl(null);
      return;
    }
    const controller = new AbortController();
    let created: string | null = null;
    fetchAuthorizedBlob(url, controller.signal)
      .then((blob) => {
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => setObjectUrl(null));
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  return objectUrl;
}
