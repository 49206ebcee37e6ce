import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * A data URL of the QR code for `content`, or null while it is drawn (or when there is nothing to draw). One hook for
 * every QR of the product: the authenticator's, the sandbox slot's and the linking pages'.
 */
export function useQrImage(content: string | null, width = 240): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!content) {
      setImage(null);
      return;
    }
    let active = true;
    QRCode.toDataURL(content, { width, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (active) setImage(url);
      })
      .catch(() => {
        if (active) setImage(null);
      });
    return () => {
      active = false;
    };
  }, [content, width]);
  return image;
}
