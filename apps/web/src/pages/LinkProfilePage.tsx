import { useDocumentTitle } from '../features/layout/hooks/useDocumentTitle';
import { ProfileForm } from '../features/whatsapp-linking/components/ProfileForm';
import '../features/whatsapp-linking/linking.css';

// 01 §2.5: /link-whatsapp/profile.
export function LinkProfilePage() {
  useDocumentTitle('Perfil de WhatsApp');
  return <ProfileForm />;
}
