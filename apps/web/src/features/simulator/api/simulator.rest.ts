import type { MessageView } from '@crm/shared';
import { apiGet, apiPost } from '../../../lib/http';

export interface SandboxChannel {
  id: number;
  name: string;
  phone: string | null;
}

/** What the customer sends: a typed text, or a tap on an option of a bot's menu (issue 17). */
export type SimulatedContent =
  | { text: string }
  | {
      /** The tapped reply button's or list row's id. */
      replyId: string;
      /** The message whose menu was tapped. */
      replyMessageId: number;
    };

export type SimulateInput = {
  channelId: number;
  /** The customer's phone: 8 to 15 digits. */
  from: string;
  name?: string;
} & SimulatedContent;

// Issue 3: the customer simulator's REST routes (writeSpaces).
export function listSandboxChannels(): Promise<SandboxChannel[]> {
  return apiGet('/sandbox/channels');
}

export function simulateCustomerMessage(input: SimulateInput): Promise<{ received: true }> {
  return apiPost('/sandbox/simulate', input);
}

/** The customer's conversation on that channel, oldest first. */
export function fetchSimulatorConversation(
  channelId: number,
  from: string,
  signal?: AbortSignal,
): Promise<MessageView[]> {
  const query = new URLSearchParams({ channelId: String(channelId), from });
  return apiGet(`/sandbox/conversation?${query.toString()}`, { signal });
}
