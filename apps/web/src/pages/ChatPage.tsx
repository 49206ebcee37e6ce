import { userMessageFor } from '@crm/shared';
import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
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
  const inbox = useRef<HTMLDivElement>(null);

  // Issue 22, keyboard: Escape inside the open conversation (a menu of the reply box closes first and keeps it) goes
  // back to the list, on the row Tab would stop at (the open conversation's). Dialogs and pop-ups live outside this
  // element and close on Escape themselves.
  useEffect(() => {
    const element = inbox.current;
    if (!element) return;
    const back = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target as HTMLElement;
      if (!target.closest('.inbox-window, .inbox-info')) return;
      const row = element.querySelector<HTMLElement>('.conv-row[tabindex="0"]');
      if (!row) return;
      event.preventDefault();
      row.focus();
    };
    element.addEventListener('keydown', back);
    return () => element.removeEventListener('keydown', back);
  }, []);

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
    <div ref={inbox} className={`inbox${selected ? ' inbox-with-conversation' : ''}`} data-testid="inbox">
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
