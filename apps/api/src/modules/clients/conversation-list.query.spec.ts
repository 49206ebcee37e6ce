import { ROLE_NAMES } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { AppException } from '../../common/errors/app.exception';
import { decodeListCursor, encodeListCursor, type ListViewer } from './conversation-list.query';
import { conversationListQuery } from './conversations.repository';
import { CONVERSATION_FILTER_TYPES } from './dto/conversations-filter.input';

const admin: ListViewer = {
  id: 1,
  companyId: 7,
  roleName: ROLE_NAMES.admin,
  adminOf: [],
  selectedSpaceId: null,
};
const agent: ListViewer = {
  id: 2,
  companyId: 7,
  roleName: ROLE_NAMES.agente,
  adminOf: [],
  selectedSpaceId: 3,
};
const groupAdmin: ListViewer = {
  id: 4,
  companyId: 7,
  roleName: ROLE_NAMES.groupadmin,
  adminOf: [5, 6],
  selectedSpaceId: null,
};

/** PostgreSQL refuses a parameter the text never uses ("could not determine data type"), and a gap is a bug. */
function expectEveryParameterUsed(text: string, values: readonly unknown[]): void {
  const used = new Set([...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  expect([...used].sort((a, b) => a - b)).toEqual(values.map((_, i) => i + 1));
}

describe('conversationListQuery', () => {
  it('uses every parameter once declared, for every filter type and viewer', () => {
    const cursor = encodeListCursor({ lastUpdate: '2026-11-22T10:00:00.123456+00:00', id: 9 });
    for (const viewer of [admin, agent, groupAdmin]) {
      for (const filterType of CONVERSATION_FILTER_TYPES) {
        for (const extra of [
          {},
          { keyword: 'José ' },
          { after: cursor, tagsIds: [1], channelsIds: [2, 3] },
          { skip: 40, agentId: 2, agentIdIn: [2], groupAdminId: 4, createdAtFrom: '2026-01-01' },
        ]) {
          const { text, values } = conversationListQuery(viewer, { filterType, ...extra });
          expectEveryParameterUsed(text, values);
        }
      }
    }
  });

  it('keeps the company, the viewer and the company-wide view apart', () => {
    const forAdmin = conversationListQuery(admin, { filterType: 'all' });
    expect(forAdmin.values).toContain(7);
    expect(forAdmin.text).not.toContain('"c"."agentId" =');
    // 02 §5: SMS channels stay out, as the platform table says.
    expect(forAdmin.text).toContain(`"ch"."platform" not in ('sms')`);
    const forAgent = conversationListQuery(agent, { filterType: 'all' });
    expect(forAgent.text).toContain('and "c"."agentId" = $');
    expect(forAgent.values).toEqual(expect.arrayContaining([7, 3, 2]));
    const forGroup = conversationListQuery(groupAdmin, { filterType: 'all' });
    expect(forGroup.text).toContain('"c"."groupAdminId" =');
    expect(forGroup.values).toContainEqual([5, 6]);
  });

  it('escapes LIKE wildcards of the normalised keyword and asks one row more than the page', () => {
    const { text, values } = conversationListQuery(admin, {
      filterType: 'all',
      keyword: 'Ñu_ 50%',
      first: 20,
    });
    expect(values).toContain('%nu\\_50\\%%');
    expect(values).toContain(21);
    expect(text).not.toContain('"lastMessageId" is not null');
    expect(conversationListQuery(admin, { filterType: 'all' }).text).toContain('"lastMessageId" is not null');
  });

  it('refuses a cursor that is not one of ours', () => {
    expect(() => decodeListCursor('bm9wZQ')).toThrow(AppException);
    expect(() =>
      conversationListQuery(admin, { after: Buffer.from('{"u":"1; DROP","i":1}').toString('base64url') }),
    ).toThrow(AppException);
    expect(decodeListCursor(encodeListCursor({ lastUpdate: '2026-11-22T10:00:00Z', id: 3 }))).toEqual({
      u: '2026-11-22T10:00:00Z',
      i: 3,
    });
  });
});
