import type { MessageView } from '@crm/shared';
import { Button, Empty, Spin } from 'antd';
import { Fragment, type UIEvent, useEffect, useLayoutEffect, useRef } from 'react';
import { useCompanyTimeZone } from '../../../session/hooks/useCompanyTimeZone';
import { DaySeparator } from '../../messages/DaySeparator';
import { MessageBubble } from '../../messages/MessageBubble';
import { startsNewDay } from '../../messages/messageDisplay';
import type { TimelinePhase } from '../hooks/useConversationTimeline';
import { isLocalMessage, messageKey } from '../timeline';

/** Near enough to the top to fetch the previous page, or to the bottom to follow new messages. */
const EDGE_PX = 80;

export interface MessageListProps {
  messages: MessageView[];
  phase: TimelinePhase;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onReload: () => void;
  /** Without it bubbles offer no reply action (e.g. outside the reply window). */
  onReply?: (message: MessageView) => void;
  onRetry: (message: MessageView) => void;
  canRetry: (message: MessageView) => boolean;
}

/** The conversation, oldest at the top and newest at the bottom, with a chip where the day changes. */
export function MessageList({
  messages,
  phase,
  hasMore,
  loadingOlder,
  onLoadOlder,
  onReload,
  onReply,
  onRetry,
  canRetry,
}: MessageListProps) {
  const timeZone = useCompanyTimeZone();
  const list = useRef<HTMLDivElement>(null);
  // Distance from the bottom when an older page was asked for: kept, so the message being read stays put.
  const anchor = useRef<number | null>(null);
  const followBottom = useRef(true);
  const first = messages[0];
  const last = messages[messages.length - 1];
  const firstKey = first ? messageKey(first) : null;
  const lastKey = last ? messageKey(last) : null;
  const lastIsOwnNew = last !== undefined && isLocalMessage(last);
  const previousFirst = useRef<string | null>(null);
  const previousLast = useRef<string | null>(null);

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (firstKey !== previousFirst.current && anchor.current !== null) {
      element.scrollTop = element.scrollHeight - anchor.current;
      anchor.current = null;
    } else if (lastKey !== previousLast.current && (followBottom.current || lastIsOwnNew)) {
      // A new message at the bottom: follow it if the agent was at the bottom, or wrote it.
      element.scrollTop = element.scrollHeight;
    }
    previousFirst.current = firstKey;
    previousLast.current = lastKey;
  }, [firstKey, lastKey, lastIsOwnNew]);

  // The older page was not needed after all (nothing new came back): forget the anchor.
  useEffect(() => {
    if (!loadingOlder) anchor.current = null;
  }, [loadingOlder]);

  // A first page that does not fill the window leaves nothing to scroll: fetch older ones until it does.
  useEffect(() => {
    const element = list.current;
    if (!element || phase !== 'ready' || !hasMore || loadingOlder || messages.length === 0) return;
    if (element.clientHeight > 0 && element.scrollHeight <= element.clientHeight) {
      anchor.current = element.scrollHeight - element.scrollTop;
      onLoadOlder();
    }
  }, [phase, hasMore, loadingOlder, onLoadOlder, messages.length]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    followBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    if (element.scrollTop < EDGE_PX && hasMore && !loadingOlder && phase === 'ready') {
      anchor.current = element.scrollHeight - element.scrollTop;
      onLoadOlder();
    }
  };

  return (
    <div
      className="cw-messages"
      ref={list}
      onScroll={onScroll}
      data-testid="message-list"
      role="log"
      aria-live="polite"
      aria-label="Mensajes de la conversación"
      aria-busy={phase === 'loading' || loadingOlder}
    >
      {loadingOlder ? (
        <div className="cw-notice" data-testid="message-list-loading-older">
          <Spin size="small" />
        </div>
      ) : null}
      {phase === 'ready' && !hasMore && messages.length > 0 ? (
        <div className="cw-notice cw-start">Inicio de la conversación</div>
      ) : null}
      {phase === 'loading' && messages.length === 0 ? (
        <div className="cw-notice cw-fill">
          <Spin />
        </div>
      ) : null}
      {phase === 'error' && messages.length === 0 ? (
        <div className="cw-notice cw-fill">
          <span>No se pudieron cargar los mensajes.</span>
          <Button onClick={onReload}>Reintentar</Button>
        </div>
      ) : null}
      {phase === 'ready' && messages.length === 0 ? (
        <div className="cw-notice cw-fill">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Aún no hay mensajes" />
        </div>
      ) : null}
      {messages.map((message, index) => (
        <Fragment key={messageKey(message)}>
          {startsNewDay(messages[index - 1], message, timeZone) ? (
            <DaySeparator date={message.time} timeZone={timeZone} />
          ) : null}
          <MessageBubble
            message={message}
            timeZone={timeZone}
            onReply={onReply && !isLocalMessage(message) ? onReply : undefined}
            onRetry={canRetry(message) ? onRetry : undefined}
          />
        </Fragment>
      ))}
    </div>
  );
}
