import { type ConversationView, displayPhone } from '@crm/shared';

/** The name the panel shows: the one the team gave, else the channel's, else the phone. */
export function conversationTitle(conversation: ConversationView): string {
  const name = conversation.name?.trim() || conversation.nameFromChannel?.trim();
  return name || displayPhone(conversation.senderId);
}

/** 02 §5: 521… shows as +52 and the rest, anything else as + and the number; the @c.us suffix is dropped. */
export function conversationPhone(conversation: ConversationView): string {
  return displayPhone(conversation.senderId);
}

const PLATFORM_LABELS: Record<string, string> = {
  whatsapp_cloud: 'WhatsApp',
  dialog360: 'WhatsApp',
  messenger: 'Messenger',
  sms: 'SMS',
  sandbox: 'Simulador',
};

export function platformLabel(platform: string): string {
  return PLATFORM_LABELS[platform] ?? platform;
}
