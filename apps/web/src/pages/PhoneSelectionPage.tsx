import { useDocumentTitle } from '../features/layout/hooks/useDocumentTitle';
import { PhoneSelection } from '../features/whatsapp-linking/components/PhoneSelection';
import '../features/whatsapp-linking/linking.css';

// 01 §2.4: /phone-selection.
export function PhoneSelectionPage() {
  useDocumentTitle('Elige tu número');
  return <PhoneSelection />;
}
