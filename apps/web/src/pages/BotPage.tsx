import { BotScreen } from '../features/bot/components/BotScreen';

// 02 §2 /bot: the menu chatbot, welcome message, follow-up bots and survey of each channel (issue 17).
export function BotPage() {
  return <BotScreen />;
}
