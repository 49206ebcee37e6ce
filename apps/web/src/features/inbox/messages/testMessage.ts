import type { MessageView } from '@crm/shared';
import { messageView, SANDBOX_CHANNEL } from '@crm/shared/test';

// 15:05 UTC is 09:05 in America/Mexico_City (the default company zone, UTC-6 all year), whatever the machine's zone.
export const NINE_OH_FIVE = '2026-01-15T15:05:00.000Z';

/** A message as the API sends it, for component tests: a customer's, on conversation 10 of the sandbox channel. */
export function makeMessage(overrides: Partial<MessageView> = {}): MessageView {
  return messageView({
    clientId: 10,
    channelId: SANDBOX_CHANNEL.id,
    messageApiId: 'wamid.1',
    time: NINE_OH_FIVE,
    createdAt: NINE_OH_FIVE,
    ...overrides,
  });
}
