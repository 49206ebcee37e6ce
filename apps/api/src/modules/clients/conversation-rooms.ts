import { conversationAudienceRooms } from '@crm/shared';

/**
 * 02 §6: an event about a conversation reaches exactly the sockets whose user may see it (canSeeClient): admins
 * without isAdminOfIds, the assigned agent, the users who administer that agent, and its group admin. Never the
 * company room, which also holds group admins and admins of a few agents.
 */
export function conversationRooms(client: {
  companyId: number;
  agentId: number | null;
  groupAdminId: number | null;
}): string[] {
  return conversationAudienceRooms(client);
}
