import { useDocumentTitle } from '../features/layout/hooks/useDocumentTitle';
import { LinkInstructions } from '../features/whatsapp-linking/components/LinkInstructions';
import '../features/whatsapp-linking/linking.css';

// 01 §2.5: /link-whatsapp/whatsappLink/instructions.
export function LinkInstructionsPage() {
  useDocumentTitle('Vincular WhatsApp');
  return <LinkInstructions />;
}
