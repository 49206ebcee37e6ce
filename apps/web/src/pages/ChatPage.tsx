import { InboxPlaceholder } from '../features/inbox/components/InboxPlaceholder';

export function ChatPage() {
  return <InboxPlaceholder />;
}
