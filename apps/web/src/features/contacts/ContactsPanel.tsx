import { useQuery } from '@apollo/client/react';
import {
  CONTACTS_DEFAULT_RANGE_DAYS,
  CONTACTS_FILTER_LABELS,
  CONTACTS_RANGE_MAX_DAYS,
  type ContactReportRow,
  type ContactsFilter,
  type ContactsFilterBy,
  canExportContacts,
  clampDateRange,
  contactReportColumns,
  defaultRange,
  SEARCH_DEBOUNCE_MS,
} from '@crm/shared';
import { Badge, Button, DatePicker, Empty, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { handleError } from '../../lib/errors';
import {
  FILTER_AGENTS_QUERY,
  FILTER_CHANNELS_QUERY,
  FILTER_TAGS_QUERY,
} from '../inbox/list/api/inbox.graphql';
import { useSession } from '../session/hooks/useSession';
import { CreateContactModal } from './components/CreateContactModal';
import { EditPhoneModal } from './components/EditPhoneModal';
import { ExportButton } from './components/ExportButton';
import { ImportContactsFlow } from './components/ImportContactsFlow';
import { Paginator } from './components/Paginator';
import { TagSelectModal } from './components/TagSelectModal';
import { useContacts } from './useContacts';

const PHONE_PLATFORMS = new Set(['whatsapp_cloud', 'dialog360', 'sandbox', 'sms']);
const DATE_FORMAT = 'DD/MM/YYYY';

function MoreInfo({ row }: { row: ContactReportRow }) {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setShown((s) => !s)}>
        {shown ? 'Ocultar' : 'Mostrar'}
      </Button>
      {shown &&
        (row.extraInfo.length === 0 ? (
          <div>No hay información adicional</div>
        ) : (
          row.extraInfo.map((info) => (
            <div key={info.name}>
              <strong>{info.name}:</strong> {info.value}
            </div>
          ))
        ))}
    </div>
  );
}

