import { TemplateCreateFlow } from '../features/templates/components/TemplateCreateFlow';

// 02 §2 /config/new-whatsapp-template (also written /config/new-whatsappTemplate): the template creation flow.
export function TemplateCreatePage() {
  return <TemplateCreateFlow />;
}
