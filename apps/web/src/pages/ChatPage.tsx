import { userMessageFor } from '@crm/shared';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { parseChatId } from '../features/inbox/list/chatRoute';
import { ConversationListPanel } from '../features/inbox/list/components/ConversationListPanel';
import { InboxEmptyState } from '../features/inbox/list/components/InboxEmptyState';
import { useInbox } from '../features/inbox/list/hooks/useInbox';
import '../features/inbox/list/inbox-layout.css';
import { ClientInfoPanel } from '../features/inbox/panel/ClientInfoPanel';
import { ConversationWindow } from '../features/inbox/window/ConversationWindow';
import { toast } from '../lib/toast';

// 02 §2: /chat and /chat/{chatId}: the conversation list, the open conversation and its client info.
export function ChatPage() {
  const { chatId } = useParams();
  const navigate = useNavigate();
  const selectedId = parseChatId(chatId);
  const { filters, options, list, canSeePhoneNumber } = useInbox(selectedId);
  const { selected, opening, state } = list;
  const invalidId = chatId !== undefined && selectedId === null;

  // The open conversation left (removed by an event, no longer visible, failed to load): back to the list.
  useEffect(() => {
    if (selectedId !== null && state.closedId === selectedId) navigate('/chat', { replace: true });
  }, [selectedId, state.closedId, navigate]);

  useEffect(() => {
    if (!invalidId) return;
    toast.error(userMessageFor('CONVERSATION_NOT_FOUND'));
    navigate('/chat', { replace: true });
  }, [invalidId, navigate]);

  return (
    <div className={`inbox${selected ? ' inbox-with-conversation' : ''}`} data-testid="inbox">
      <ConversationListPanel
        state={state}
        filters={filters}
        options={options}
        canSeePhoneNumber={canSeePhoneNumber}
        loadMore={list.loadMore}
        reload={list.reload}
      />
      {/* The window and the info panel name their own landmarks. */}
      <div className="inbox-window">
        {selected ? (
          <ConversationWindow key={selected.id} conversation={selected} />
        ) : opening ? (
          <div className="inbox-opening" data-testid="inbox-opening">
            <Spin tip="Cargando conversación…">
              <div style={{ width: 160, height: 48 }} />
            </Spin>
          </div>
        ) : (
          <InboxEmptyState />
        )}
      </div>
      {selected ? (
        <div className="inbox-info">
          <ClientInfoPanel key={selected.id} conversation={selected} />
        </div>
      ) : null}
    </div>
  );
}
