import type { ContactReportRow, ContactsPage } from '@crm/shared';

/** A contacts-report row as POST /api/conversations_by_filter (`custom: true`) answers it. */
export function makeRow(id: number, overrides: Partial<ContactReportRow> = {}): ContactReportRow {
  return {
    id,
    nameFromChannel: `Contacto${id}`,
    lastName: 'Pérez',
    name: `Contacto${id} Pérez`,
    agent: 'Ana Pérez',
    tags: '',
    tagIds: [],
    plataform: 'WhatsApp',
    channel: 'WhatsApp Ventas',
    channelId: 1,
    number: `+52551234${String(id).padStart(4, '0')}`,
    createdAt: '20-11-2026 10:15',
    lastUpdate: '21-11-2026 09:00',
    email: null,
    plaza: null,
    extraInfo: [],
    ...overrides,
  };
}

/** One block of `count` rows starting at id `from`. */
export function makeBlock(
  from: number,
  count: number,
  hasMore: boolean,
  cursor = `c${from + count - 1}`,
): ContactsPage {
  return {
    clients: Array.from({ length: count }, (_, i) => makeRow(from + i)),
    hasMore,
    cursor: count > 0 ? cursor : null,
  };
}
