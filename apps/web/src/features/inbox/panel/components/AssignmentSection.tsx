import { useQuery } from '@apollo/client/react';
import { type ConversationView, ERROR_CATALOGUE, ROLE_NAMES } from '@crm/shared';
import { Badge, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { handleErrorAs } from '../../../../lib/errors';
import { AGENTS_QUERY, CATEGORIES_QUERY, REASSIGN_SETTINGS_QUERY } from '../api/panel.graphql';
import { PanelSection } from './PanelSection';

// 02 §3: the sentinel for unassigned conversations, shown as 'Sin asignar'; sent to the API as null.
const UNASSIGNED = 0;
export const UNASSIGNED_LABEL = 'Sin asignar';

interface AgentSectionProps {
  conversation: ConversationView;
  /** reasignConversations: without it the agent is read-only. */
  canReassign: boolean;
  busy: boolean;
  onReassign: (agentId: number | null) => void;
  onReassignToGroup: (groupAdminId: number) => void;
}

interface AgentOption {
  value: number;
  label: string;
  /** Unknown for the 'Sin asignar' entry and a current agent the list does not carry. */
  available?: boolean;
  disabled?: boolean;
}

export const UNAVAILABLE_LABEL = 'No disponible';

/** A group in the list: the group admin's id, negated so it never meets an agent's. */
function groupValue(groupAdminId: number): number {
  return -groupAdminId;
}

export function groupLabel(leaderName: string): string {
  return `Grupo de ${leaderName}`;
}

export function AgentSection({
  conversation,
  canReassign,
  busy,
  onReassign,
  onReassignToGroup,
}: AgentSectionProps) {
  const { data, loading } = useQuery(AGENTS_QUERY, { skip: !canReassign });
  const { data: settingsData } = useQuery(REASSIGN_SETTINGS_QUERY, { skip: !canReassign });
  const showAvailability = settingsData?.reassignSettings.showAvailability ?? false;
  const onlyAvailable = settingsData?.reassignSettings.onlyAvailable ?? false;
  const showGroups = settingsData?.reassignSettings.showGroups ?? false;

  const options = useMemo(() => {
    const agents = data?.agents ?? [];
    // 02 §6: the agent permission marks who may be given conversations (the server refuses the others too).
    const assignable = agents.filter((agent) => agent.isAgent || agent.id === conversation.agentId);
    const list: AgentOption[] = assignable.map((agent) => ({
      value: agent.id,
      label: agent.name,
      available: agent.isAvailable,
      // The server refuses them too (forceActiveAgentsReassignation); the current agent stays selectable as shown.
      disabled: onlyAvailable && !agent.isAvailable && agent.id !== conversation.agentId,
    }));
    // Without readUsers `agents` lists only the caller: keep the current agent visible all the same.
    const current = conversation.agent;
    if (current && !agents.some((agent) => agent.id === current.id)) {
      list.unshift({ value: current.id, label: current.name });
    }
    const groups: AgentOption[] = showGroups
      ? agents
          .filter((agent) => agent.roleName === ROLE_NAMES.groupadmin)
          .map((leader) => ({ value: groupValue(leader.id), label: groupLabel(leader.name) }))
      : [];
    return [{ value: UNASSIGNED, label: UNASSIGNED_LABEL }, ...groups, ...list];
  }, [data, conversation.agent, conversation.agentId, onlyAvailable, showGroups]);

  const selected =
    conversation.agentId ??
    (showGroups && conversation.groupAdminId !== null ? groupValue(conversation.groupAdminId) : UNASSIGNED);

  return (
    <PanelSection title="Agente">
      {canReassign ? (
        <Select<number, AgentOption>
          data-testid="agent-select"
          aria-label="Agente asignado"
          className="client-info-select"
          value={selected}
          options={options}
          loading={loading || busy}
          disabled={busy}
          showSearch={{ optionFilterProp: 'label' }}
          optionRender={
            showAvailability
              ? (option) =>
                  option.data.available === undefined ? (
                    option.data.label
                  ) : (
                    <span data-testid={`agent-option-${option.data.value}`}>
                      <Badge status={option.data.available ? 'success' : 'default'} /> {option.data.label}
                      {!option.data.available && (
                        <Typography.Text type="secondary"> · {UNAVAILABLE_LABEL}</Typography.Text>
                      )}
                    </span>
                  )
              : undefined
          }
          onChange={(value) => {
            if (value < 0) onReassignToGroup(-value);
            else onReassign(value === UNASSIGNED ? null : value);
          }}
        />
      ) : (
        <Typography.Text data-testid="agent-name">
          {conversation.agent?.name ?? UNASSIGNED_LABEL}
        </Typography.Text>
      )}
    </PanelSection>
  );
}

interface CategorySectionProps {
  conversation: ConversationView;
  busy: boolean;
  onChange: (categoryId: number | null) => void;
}

export function CategorySection({ conversation, busy, onChange }: CategorySectionProps) {
  const { data, loading, error } = useQuery(CATEGORIES_QUERY);
  // 02 §8 ERROR_GETTING_CATEGORIES: the list failing to load says so ('Error al obtener las categorias').
  useEffect(() => {
    if (error) handleErrorAs(error, ERROR_CATALOGUE.ERROR_GETTING_CATEGORIES.userMessage);
  }, [error]);

  const options = useMemo(() => {
    const list = (data?.categories ?? []).map((category) => ({ value: category.id, label: category.name }));
    const current = conversation.category;
    if (current && !list.some((option) => option.value === current.id)) {
      list.unshift({ value: current.id, label: current.name });
    }
    return list;
  }, [data, conversation.category]);

  return (
    <PanelSection title="Categoría">
      <Select<number>
        data-testid="category-select"
        aria-label="Categoría"
        className="client-info-select"
        placeholder="Sin categoría"
        allowClear
        value={conversation.category?.id}
        options={options}
        loading={loading || busy}
        disabled={busy}
        onChange={(categoryId) => onChange(categoryId ?? null)}
      />
    </PanelSection>
  );
}
