import { apiPost } from '../../../lib/http';
import { sendRequest } from '../../../lib/multipart';
import type { AdminChannel, AdminSpace } from './spacesAdmin.graphql';

export interface SpaceDraft {
  name: string;
  channelIds: number[];
  image: File | null;
  /** Drops the saved image (edit only). */
  removeImage: boolean;
}

/**
 * 02 §7 POST /createSpace (form data: spaceName, channels JSON, optional file) and PUT /updateSpace (form: file,
 * spaceName, id, newChannels).
 */
export function saveSpace(id: number | null, draft: SpaceDraft): Promise<AdminSpace> {
  const form = new FormData();
  if (id !== null) form.append('id', String(id));
  form.append('spaceName', draft.name.trim());
  form.append(id === null ? 'channels' : 'newChannels', JSON.stringify(draft.channelIds));
  if (draft.image) form.append('file', draft.image, draft.image.name);
  if (id !== null && draft.removeImage && !draft.image) form.append('removeImage', 'true');
  return sendRequest<AdminSpace>({
    method: id === null ? 'POST' : 'PUT',
    path: id === null ? '/createSpace' : '/updateSpace',
    body: form,
  });
}

/** 02 §7 DELETE /deleteSpace/{id}. */
export function deleteSpace(id: number): Promise<{ id: number; deleted: true }> {
  return sendRequest({ method: 'DELETE', path: `/deleteSpace/${id}`, body: {} });
}

export type SlotStatus = 'AUTHENTICATED' | 'LOGGING';

export interface QrReply {
  channelId: number;
  /** What the QR encodes: a link that, opened by a signed-in device, links the line. */
  qrUrl: string;
  code: string;
  expiresAt: string;
  status: SlotStatus;
}

export interface SlotStatusReply {
  channelId: number;
  status: SlotStatus;
  phone: string | null;
  linkedAt: string | null;
  chatHistoryTime: string | null;
}

/** 02 §7 POST /getQR: a new line (slotName, phone) or an existing sandbox channel. */
export function requestQr(
  target: { channelId: number } | { slotName: string; phone: string },
): Promise<QrReply> {
  return apiPost<QrReply>('/getQR', target);
}

/** 02 §7 POST /getChannelStatus (getChatHistory, chatHistoryTime). */
export function channelStatus(
  channelId: number,
  chatHistoryTime: string | null,
  signal?: AbortSignal,
): Promise<SlotStatusReply> {
  const body = chatHistoryTime ? { channelId, getChatHistory: true, chatHistoryTime } : { channelId };
  return apiPost<SlotStatusReply>('/getChannelStatus', body, { signal });
}

/** 02 §7 POST /logoutSlot. */
export function logoutSlot(channelId: number): Promise<SlotStatusReply> {
  return apiPost<SlotStatusReply>('/logoutSlot', { channelId });
}

/** The device presents the QR's one-time code. */
export function scanQr(code: string): Promise<SlotStatusReply> {
  return apiPost<SlotStatusReply>('/sandbox/scan', { code });
}

export interface MessengerSyncReply {
  channels: AdminChannel[];
  created: number[];
  activated: number[];
  deactivated: number[];
  errors: Array<{ pageId: string; name: string; code: string; message: string }>;
}

/** 02 §4 Messenger channel sync with the user token Facebook Login gave. */
export function syncMessengerPages(accessToken: string): Promise<MessengerSyncReply> {
  return apiPost<MessengerSyncReply>('/syncMessengerPages', { accessToken });
}

/** 02 §7 POST /setExpirationDate. */
export function setExpirationDate(
  channelId: number,
): Promise<{ channelId: number; expiresAt: string | null }> {
  return apiPost('/setExpirationDate', { channelId });
}
