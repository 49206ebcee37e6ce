import { useMutation, useQuery } from '@apollo/client/react';
import {
  type ConversationView,
  displayPhone,
  hasAnyPermission,
  type MessageView,
  userMessageFor,
} from '@crm/shared';
import { Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { handleError } from '../../../lib/errors';
import { useAccess } from '../../access/hooks/useAccess';
import { useSession } from '../../session/hooks/useSession';
import { QUICK_ANSWERS_QUERY, USE_QUICK_ANSWER_MUTATION } from './api/quickAnswers.graphql';
import { WHATSAPP_TEMPLATES_QUERY } from './api/templates.graphql';
import { Composer, type ComposerSubmit } from './components/Composer';
import { MessageList } from './components/MessageList';
import { TemplateComposer, type TemplateSubmit } from './components/TemplateComposer';
import { WindowHeader } from './components/WindowHeader';
import { useConversationTimeline } from './hooks/useConversationTimeline';
import { useRemainingMinutes } from './hooks/useRemainingMinutes';
import { composerMode } from './replyWindow';
import './window.css';

export interface ConversationWindowProps {
  /** The selected conversation's latest view, kept live by the conversation list. */
  conversation: ConversationView;
}

/**
 * The conversation window of the inbox (/chat/:chatId): header with the reply window's countdown, the
 * messages, and the composer the window allows (free text inside it, templates only outside it on WhatsApp).
 */
export function ConversationWindow({ conversation }: ConversationWindowProps) {
  // A different conversation starts from scratch: its own pages, bubbles, quote and draft.
  return <ConversationPane key={conversation.id} conversation={conversation} />;
}

function ConversationPane({ conversation }: ConversationWindowProps) {
  const { me } = useSession();
  const location = useLocation();
  // Issue 22: a conversation opened from the keyboard (Enter on its row) asks for the reply box; each opening is a
  // new history entry, so its key tells one request from the next.
  const focusRequest =
    (location.state as { focus?: string } | null)?.focus === 'composer' ? location.key : null;
  const { permissions } = useAccess();
  const canSeePhone = hasAnyPermission(permissions, ['canSeePhoneNumber']);
  const canUseQuickAnswers = hasAnyPermission(permissions, [
    'agent',
    'readQuickAnswers',
    'writeQuickAnswers',
  ]);

  const timeline = useConversationTimeline(conversation, me.id);
  const remainingMinutes = useRemainingMinutes(conversation, timeline.liveExpiry);
  const mode = composerMode(conversation.channel.platform, remainingMinutes);
  const [quote, setQuote] = useState<MessageView | null>(null);

  const quickAnswers = useQuery(QUICK_ANSWERS_QUERY, { skip: mode !== 'free' || !canUseQuickAnswers });
  const templates = useQuery(WHATSAPP_TEMPLATES_QUERY, {
    variables: { channelId: conversation.channel.id, status: 'accepted' },
    skip: mode !== 'templates',
  });
  const [countQuickAnswerUse] = useMutation(USE_QUICK_ANSWER_MUTATION);

  useEffect(() => {
    if (quickAnswers.error) handleError(quickAnswers.error);
  }, [quickAnswers.error]);
  useEffect(() => {
    if (templates.error) handleError(templates.error);
  }, [templates.error]);

  const leadName =
    conversation.name?.trim() ||
    (canSeePhone && conversation.senderId ? displayPhone(conversation.senderId) : 'cliente');

  const { sendText, sendAttachments, sendTemplate } = timeline;
  const onSubmit = useCallback(
    ({ text, attachments }: ComposerSubmit) => {
      const quoted = quote ? { id: quote.id, content: quote.content, type: quote.type } : null;
      if (attachments.length > 0) sendAttachments(attachments, text, quoted);
      else sendText(text, quoted);
      setQuote(null);
    },
    [quote, sendAttachments, sendText],
  );

  const onTemplate = useCallback(
    ({ template, bodyParameters, body }: TemplateSubmit) => {
      sendTemplate({
        kind: 'template',
        template: { name: template.name, language: template.language, bodyParameters },
        body,
      });
    },
    [sendTemplate],
  );

  const onQuickAnswerUsed = useCallback(
    (answer: { id: number }) => {
      // Only orders the answers by use: a failure is not worth interrupting the agent for.
      countQuickAnswerUse({ variables: { id: answer.id } }).catch(() => undefined);
    },
    [countQuickAnswerUse],
  );

  // Outside the window a retry of free text would be refused; templates can still go.
  const canRetry = useCallback(
    (message: MessageView) => (mode === 'free' || message.type === 'template') && timeline.canRetry(message),
    [mode, timeline.canRetry],
  );

  return (
    <section className="cw-root" data-testid="conversation-window" aria-label="Conversación">
      <WindowHeader
        conversation={conversation}
        remainingMinutes={remainingMinutes}
        canSeePhone={canSeePhone}
      />
      <MessageList
        messages={timeline.messages}
        phase={timeline.phase}
        hasMore={timeline.hasMore}
        loadingOlder={timeline.loadingOlder}
        onLoadOlder={timeline.loadOlder}
        onReload={timeline.reload}
        onReply={mode === 'free' ? setQuote : undefined}
        onRetry={timeline.retry}
        canRetry={canRetry}
      />
      {mode === 'free' ? (
        <Composer
          focusRequest={focusRequest}
          leadName={leadName}
          agentName={me.name}
          quickAnswers={quickAnswers.data?.quickAnswers ?? []}
          quote={quote}
          onCancelQuote={() => setQuote(null)}
          onSubmit={onSubmit}
          onQuickAnswerUsed={onQuickAnswerUsed}
        />
      ) : mode === 'templates' ? (
        <TemplateComposer
          templates={templates.data?.whatsappTemplates ?? []}
          loading={templates.loading}
          onSend={onTemplate}
          canCreate={hasAnyPermission(permissions, ['whatsappTemplate'])}
        />
      ) : (
        <div className="cw-composer cw-composer-closed" data-testid="composer-closed" role="status">
          <Typography.Text type="secondary">
            {mode === 'messengerClosed'
              ? userMessageFor('FACEBOOK_MESSAGE_ERROR')
              : 'La ventana de respuesta está cerrada: podrás escribir cuando el cliente envíe un mensaje.'}
          </Typography.Text>
        </div>
      )}
    </section>
  );
}
