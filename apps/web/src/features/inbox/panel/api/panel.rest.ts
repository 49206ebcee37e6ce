import { type ConversationView, PAGE_SIZES } from '@crm/shared';
import { apiPost } from '../../../../lib/http';

// 02 §7 REST calls of the client info panel.

/** agentId null leaves it 'Sin asignar'. */
export function reassignAgent(clientId: number, agentId: number | null): Promise<ConversationView> {
  return apiPost('/reassign-agent', { clientId, agentId });
}

/** 02 §3 isShowGroupsAtReassign: to a group admin's group, unassigned until they pass it on. */
export function reassignToGroup(clientId: number, groupAdminId: number): Promise<ConversationView> {
  return apiPost('/reassign-agent', { clientId, groupAdminId });
}

export function deleteConversation(clientId: number): Promise<{ deleted: number[] }> {
  return apiPost('/delete-conversation', { clientId });
}

export function sendToCrm(clientId: number): Promise<{ sent: true }> {
  return apiPost('/sendToCRM', { clientId });
}

export interface ConversationSearchPage {
  clients: ConversationView[];
  hasMore: boolean;
}

// Targets for forwarding: any conversation the user sees, found by name or phone; the compact list of 02 §9 (20).
export function searchConversations(keyword: string, signal?: AbortSignal): Promise<ConversationSearchPage> {
  const trimmed = keyword.trim();
  return apiPost(
    '/conversations_by_filter',
    { filterType: 'all', keyword: trimmed === '' ? null : trimmed, first: PAGE_SIZES.compact },
    { signal },
  );
}
