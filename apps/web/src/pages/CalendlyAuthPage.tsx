import { useDocumentTitle } from '../features/layout/hooks/useDocumentTitle';
import { CalendlyReturn } from '../features/whatsapp-linking/components/CalendlyReturn';
import '../features/whatsapp-linking/linking.css';

// 01 §2.1: /integrations/calendly_auth, the return point of the scheduling link.
export function CalendlyAuthPage() {
  useDocumentTitle('Agendar cita');
  return <CalendlyReturn />;
}