/** 02 §2 "Contacts panel" (/contacts). */
export function ContactsPanel() {
  const { me } = useSession();
  const permissions = me.permissions ?? {};
  const canSeePhone = permissions.canSeePhoneNumber === true;
  const roleName = me.rol?.name ?? '';
  const roleLoaded = me.rol !== null;
  const manager = canExportContacts(roleName);

  const today = useMemo(() => new Date(), []);
  const [range, setRange] = useState(() => defaultRange(CONTACTS_DEFAULT_RANGE_DAYS, today));
  const [filterBy, setFilterBy] = useState<ContactsFilterBy>('createdAt');
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [agentId, setAgentId] = useState<number | null>(null);
  const [tagsIds, setTagsIds] = useState<number[]>([]);
  const [tagModal, setTagModal] = useState(false);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<ContactReportRow | null>(null);

  // 02 §9: the search waits 900 ms after the last key.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const tags = useQuery(FILTER_TAGS_QUERY);
  const agents = useQuery(FILTER_AGENTS_QUERY, { skip: !manager });
  const channels = useQuery(FILTER_CHANNELS_QUERY);
  const queryError = tags.error ?? agents.error ?? channels.error;
  useEffect(() => {
    if (queryError) handleError(queryError);
  }, [queryError]);
  const phoneChannels = (channels.data?.inboxChannels ?? []).filter((c) => PHONE_PLATFORMS.has(c.platform));

  const filter: ContactsFilter = useMemo(
    () => ({
      filterContactsBy: filterBy,
      createdAtFrom: dayjs(range.start).startOf('day').toISOString(),
      createdAtTo: dayjs(range.end).endOf('day').toISOString(),
      keyword: keyword || null,
      agentId,
      tagsIds,
    }),
    [filterBy, range, keyword, agentId, tagsIds],
  );
  const contacts = useContacts(filter);

  function changeDate(changed: 'start' | 'end', value: Dayjs | null) {
    if (!value) return;
    const next = { ...range, [changed]: value.toDate() };
    setRange(clampDateRange({ ...next, changed, maxDays: CONTACTS_RANGE_MAX_DAYS, today: new Date() }));
  }

  const columns: ColumnsType<ContactReportRow> = [
    ...contactReportColumns(canSeePhone).map((column) => ({
      title: column.title,
      dataIndex: column.key,
      key: column.key,
      render: (value: unknown) => (value === null || value === '' ? '—' : String(value)),
    })),
    { title: 'Más información', key: 'more', render: (_: unknown, row) => <MoreInfo row={row} /> },
  ];
  if (canSeePhone) {
    columns.push({
      title: '',
      key: 'actions',
      render: (_: unknown, row) =>
        row.number ? (
          <Button size="small" onClick={() => setEditing(row)}>
            Editar teléfono
          </Button>
        ) : null,
    });
  }

  return (
    <div style={{ padding: 24, height: '100%', overflow: 'auto' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Contactos
        </Typography.Title>
        {roleLoaded && (
          <Space wrap>
            <Button onClick={() => setCreating(true)}>Crear contacto</Button>
            <Button type="primary" onClick={() => setImporting(true)}>
              Importar
            </Button>
            {manager && <ExportButton filter={filter} />}
          </Space>
        )}
      </Space>

      <Space wrap style={{ marginBottom: 16 }} align="end">
        <Space direction="vertical" size={2}>
          <Typography.Text type="secondary">Filtrar contactos por</Typography.Text>
          <Select
            aria-label="Filtrar contactos por"
            style={{ width: 180 }}
            value={filterBy}
            onChange={setFilterBy}
            options={(Object.keys(CONTACTS_FILTER_LABELS) as ContactsFilterBy[]).map((key) => ({
              value: key,
              label: CONTACTS_FILTER_LABELS[key],
            }))}
          />
        </Space>
        <Space direction="vertical" size={2}>
          <Typography.Text type="secondary">Fecha de inicio</Typography.Text>
          <DatePicker
            aria-label="Fecha de inicio"
            format={DATE_FORMAT}
            allowClear={false}
            value={dayjs(range.start)}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(value) => changeDate('start', value)}
          />
        </Space>
        <Space direction="vertical" size={2}>
          <Typography.Text type="secondary">Fecha de fin</Typography.Text>
          <DatePicker
            aria-label="Fecha de fin"
            format={DATE_FORMAT}
            allowClear={false}
            value={dayjs(range.end)}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(value) => changeDate('end', value)}
          />
        </Space>
        <Input.Search
          aria-label="Buscar contactos"
          placeholder="Buscar por nombre o teléfono"
          allowClear
          style={{ width: 240 }}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => setKeyword(value.trim())}
        />
        {manager && (
          <Select
            aria-label="Selecciona un agente"
            placeholder="Selecciona un agente"
            allowClear
            style={{ width: 200 }}
            value={agentId ?? undefined}
            onChange={(value: number | undefined) => setAgentId(value ?? null)}
            options={(agents.data?.agents ?? []).map((a) => ({ value: a.id, label: a.name }))}
          />
        )}
        <Badge count={tagsIds.length} size="small">
          <Button onClick={() => setTagModal(true)}>Seleccionar Etiquetas</Button>
        </Badge>
      </Space>

      <Table<ContactReportRow>
        rowKey="id"
        size="small"
        loading={contacts.loading && contacts.rows.length === 0}
        columns={columns}
        dataSource={contacts.pageRows}
        pagination={false}
        locale={{ emptyText: <Empty description="Sin contactos" /> }}
        scroll={{ x: true }}
      />
      <div style={{ marginTop: 12, display: 'flex', justifyContent: 'flex-end' }}>
        <Paginator page={contacts.page} pageCount={contacts.pageCount} onChange={contacts.setPage} />
      </div>

      <TagSelectModal
        open={tagModal}
        tags={tags.data?.tags ?? []}
        selected={tagsIds}
        onApply={(ids) => {
          setTagsIds(ids);
          setTagModal(false);
        }}
        onCancel={() => setTagModal(false)}
      />
      <CreateContactModal
        open={creating}
        channels={phoneChannels}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          contacts.reload();
        }}
      />
      <ImportContactsFlow
        open={importing}
        channels={phoneChannels}
        onClose={(imported) => {
          setImporting(false);
          if (imported) {
            tags.refetch().catch(() => undefined);
            contacts.reload();
          }
        }}
      />
      <EditPhoneModal
        contact={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          contacts.reload();
        }}
      />
    </div>
  );
}
