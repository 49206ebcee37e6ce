import type { MessageView } from '@crm/shared';

// 15:05 UTC is 09:05 in America/Mexico_City (the default company zone, UTC-6 all year), whatever the machine's zone.
export const NINE_OH_FIVE = '2026-01-15T15:05:00.000Z';

/** A message as the API sends it, for component tests. */
export function makeMessage(overrides: Partial<MessageView> = {}): MessageView {
  return {
    id: 1,
    clientId: 10,
    channelId: 3,
    type: 'text',
    content: 'Hola',
    sender: 'CLIENT',
    senderUserId: null,
    messageStatus: null,
    messageApiId: 'wamid.1',
    errorCode: null,
    errorInfo: null,
    quotedMsgId: null,
    quotedMsgBody: null,
    quotedMsgType: null,
    seen: false,
    payload: null,
    fakeId: null,
    time: NINE_OH_FIVE,
    createdAt: NINE_OH_FIVE,
    ...overrides,
  };
}
