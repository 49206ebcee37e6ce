import { useEffect, useState } from 'react';
import { fetchAuthorizedBlob } from '../../../lib/multipart';

export type MediaObjectUrl =
  | { state: 'loading'; url: null }
  | { state: 'ready'; url: string }
  | { state: 'error'; url: null };

const LOADING: MediaObjectUrl = { state: 'loading', url: null };

/**
 * A received file the API serves only with the session's token: <img>, <audio> and <video> cannot send it, so the
 * file is fetched with it and shown through an object URL, revoked when the bubble goes or the path changes.
 * Null `path`: nothing to fetch (yet).
 */
export function useMediaObjectUrl(path: string | null): MediaObjectUrl {
  const [result, setResult] = useState<MediaObjectUrl>(LOADING);
  useEffect(() => {
    setResult(LOADING);
    if (!path) return;
    const controller = new AbortController();
    let created: string | null = null;
    fetchAuthorizedBlob(path, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        created = URL.createObjectURL(blob);
        setResult({ state: 'ready', url: created });
      })
      .catch(() => {
        if (!controller.signal.aborted) setResult({ state: 'error', url: null });
      });
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [path]);
  return result;
}
