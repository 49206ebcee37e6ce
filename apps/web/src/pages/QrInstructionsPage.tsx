import { useDocumentTitle } from '../features/layout/hooks/useDocumentTitle';
import { QrInstructions } from '../features/whatsapp-linking/components/QrInstructions';
import '../features/whatsapp-linking/linking.css';

// 01 §2.5: /link-whatsapp/qrcode-instructions.
export function QrInstructionsPage() {
  useDocumentTitle('Vincular WhatsApp');
  return <QrInstructions />;
}
