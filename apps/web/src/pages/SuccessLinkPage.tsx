import { useDocumentTitle } from '../features/layout/hooks/useDocumentTitle';
import { SuccessLink } from '../features/whatsapp-linking/components/SuccessLink';
import '../features/whatsapp-linking/linking.css';

// 01 §2.1: /success-link (public: no session needed to show it).
export function SuccessLinkPage() {
  useDocumentTitle('Número vinculado');
  return <SuccessLink />;
}
