import { displayPhone, isPhoneBased, channelPlatformLabel as sharedChannelPlatformLabel } from '@crm/shared';
import type { AdminChannel } from './api/spacesAdmin.graphql';

export function channelPlatformLabel(platform: string): string {
  return sharedChannelPlatformLabel(platform);
}

/** 02 §3 Channel status of a linked-device slot, in Spanish. */
export function slotStatusLabel(status: string | null): string | null {
  if (status === 'AUTHENTICATED') return 'Vinculado';
  if (status === 'LOGGING') return 'Sin vincular';
  return null;
}

/** What identifies the channel at the provider: its phone (02 §5 display rule) or its Page id. */
export function channelAddress(channel: Pick<AdminChannel, 'phone' | 'pageId' | 'platform'>): string | null {
  if (isPhoneBased(channel.platform)) return channel.phone ? displayPhone(channel.phone) : null;
  return channel.pageId ? `Página ${channel.pageId}` : null;
}
