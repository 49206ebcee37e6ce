import { HelpCenter } from '../features/help/components/HelpCenter';

// 01 §2.2: /help, readCompany or writeCompany.
export function HelpPage() {
  return <HelpCenter />;
}
