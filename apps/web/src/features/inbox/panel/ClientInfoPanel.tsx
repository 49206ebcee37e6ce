import { type ConversationView, platformLabel } from '@crm/shared';
import { Avatar, Divider, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useAccess } from '../../access/hooks/useAccess';
import { AgentSection, CategorySection } from './components/AssignmentSection';
import { DatasheetSection } from './components/DatasheetSection';
import { FollowUpSection } from './components/FollowUpSection';
import { ForwardModal } from './components/ForwardModal';
import { NameEditor } from './components/NameEditor';
import { PanelActions } from './components/PanelActions';
import { SurveySection } from './components/SurveySection';
import { TagsSection } from './components/TagsSection';
import { conversationPhone, conversationTitle } from './conversationDisplay';
import { useConversationActions } from './hooks/useConversationActions';
import { panelAccess } from './panelAccess';
import './clientInfoPanel.css';

interface Answer {
  /** The prop the answer was received against. */
  base: ConversationView;
  view: ConversationView;
}

/**
 * The client info panel of the conversation window (02 §2): who the contact is, how it is classified, its data
 * sheet and scheduled messages, and the conversation's actions. The inbox keeps `conversation` current from
 * real-time events; a mutation's own answer is shown meanwhile, until the next version of the prop arrives.
 */
export function ClientInfoPanel({ conversation }: { conversation: ConversationView }) {
  const { permissions } = useAccess();
  const access = useMemo(() => panelAccess(permissions), [permissions]);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [forwarding, setForwarding] = useState(false);
  const latest = useRef(conversation);
  latest.current = conversation;

  const view = answer && answer.base === conversation ? answer.view : conversation;

  const showAnswer = useCallback((next: ConversationView) => {
    // An answer for a conversation that is no longer open must not paint over the new one.
    if (next.id === latest.current.id) setAnswer({ base: latest.current, view: next });
  }, []);

  const actions = useConversationActions(conversation.id, showAnswer);

  return (
    // A plain block: the page decides the landmark around it (ChatPage wraps it in an aside).
    <div className="client-info-panel" data-testid="client-info-panel">
      <PanelActions
        conversation={view}
        access={access}
        actions={actions}
        onForward={() => setForwarding(true)}
      />
      <div className="client-info-identity">
        <Avatar size={56} src={view.imageUrl ?? undefined}>
          {conversationTitle(view, access.seePhone).charAt(0).toUpperCase()}
        </Avatar>
        {/* Keyed by id: an edit in progress belongs to the conversation it started on. */}
        <NameEditor key={view.id} conversation={view} canSeePhone={access.seePhone} onAnswer={showAnswer} />
        {access.seePhone && (
          <Typography.Text data-testid="client-phone" copyable>
            {conversationPhone(view)}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" data-testid="client-channel">
          {view.channel.name} · {platformLabel(view.channel.platform)}
        </Typography.Text>
      </div>
      <Divider className="client-info-divider" />
      <TagsSection
        tags={view.tags}
        canEdit={access.editTags}
        busy={actions.pending.has('tag')}
        onAdd={(tagId) => void actions.addTag(tagId)}
        onRemove={(tagId) => void actions.removeTag(tagId)}
      />
      <AgentSection
        conversation={view}
        canReassign={access.reassign}
        busy={actions.pending.has('agent')}
        onReassign={(agentId) => void actions.reassign(agentId)}
        onReassignToGroup={(groupAdminId) => void actions.reassignToGroup(groupAdminId)}
      />
      <CategorySection
        conversation={view}
        busy={actions.pending.has('category')}
        onChange={(categoryId) => void actions.setCategory(categoryId)}
      />
      <Divider className="client-info-divider" />
      <DatasheetSection key={`datasheet-${view.id}`} clientId={view.id} />
      <SurveySection key={`survey-${view.id}`} clientId={view.id} />
      {access.followUp && (
        <>
          <Divider className="client-info-divider" />
          <FollowUpSection key={`followups-${view.id}`} conversation={view} />
        </>
      )}
      {forwarding && (
        <ForwardModal conversation={view} showPhones={access.seePhone} onClose={() => setForwarding(false)} />
      )}
    </div>
  );
}
