import { useQuery } from '@apollo/client/react';
import type { ConversationView } from '@crm/shared';
import { Select, Typography } from 'antd';
import { useMemo } from 'react';
import { AGENTS_QUERY, CATEGORIES_QUERY } from '../api/panel.graphql';
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
}

export function AgentSection({ conversation, canReassign, busy, onReassign }: AgentSectionProps) {
  const { data, loading } = useQuery(AGENTS_QUERY, { skip: !canReassign });

  const options = useMemo(() => {
    const agents = data?.agents ?? [];
    const list = agents.map((agent) => ({ value: agent.id, label: agent.name }));
    // Without readUsers `agents` lists only the caller: keep the current agent visible all the same.
    const current = conversation.agent;
    if (current && !agents.some((agent) => agent.id === current.id)) {
      list.unshift({ value: current.id, label: current.name });
    }
    return [{ value: UNASSIGNED, label: UNASSIGNED_LABEL }, ...list];
  }, [data, conversation.agent]);

  return (
    <PanelSection title="Agente">
      {canReassign ? (
        <Select<number>
          data-testid="agent-select"
          aria-label="Agente asignado"
          className="client-info-select"
          value={conversation.agentId ?? UNASSIGNED}
          options={options}
          loading={loading || busy}
          disabled={busy}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(agentId) => onReassign(agentId === UNASSIGNED ? null : agentId)}
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
  const { data, loading } = useQuery(CATEGORIES_QUERY);

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
