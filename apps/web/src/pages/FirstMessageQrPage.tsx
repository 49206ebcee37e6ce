import { useDocumentTitle } from '../features/layout/hooks/useDocumentTitle';
import { FirstMessageQr } from '../features/whatsapp-linking/components/FirstMessageQr';
import '../features/whatsapp-linking/linking.css';

// 01 §2.5: /link-whatsapp/qrcode.
export function FirstMessageQrPage() {
  useDocumentTitle('Primer mensaje');
  return <FirstMessageQr />;
}
