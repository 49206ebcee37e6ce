import type { MessageView } from '@crm/shared';
import { apiPost } from '../../../../lib/http';

/** 'Reintentar' on a received file the API could not download: answers the message, its file pending again. */
export function retryMessageMedia(messageId: number): Promise<MessageView> {
  return apiPost<MessageView>(`/messages/${messageId}/media/retry`);
}
