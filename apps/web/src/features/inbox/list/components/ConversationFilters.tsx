import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { CONVERSATION_FILTER_TYPES, type ConversationFilterType, type DateRange, todayIn } from '@crm/shared';
import { Badge, Button, DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ColorTag } from '../../../layout/components/ColorTag';
import { useCompanyTimeZone } from '../../../session/hooks/useCompanyTimeZone';
import type { FilterAgent, FilterChannel, FilterTag } from '../api/inbox.graphql';
import type { InboxFilterDraft } from '../hooks/useInboxFilter';

/** 02 §2: the filter types with their Spanish names, in the order the API lists them. */
export const FILTER_TYPE_LABELS: Record<ConversationFilterType, string> = {
  assigned: 'Asignadas',
  all: 'Todas',
  unanswered: 'Sin responder',
  unreadMessages: 'No leídas',
  archived: 'Archivadas',
  archivedBroadcast: 'Difusión archivada',
  valuable: 'Valiosas',
  others: 'Otras',
};

const FILTER_TYPE_OPTIONS = CONVERSATION_FILTER_TYPES.map((type) => ({
  value: type,
  label: FILTER_TYPE_LABELS[type],
}));

interface ConversationFiltersProps {
  draft: InboxFilterDraft;
  onChange: (patch: Partial<InboxFilterDraft>) => void;
  tags: FilterTag[];
  /** Null hides the agent picker (no readUsers). */
  agents: FilterAgent[] | null;
  channels?: FilterChannel[];
}

/** How many of the folded filters are in use, for the badge on their button. */
export function extraFilterCount(draft: InboxFilterDraft): number {
  return (
    (draft.tagsIds.length > 0 ? 1 : 0) +
    (draft.agentId !== null ? 1 : 0) +
    (draft.channelsIds.length > 0 ? 1 : 0) +
    (draft.dateRange ? 1 : 0)
  );
}

// The picker's days as calendar days; the filter turns them into the company's instants.
function pickedDays(range: [Dayjs | null, Dayjs | null] | null): DateRange | null {
  const [from, to] = range ?? [null, null];
  if (!from || !to) return null;
  return { start: from.startOf('day').toDate(), end: to.startOf('day').toDate() };
}

/** 02 §2: search, filter type, and (folded) tags, agent and date range. */
export function ConversationFilters({
  draft,
  onChange,
  tags,
  agents,
  channels = [],
}: ConversationFiltersProps) {
  const extra = extraFilterCount(draft);
  const [open, setOpen] = useState(extra > 0);
  const timeZone = useCompanyTimeZone();
  // 02 §9: the company's today, not the browser's, is the last day that can be picked.
  const today = dayjs(todayIn(timeZone));
  const rangeValue: [Dayjs, Dayjs] | null = draft.dateRange
    ? [dayjs(draft.dateRange.start), dayjs(draft.dateRange.end)]
    : null;

  return (
    <div className="conv-filters">
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden="true" />}
        placeholder="Buscar por nombre o teléfono"
        aria-label="Buscar conversaciones"
        value={draft.keyword}
        onChange={(event) => onChange({ keyword: event.target.value })}
        data-testid="conversation-search"
        maxLength={200}
      />
      <div className="conv-filters-row">
        <Select<ConversationFilterType>
          className="conv-filter-type"
          value={draft.type}
          options={FILTER_TYPE_OPTIONS}
          onChange={(type) => onChange({ type })}
          aria-label="Tipo de conversaciones"
          data-testid="conversation-filter-type"
          popupMatchSelectWidth={false}
        />
        <Badge count={extra} size="small" offset={[-4, 4]}>
          <Button
            icon={<FilterOutlined />}
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls="conversation-more-filters"
            data-testid="conversation-more-filters"
          >
            Filtros
          </Button>
        </Badge>
      </div>
      {open ? (
        <div className="conv-filters-more" id="conversation-more-filters">
          <Select<number[]>
            mode="multiple"
            allowClear
            placeholder="Etiquetas"
            aria-label="Etiquetas"
            value={draft.tagsIds}
            onChange={(tagsIds) => onChange({ tagsIds })}
            options={tags.map((tag) => ({ value: tag.id, label: tag.name, color: tag.color }))}
            showSearch={{ optionFilterProp: 'label' }}
            maxTagCount="responsive"
            tagRender={({ label, value, closable, onClose }) => {
              const tag = tags.find((candidate) => candidate.id === value);
              return (
                <ColorTag
                  color={tag?.color}
                  closable={closable}
                  onClose={onClose}
                  className="conv-filter-tag"
                >
                  {label}
                </ColorTag>
              );
            }}
            data-testid="conversation-filter-tags"
            notFoundContent="No hay etiquetas"
          />
          {agents ? (
            <Select<number>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Agente"
              aria-label="Agente"
              value={draft.agentId ?? undefined}
              onChange={(agentId) => onChange({ agentId: agentId ?? null })}
              options={agents.map((agent) => ({ value: agent.id, label: agent.name }))}
              data-testid="conversation-filter-agent"
              notFoundContent="No hay agentes"
            />
          ) : null}
          {channels.length > 1 ? (
            <Select<number[]>
              mode="multiple"
              allowClear
              placeholder="Canales"
              aria-label="Canales"
              value={draft.channelsIds}
              onChange={(channelsIds) => onChange({ channelsIds })}
              options={channels.map((channel) => ({ value: channel.id, label: channel.name }))}
              maxTagCount="responsive"
              data-testid="conversation-filter-channels"
              notFoundContent="No hay canales"
            />
          ) : null}
          <DatePicker.RangePicker
            format="DD/MM/YYYY"
            placeholder={['Desde', 'Hasta']}
            value={rangeValue}
            onChange={(range) => onChange({ dateRange: pickedDays(range) })}
            disabledDate={(day) => day.isAfter(today, 'day')}
            allowEmpty={[false, false]}
            data-testid="conversation-filter-dates"
          />
        </div>
      ) : null}
    </div>
  );
}
