import { useMutation, useQuery } from '@apollo/client/react';
import type { ChatbotMenu } from '@crm/shared';
import { useEffect } from 'react';
import { handleError } from '../../../lib/errors';
import { CHATBOT_MENU_QUERY, DELETE_CHATBOT_MENU, SAVE_CHATBOT_MENU } from '../api/chatbotMenu.graphql';

/** The JSON the API answers, read as a menu when it has a menu's shape (anything else reads as none). */
function asMenu(value: unknown): ChatbotMenu | null {
  if (typeof value !== 'object' || value === null) return null;
  const menu = value as Partial<ChatbotMenu>;
  return typeof menu.greeting === 'string' && Array.isArray(menu.options) ? (menu as ChatbotMenu) : null;
}

/** The channel's stored menu chatbot (null: none yet), its save and its removal. */
export function useChatbotMenu(channelId: number) {
  const query = useQuery(CHATBOT_MENU_QUERY, { variables: { channelId }, fetchPolicy: 'cache-and-network' });
  // Mutations skip the cache (lib/apollo): the stored menu is read again after a change.
  const refetch = {
    refetchQueries: [{ query: CHATBOT_MENU_QUERY, variables: { channelId } }],
    awaitRefetchQueries: true,
  };
  const [saveMenu] = useMutation(SAVE_CHATBOT_MENU, refetch);
  const [deleteMenu] = useMutation(DELETE_CHATBOT_MENU, refetch);

  useEffect(() => {
    if (query.error) handleError(query.error);
  }, [query.error]);

  return {
    menu: asMenu(query.data?.chatbotMenu?.menu),
    loading: query.loading,
    /** Answers the menu as the server stored it (cleaned). */
    save: async (menu: ChatbotMenu): Promise<ChatbotMenu> => {
      const result = await saveMenu({ variables: { channelId, menu } });
      return asMenu(result.data?.saveChatbotMenu.menu) ?? menu;
    },
    remove: async (): Promise<void> => {
      await deleteMenu({ variables: { channelId } });
    },
  };
}
