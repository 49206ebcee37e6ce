import { ContactsPanel } from '../features/contacts/ContactsPanel';

export function ContactsPage() {
  return <ContactsPanel />;
}
