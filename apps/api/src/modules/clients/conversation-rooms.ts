import { agentRoom, companyRoom } from '@crm/shared';

/** 02 §6 / 01 §7: company-wide roles see every conversation; an agent only the ones assigned to them. */
export function conversationRooms(client: { companyId: number; agentId: number | null }): string[] {
  const rooms = [companyRoom(client.companyId)];
  if (client.agentId !== null) rooms.push(agentRoom(client.agentId));
  return rooms;
}
