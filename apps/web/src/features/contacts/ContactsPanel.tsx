import { useQuery } from '@apollo/client/react';
import {
  CONTACTS_DEFAULT_RANGE_DAYS,
  CONTACTS_RANGE_MAX_DAYS,
  type ContactReportRow,
  type ContactsFilter,
  type ContactsFilterBy,
  clampDateRange,
  defaultRange,
  isPhoneBased,
  normalizeSearchKeyword,
  rangeInstants,
  SEARCH_DEBOUNCE_MS,
  todayIn,
} from '@crm/shared';
import { Button, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { handleError } from '../../lib/errors';
import { useDebounced } from '../../lib/useDebounced';
import {
  FILTER_AGENTS_QUERY,
  FILTER_CHANNELS_QUERY,
  FILTER_TAGS_QUERY,
} from '../inbox/list/api/inbox.graphql';
import { useCompanyTimeZone } from '../session/hooks/useCompanyTimeZone';
import { useSession } from '../session/hooks/useSession';
import { contactsAccessFor } from './access';
import { ContactsFilters } from './components/ContactsFilters';
import { ContactsTable } from './components/ContactsTable';
import { CreateContactModal } from './components/CreateContactModal';
import { EditPhoneModal } from './components/EditPhoneModal';
import { ExportButton } from './components/ExportButton';
import { ImportContactsFlow } from './components/ImportContactsFlow';
import { TagSelectModal } from './components/TagSelectModal';

import { useContacts } from './useContacts';
import './contacts.css';

/** 02 §2 "Contacts panel" (/contacts). */
export function ContactsPanel() {
  const { me } = useSession();
  const access = contactsAccessFor(me);
  const timeZone = useCompanyTimeZone();
  const today = todayIn(timeZone);

  const [filterBy, setFilterBy] = useState<ContactsFilterBy>('createdAt');
  const [range, setRange] = useState(() => defaultRange(CONTACTS_DEFAULT_RANGE_DAYS, todayIn(timeZone)));
  const [search, setSearch] = useState('');
  const [agentId, setAgentId] = useState<number | null>(null);
  const [tagsIds, setTagsIds] = useState<number[]>([]);
  const [tagModal, setTagModal] = useState(false);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<ContactReportRow | null>(null);

  // 02 §9: the search waits 900 ms after the last key; 02 §5 normalises it (a change of case or spaces asks nothing).
  const keyword = normalizeSearchKeyword(useDebounced(search, SEARCH_DEBOUNCE_MS));

  const tags = useQuery(FILTER_TAGS_QUERY);
  const agents = useQuery(FILTER_AGENTS_QUERY, { skip: !access.canExport });
  const channels = useQuery(FILTER_CHANNELS_QUERY);
  const queryError = tags.error ?? agents.error ?? channels.error;
  useEffect(() => {
    if (queryError) handleError(queryError);
  }, [queryError]);
  const phoneChannels = useMemo(
    () => (channels.data?.inboxChannels ?? []).filter((c) => isPhoneBased(c.platform)),
    [channels.data],
  );

  const filter: ContactsFilter = useMemo(
    () => ({
      filterContactsBy: filterBy,
      ...rangeInstants(range, timeZone),
      keyword,
      agentId: access.canExport ? agentId : null,
      tagsIds,
    }),
    [filterBy, range, timeZone, keyword, agentId, tagsIds, access.canExport],
  );
  const contacts = useContacts(filter);

  // 02 §5: the end is not after today nor before the start, and the range stays within a year; the other end moves.
  function changeDate(changed: 'start' | 'end', day: Date) {
    const next = { ...range, [changed]: day };
    setRange(
      clampDateRange({ ...next, changed, maxDays: CONTACTS_RANGE_MAX_DAYS, today: todayIn(timeZone) }),
    );
  }

  return (
    <div className="contacts-panel">
      <div className="contacts-header">
        <Typography.Title level={3}>Contactos</Typography.Title>
        {access.roleLoaded && (
          <Space wrap>
            <Button onClick={() => setCreating(true)}>Crear contacto</Button>
            <Button type="primary" onClick={() => setImporting(true)}>
              Importar
            </Button>
            {access.canExport && <ExportButton filter={filter} />}
          </Space>
        )}
      </div>

      <ContactsFilters
        filterBy={filterBy}
        onFilterBy={setFilterBy}
        range={range}
        today={today}
        onDate={changeDate}
        search={search}
        onSearch={setSearch}
        agents={access.canExport ? (agents.data?.agents ?? []) : null}
        agentId={agentId}
        onAgent={setAgentId}
        tagCount={tagsIds.length}
        onOpenTags={() => setTagModal(true)}
        canSeePhone={access.canSeePhone}
      />

      <ContactsTable
        contacts={contacts}
        canSeePhone={access.canSeePhone}
        tags={tags.data?.tags ?? []}
        onEditPhone={setEditing}
      />

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
            // The import may have created tags: the filter modal and the table's chips need them.
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
