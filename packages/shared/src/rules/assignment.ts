import { platformOf } from '../platforms';
import type { WorkingHours } from '../team';
import { isWithinWorkingHours } from '../team';

/** Why a conversation cannot be reassigned to the chosen agent or group (02 §3, §5 "Reassign"). */
export const ASSIGNMENT_MESSAGES = {
  agentOrGroup: 'Elige un agente o un grupo, no ambos.',
  agentNotInCompany: 'El agente no existe en tu empresa.',
  notAnAgent: 'Este usuario no puede recibir conversaciones: su rol no tiene el permiso de agente.',
  agentWithoutChannel: 'El agente no tiene acceso al canal de esta conversación.',
  agentUnavailable: 'El agente no está disponible.',
  groupsDisabled: 'La reasignación a grupos está desactivada.',
  groupNotInCompany: 'El grupo no existe en tu empresa.',
} as const;

/**
 * 02 §3 isAgentNameInMessageActive: the customer sees who wrote. WhatsApp (and the sandbox, which mimics it)
 * renders *bold*; Messenger and SMS show the markup literally, so they get the plain name.
 */
export function withAgentName(content: string, agentName: string, platform: string): string {
  const name = agentName.trim().replace(/[*_~`]/g, '');
  if (name === '') return content;
  return platformOf(platform)?.rendersMarkup ? `*${name}*:\n${content}` : `${name}:\n${content}`;
}

export interface AssignmentCandidate {
  id: number;
  /** Open (not archived, not closed) conversations the agent holds now. */
  load: number;
  workingHours: WorkingHours | null;
}

/**
 * 02 §3 automaticAssignment: a new conversation goes to the least-loaded of the agents who can take it now
 * (available, in the channel's spaces — the caller filters those — and inside their working hours). Ties are
 * broken by `random` so conversations arriving together spread over equally loaded agents. Null: nobody can take
 * it, and it waits unassigned for an admin.
 */
export function pickAgentForNewConversation(
  candidates: readonly AssignmentCandidate[],
  at: Date,
  random: () => number = Math.random,
): number | null {
  const onDuty = candidates.filter((c) => isWithinWorkingHours(c.workingHours, at));
  if (onDuty.length === 0) return null;
  const least = Math.min(...onDuty.map((c) => c.load));
  const tied = onDuty.filter((c) => c.load === least);
  return tied[Math.min(tied.length - 1, Math.floor(random() * tied.length))].id;
}
