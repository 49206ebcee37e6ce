import { type ConversationViewer, defaultConversationFilterType } from '@crm/shared';
import { useAccess } from '../../../access/hooks/useAccess';
import { useSession } from '../../../session/hooks/useSession';
import { type ConversationListController, useConversationList } from './useConversationList';
import { type FilterOptions, useFilterOptions } from './useFilterOptions';
import { type InboxFilterControls, useInboxFilter } from './useInboxFilter';

export interface Inbox {
  filters: InboxFilterControls;
  options: FilterOptions;
  list: ConversationListController;
  canSeePhoneNumber: boolean;
}

/** Everything the inbox page needs: the signed-in viewer, the filters, their pickers and the live list. */
export function useInbox(selectedId: number | null): Inbox {
  const { me } = useSession();
  const { permissions, roleName } = useAccess();
  // 02 §6: the same facts the API scopes the list with, so live events are judged as a refetch would be.
  const viewer: ConversationViewer = {
    userId: me.id,
    roleName,
    adminOf: me.isAdminOfIds,
    spaceChannelIds: me.spaceChannelIds,
  };
  // Issue 19: admins open on a view that includes the unassigned conversations new customers start.
  const filters = useInboxFilter(defaultConversationFilterType(viewer));
  // 02 §6: the agent picker needs readUsers.
  const options = useFilterOptions(permissions.readUsers === true);
  const list = useConversationList({
    filter: filters.filter,
    viewer,
    spaceId: me.selectedSpaceId,
    selectedId,
  });
  return { filters, options, list, canSeePhoneNumber: permissions.canSeePhoneNumber === true };
}
