import { CONVERSATION_MESSAGES } from '@crm/shared';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import type { ContactReportRecord } from './conversations.repository';
import type { ConversationsFilterInput } from './dto/conversations-filter.input';

/** Who asks, as the list needs it (read with the session: no query). */
export type ListViewer = Pick<AuthUser, 'id' | 'companyId' | 'roleName' | 'adminOf' | 'selectedSpaceId'> & {
  /** Searching by phone digits needs canSeePhoneNumber (issue 15 §3). */
  permissions?: AuthUser['permissions'];
};

/** The keyset cursor of the inbox list and the contacts report (their statements are in conversations.repository). */
export interface ListCursor {
  /** The last row's lastUpdate exactly as PostgreSQL wrote it (microseconds: a JS Date would round them off). */
  u: string;
  i: number;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/;

export function encodeListCursor(client: { lastUpdate: string; id: number }): string {
  return Buffer.from(JSON.stringify({ u: client.lastUpdate, i: client.id })).toString('base64url');
}

export function decodeListCursor(raw: string): ListCursor {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as ListCursor;
    if (!Number.isInteger(value.i) || typeof value.u !== 'string' || !TIMESTAMP.test(value.u))
      throw new Error();
    return value;
  } catch {
    throw AppException.validation('after', CONVERSATION_MESSAGES.cursor);
  }
}

/** The contacts report's cursor: on the date it is ordered by. */
export function reportCursor(record: ContactReportRecord, input: ConversationsFilterInput): string {
  return encodeListCursor({
    lastUpdate: input.filterContactsBy === 'createdAt' ? record.createdAt : record.lastUpdate,
    id: record.id,
  });
}
