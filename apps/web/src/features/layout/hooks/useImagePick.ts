import { useEffect, useState } from 'react';
import { checkPickedFiles } from '../../../lib/uploadCheck';

export interface ImagePick {
  /** The image picked in this form, not saved yet. */
  image: File | null;
  /** An object URL of `image` for the preview, revoked when it changes. */
  preview: string | null;
  error: string | null;
  setError: (message: string | null) => void;
  pick: (files: FileList | null) => Promise<void>;
  clear: () => void;
}

/** One image chosen in a form (a space's picture, a user's photo), checked on its content as the server does. */
export function useImagePick(accept: readonly string[]): ImagePick {
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const pick = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const result = await checkPickedFiles([...files], accept, 1);
    const picked = result.accepted[0];
    if (!picked) {
      setError(result.error ?? 'Tipo de archivo no permitido');
      return;
    }
    setError(null);
    setImage(picked.file);
  };

  return { image, preview, error, setError, pick, clear: () => setImage(null) };
}
