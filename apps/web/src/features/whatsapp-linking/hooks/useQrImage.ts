import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A data URL of the QR code for `content`, or null while it is drawn (or when there is nothing to draw). */
export function useQrImage(content: string | null): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!content) {
      setImage(null);
      return;
    }
    let active = true;
    QRCode.toDataURL(content, { width: 240, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (active) setImage(url);
      })
      .catch(() => {
        if (active) setImage(null);
      });
    return () => {
      active = false;
    };
  }, [content]);
  return image;
}
