import { displayPhone } from '@crm/shared';
import type { AdminChannel } from './api/spacesAdmin.graphql';

const PLATFORM_LABELS: Record<string, string> = {
  whatsapp_cloud: 'WhatsApp',
  dialog360: 'WhatsApp (360dialog)',
  messenger: 'Messenger',
  sms: 'SMS',
  sandbox: 'WhatsApp de prueba',
};

export function channelPlatformLabel(platform: string): string {
  return PLATFORM_LABELS[platform] ?? platform;
}

/** 02 §3 Channel status of a linked-device slot, in Spanish. */
export function slotStatusLabel(status: string | null): string | null {
  if (status === 'AUTHENTICATED') return 'Vinculado';
  if (status === 'LOGGING') return 'Sin vincular';
  return null;
}

/** What identifies the channel at the provider: its phone (02 §5 display rule) or its Page id. */
export function channelAddress(channel: Pick<AdminChannel, 'phone' | 'pageId' | 'platform'>): string | null {
  if (channel.platform === 'messenger') return channel.pageId ? `Página ${channel.pageId}` : null;
  return channel.phone ? displayPhone(channel.phone) : null;
}
