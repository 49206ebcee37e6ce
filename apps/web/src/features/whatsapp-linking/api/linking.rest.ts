import type {
  BusinessProfileFields,
  BusinessProfileView,
  LinkedChannelsView,
  LinkingBookingView,
  LinkingQrView,
  WhatsappLinkingConfigView,
} from '@crm/shared';
import { apiGet, apiPost } from '../../../lib/http';
import { sendRequest } from '../../../lib/multipart';

// The linking API of issue 19; its answers are typed in packages/shared (whatsapp-linking.ts).
export interface BookingInput {
  eventStartTime?: string;
  inviteeEmail?: string;
  inviteeName?: string;
  eventUri?: string;
}

export const fetchLinkingConfig = () => apiGet<WhatsappLinkingConfigView>('/link-whatsapp/config');

export const linkDialog360 = (client: string, channels: string[]) =>
  apiPost<LinkedChannelsView>('/link-whatsapp', { client, channels });

export const linkMeta = (body: { code: string; wabaId: string; phoneNumberId: string }) =>
  apiPost<LinkedChannelsView>('/link-whatsapp/meta', body);

export const linkSandbox = () => apiPost<LinkedChannelsView>('/link-whatsapp/sandbox', {});

export const fetchBusinessProfile = (channelId: number | null) =>
  apiGet<BusinessProfileView>(
    channelId === null ? '/link-whatsapp/profile' : `/link-whatsapp/profile?channelId=${channelId}`,
  );

/** Multipart: the photo goes as `file`; without a channel id the API takes the company's WhatsApp number. */
export function saveBusinessProfile(
  values: BusinessProfileFields,
  file: File | null,
  channelId: number | null,
): Promise<BusinessProfileView> {
  const body = new FormData();
  if (file) body.append('file', file);
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  if (channelId !== null) body.append('channelId', String(channelId));
  return sendRequest<BusinessProfileView>({ method: 'POST', path: '/link-whatsapp/profile', body });
}

export const fetchFirstMessageQr = () => apiGet<LinkingQrView>('/link-whatsapp/qr');

export const recordBooking = (body: BookingInput) => apiPost<LinkingBookingView>('/onboarding/booking', body);

export const requestNeedHelp = () =>
  apiGet<{ requested: boolean; needHelpAt: string | null }>('/onboarding/need-help');

export const sendOnboardingVideo = () =>
  apiPost<{ sent: boolean; videoSentAt: string | null }>('/send-onboarding-video', { send: true });

export const setOldPhone = (isUseNewPhone: boolean) => apiPost<unknown>('/set-old-phone', { isUseNewPhone });
