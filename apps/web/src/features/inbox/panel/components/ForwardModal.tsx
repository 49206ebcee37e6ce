import { useApolloClient, useQuery } from '@apollo/client/react';
import {
  type ConversationView,
  FORWARD_MAX_CONTACTS,
  FORWARD_MAX_MESSAGES,
  formatConversationTime,
  type MessageSenderKind,
  messagePreview,
} from '@crm/shared';
import { Checkbox, Empty, Input, Modal, Skeleton, Tag, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { handleError, resolveError } from '../../../../lib/errors';
import { toast } from '../../../../lib/toast';
import { useCompanyTimeZone } from '../../../session/hooks/useCompanyTimeZone';
import { FORWARD_MESSAGES_MUTATION, RECENT_MESSAGES_QUERY } from '../api/panel.graphql';
import { searchConversations } from '../api/panel.rest';
import { conversationPhone, conversationTitle } from '../conversationDisplay';
import { FORWARD_TEXTS, forwardProblem, toggleContact, toggleMessage } from '../forward';

const SENDER_LABELS: Record<MessageSenderKind, string> = {
  CLIENT: 'Cliente',
  AGENT: 'Agente',
  BOT: 'Bot',
  SYSTEM: 'Aviso',
};

/** The schema types `sender` as a String: an unknown kind is shown as it came. */
function senderLabel(sender: string): string {
  return Object.hasOwn(SENDER_LABELS, sender) ? SENDER_LABELS[sender as MessageSenderKind] : sender;
}

interface ForwardModalProps {
  conversation: ConversationView;
  showPhones: boolean;
  onClose: () => void;
}

/**
 * 02 §5 Forward: pick up to 6 of this conversation's recent messages and up to 2 conversations to send them to,
 * at least one of each. Mount it fresh for each use.
 */
export function ForwardModal({ conversation, showPhones, onClose }: ForwardModalProps) {
  const client = useApolloClient();
  const timeZone = useCompanyTimeZone();
  const messages = useQuery(RECENT_MESSAGES_QUERY, { variables: { clientId: conversation.id } });
  const [messageIds, setMessageIds] = useState<number[]>([]);
  const [targets, setTargets] = useState<ConversationView[]>([]);
  const [results, setResults] = useState<ConversationView[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const searchAbort = useRef<AbortController | null>(null);

  const search = useCallback(
    async (keyword: string) => {
      searchAbort.current?.abort();
      const controller = new AbortController();
      searchAbort.current = controller;
      setSearchError(null);
      try {
        const page = await searchConversations(keyword, controller.signal);
        // Forwarding to the conversation the messages come from makes no sense.
        setResults(page.clients.filter((candidate) => candidate.id !== conversation.id));
      } catch (failure) {
        if (controller.signal.aborted) return;
        setSearchError(resolveError(failure).userMessage);
        setResults([]);
      }
    },
    [conversation.id],
  );

  useEffect(() => {
    void search('');
    return () => searchAbort.current?.abort();
  }, [search]);

  const targetIds = targets.map((target) => target.id);
  const problem = forwardProblem(messageIds, targetIds);

  const toggleTarget = (candidate: ConversationView) => {
    const { selected } = toggleContact(targetIds, candidate.id);
    setTargets((current) => {
      const known = new Map([...current, candidate].map((item) => [item.id, item]));
      return selected.flatMap((id) => known.get(id) ?? []);
    });
  };

  const submit = async () => {
    if (problem) return;
    setSending(true);
    try {
      await client.mutate({
        mutation: FORWARD_MESSAGES_MUTATION,
        variables: { messageIds, clientIds: targetIds },
      });
      toast.success(messageIds.length === 1 ? 'Mensaje reenviado' : 'Mensajes reenviados');
      onClose();
    } catch (failure) {
      handleError(failure);
    } finally {
      setSending(false);
    }
  };

  let messageList: ReactNode;
  if (messages.error) {
    messageList = <Typography.Text type="danger">{resolveError(messages.error).userMessage}</Typography.Text>;
  } else if (!messages.data) {
    messageList = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  } else if (messages.data.messages.length === 0) {
    messageList = <Empty description="Esta conversación no tiene mensajes" />;
  } else {
    const full = messageIds.length >= FORWARD_MAX_MESSAGES;
    messageList = (
      <ul className="forward-list" aria-label="Mensajes para reenviar">
        {messages.data.messages.map((message) => {
          const checked = messageIds.includes(message.id);
          return (
            <li key={message.id} data-testid="forward-message">
              <Checkbox
                checked={checked}
                disabled={!checked && full}
                onChange={() => setMessageIds((current) => toggleMessage(current, message.id).selected)}
              >
                <span className="forward-item-meta">
                  {senderLabel(message.sender)} · {formatConversationTime(message.time, undefined, timeZone)}
                </span>
                <span className="forward-item-text">{messagePreview(message.type, message.content)}</span>
              </Checkbox>
            </li>
          );
        })}
      </ul>
    );
  }

  let targetList: ReactNode;
  if (searchError) {
    targetList = <Typography.Text type="danger">{searchError}</Typography.Text>;
  } else if (results === null) {
    targetList = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  } else if (results.length === 0) {
    targetList = <Empty description="Sin resultados" />;
  } else {
    const full = targets.length >= FORWARD_MAX_CONTACTS;
    targetList = (
      <ul className="forward-list" aria-label="Contactos encontrados">
        {results.map((candidate) => {
          const checked = targetIds.includes(candidate.id);
          return (
            <li key={candidate.id} data-testid="forward-target">
              <Checkbox
                checked={checked}
                disabled={!checked && full}
                onChange={() => toggleTarget(candidate)}
              >
                <span className="forward-item-text">{conversationTitle(candidate, showPhones)}</span>
                {showPhones && <span className="forward-item-meta">{conversationPhone(candidate)}</span>}
              </Checkbox>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Modal
      open
      width={640}
      title="Reenviar mensajes"
      okText="Reenviar"
      cancelText="Cancelar"
      okButtonProps={{ disabled: problem !== null, 'data-testid': 'forward-submit' }}
      confirmLoading={sending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <div className="forward-modal" data-testid="forward-modal">
        <Typography.Text strong>
          Mensajes ({messageIds.length}/{FORWARD_MAX_MESSAGES})
        </Typography.Text>
        {messageIds.length >= FORWARD_MAX_MESSAGES && (
          <Typography.Text type="secondary" className="forward-hint">
            {FORWARD_TEXTS.tooManyMessages}
          </Typography.Text>
        )}
        {messageList}
        <Typography.Text strong>
          Enviar a ({targets.length}/{FORWARD_MAX_CONTACTS})
        </Typography.Text>
        <div className="forward-targets">
          {targets.map((target) => (
            <Tag key={target.id} closable onClose={() => toggleTarget(target)} data-testid="forward-chosen">
              {conversationTitle(target, showPhones)}
            </Tag>
          ))}
        </div>
        {targets.length >= FORWARD_MAX_CONTACTS && (
          <Typography.Text type="secondary" className="forward-hint">
            {FORWARD_TEXTS.tooManyContacts}
          </Typography.Text>
        )}
        <Input.Search
          aria-label="Buscar contacto"
          placeholder="Buscar por nombre o teléfono"
          allowClear
          onSearch={(keyword) => void search(keyword)}
        />
        {targetList}
        {problem && (
          <Typography.Text type="secondary" data-testid="forward-problem">
            {problem}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}
