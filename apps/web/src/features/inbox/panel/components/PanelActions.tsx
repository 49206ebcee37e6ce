import {
  CheckCircleOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  FlagFilled,
  FlagOutlined,
  InboxOutlined,
  RedoOutlined,
  SendOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { COLD_TAG_NAME, type ConversationView } from '@crm/shared';
import { Button, Modal, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { CLOSE_OPTIONS_QUERY } from '../api/panel.graphql';
import type { ConversationActions, PanelActionKey } from '../hooks/useConversationActions';
import type { PanelAccess } from '../panelAccess';

interface PanelActionsProps {
  conversation: ConversationView;
  access: PanelAccess;
  actions: ConversationActions;
  onForward: () => void;
}

function ActionButton({
  label,
  icon,
  testId,
  busy,
  danger,
  active,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  testId: string;
  busy: boolean;
  danger?: boolean;
  active?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        danger={danger}
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        data-testid={testId}
        loading={busy}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** The panel header's actions (02 §1, §4); the ones with a permission of their own show only with it. */
export function PanelActions({ conversation, access, actions, onForward }: PanelActionsProps) {
  const [closing, setClosing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const busy = (key: PanelActionKey) => actions.pending.has(key);
  // Until the options arrive closing is offered and the survey question asked: the server has the last word.
  const { data: closeData } = useQuery(CLOSE_OPTIONS_QUERY, { variables: { clientId: conversation.id } });
  const closeOptions = closeData?.closeOptions;
  const canClose = closeOptions?.canClose ?? true;
  const askSurvey = closeOptions?.surveyAvailable ?? true;
  const surveyByDefault = closeOptions?.surveyByDefault ?? false;

  const cold = conversation.tags.some((tag) => tag.name === COLD_TAG_NAME);

  const close = async (sendSurvey: boolean) => {
    setClosing(false);
    await actions.close(sendSurvey);
  };

  return (
    <div className="client-info-actions" role="toolbar" aria-label="Acciones de la conversación">
      <ActionButton
        label={conversation.isArchived ? 'Desarchivar' : 'Archivar'}
        icon={<InboxOutlined />}
        testId="action-archive"
        active={conversation.isArchived}
        busy={busy('archive')}
        onClick={() => void actions.setArchived(!conversation.isArchived)}
      />
      <ActionButton
        label={conversation.isConversationValuable ? 'Quitar valiosa' : 'Marcar como valiosa'}
        icon={conversation.isConversationValuable ? <StarFilled /> : <StarOutlined />}
        testId="action-valuable"
        active={conversation.isConversationValuable}
        busy={busy('valuable')}
        onClick={() => void actions.setValuable(!conversation.isConversationValuable)}
      />
      {access.followUp && (
        <ActionButton
          label={conversation.hasFollowUpMessage ? 'Quitar seguimiento' : 'Activar seguimiento'}
          icon={conversation.hasFollowUpMessage ? <FlagFilled /> : <FlagOutlined />}
          testId="action-followup"
          active={conversation.hasFollowUpMessage}
          busy={busy('followUp')}
          onClick={() => void actions.setFollowUpFlag(!conversation.hasFollowUpMessage)}
        />
      )}
      {access.markCold && (
        <ActionButton
          label={cold ? 'Marcada como fría' : 'Marcar como fría'}
          icon={<span aria-hidden="true">❄</span>}
          testId="action-cold"
          active={cold}
          busy={busy('cold')}
          onClick={() => {
            // Removing the tag is tagConversations' (the chip's ×), not coldBot's.
            if (!cold) void actions.markCold();
          }}
        />
      )}
      <ActionButton
        label="Marcar como no leída"
        icon={<EyeInvisibleOutlined />}
        testId="action-unread"
        busy={busy('unread')}
        onClick={() => void actions.markUnread()}
      />
      {conversation.isClosed ? (
        <ActionButton
          label="Reabrir"
          icon={<RedoOutlined />}
          testId="action-reopen"
          busy={busy('reopen')}
          onClick={() => void actions.reopen()}
        />
      ) : canClose ? (
        <ActionButton
          label="Cerrar conversación"
          icon={<CheckCircleOutlined />}
          testId="action-close"
          busy={busy('close')}
          onClick={() => (askSurvey ? setClosing(true) : void close(false))}
        />
      ) : null}
      <ActionButton
        label="Enviar al CRM"
        icon={<CloudUploadOutlined />}
        testId="action-crm"
        busy={busy('crm')}
        onClick={() => void actions.sendToCrm()}
      />
      <ActionButton
        label="Reenviar"
        icon={<SendOutlined />}
        testId="action-forward"
        busy={false}
        onClick={onForward}
      />
      {access.deleteConversation && (
        <ActionButton
          label="Eliminar conversación"
          icon={<DeleteOutlined />}
          testId="action-delete"
          danger
          busy={busy('delete')}
          onClick={() => setDeleting(true)}
        />
      )}

      <Modal
        open={closing}
        title="Cerrar conversación"
        onCancel={() => setClosing(false)}
        footer={[
          <Button key="cancel" onClick={() => setClosing(false)}>
            Cancelar
          </Button>,
          <Button
            key="no"
            type={surveyByDefault ? 'default' : 'primary'}
            data-testid="close-without-survey"
            onClick={() => void close(false)}
          >
            No, solo cerrar
          </Button>,
          <Button
            key="yes"
            type={surveyByDefault ? 'primary' : 'default'}
            data-testid="close-with-survey"
            onClick={() => void close(true)}
          >
            Sí, enviar encuesta
          </Button>,
        ]}
      >
        ¿Enviar encuesta de satisfacción?
      </Modal>
      <Modal
        open={deleting}
        title="Eliminar conversación"
        okText="Eliminar"
        okButtonProps={{ danger: true, 'data-testid': 'confirm-delete' }}
        cancelText="Cancelar"
        onOk={() => {
          setDeleting(false);
          void actions.remove();
        }}
        onCancel={() => setDeleting(false)}
      >
        ¿Seguro que quieres eliminar esta conversación? Se borrarán sus mensajes y no se puede deshacer.
      </Modal>
    </div>
  );
}
