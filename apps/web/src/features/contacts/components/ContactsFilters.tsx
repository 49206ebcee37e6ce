import { SearchOutlined } from '@ant-design/icons';
import { CONTACTS_FILTER_LABELS, type ContactsFilterBy } from '@crm/shared';
import { Badge, Button, DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** 02 §2: the pickers show dd/MM/yyyy. */
export const CONTACTS_DATE_FORMAT = 'DD/MM/YYYY';

const FILTER_BY_OPTIONS = (Object.keys(CONTACTS_FILTER_LABELS) as ContactsFilterBy[]).map((value) => ({
  value,
  label: CONTACTS_FILTER_LABELS[value],
}));

interface ContactsFiltersProps {
  filterBy: ContactsFilterBy;
  onFilterBy: (value: ContactsFilterBy) => void;
  range: { start: Date; end: Date };
  /** The company's today: no day after it can be picked (02 §5). */
  today: Date;
  onDate: (changed: 'start' | 'end', day: Date) => void;
  search: string;
  onSearch: (value: string) => void;
  /** Null hides the agent selector (02 §6). */
  agents: Array<{ id: number; name: string }> | null;
  agentId: number | null;
  onAgent: (agentId: number | null) => void;
  tagCount: number;
  onOpenTags: () => void;
  /** Without canSeePhoneNumber the search does not offer the phone it cannot show (issue 19). */
  canSeePhone: boolean;
}

/** 02 §2 contacts panel filters. */
export function ContactsFilters(props: ContactsFiltersProps) {
  const { range, today } = props;
  const afterToday = (day: Dayjs) => day.isAfter(dayjs(today), 'day');
  const pick = (changed: 'start' | 'end') => (value: Dayjs | null) => {
    if (value) props.onDate(changed, value.startOf('day').toDate());
  };
  return (
    <div className="contacts-filters">
      <div className="contacts-filter">
        <span className="contacts-filter-label">Filtrar contactos por</span>
        <Select<ContactsFilterBy>
          aria-label="Filtrar contactos por"
          style={{ width: 180 }}
          value={props.filterBy}
          onChange={props.onFilterBy}
          options={FILTER_BY_OPTIONS}
        />
      </div>
      <div className="contacts-filter">
        <span className="contacts-filter-label">Fecha de inicio</span>
        <DatePicker
          aria-label="Fecha de inicio"
          format={CONTACTS_DATE_FORMAT}
          allowClear={false}
          value={dayjs(range.start)}
          disabledDate={afterToday}
          onChange={pick('start')}
        />
      </div>
      <div className="contacts-filter">
        <span className="contacts-filter-label">Fecha de fin</span>
        <DatePicker
          aria-label="Fecha de fin"
          format={CONTACTS_DATE_FORMAT}
          allowClear={false}
          value={dayjs(range.end)}
          disabledDate={afterToday}
          onChange={pick('end')}
        />
      </div>
      <div className="contacts-filter">
        <span className="contacts-filter-label">Buscar</span>
        <Input
          aria-label="Buscar contactos"
          placeholder={props.canSeePhone ? 'Nombre o teléfono' : 'Nombre'}
          prefix={<SearchOutlined />}
          allowClear
          style={{ width: 220 }}
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
        />
      </div>
      {props.agents && (
        <Select<number>
          aria-label="Selecciona un agente"
          placeholder="Selecciona un agente"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          value={props.agentId ?? undefined}
          onChange={(value: number | undefined) => props.onAgent(value ?? null)}
          onClear={() => props.onAgent(null)}
          options={props.agents.map((agent) => ({ value: agent.id, label: agent.name }))}
        />
      )}
      <Badge count={props.tagCount} size="small">
        <Button onClick={props.onOpenTags}>Seleccionar Etiquetas</Button>
      </Badge>
    </div>
  );
}
