import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { type ConversationView, FOLLOW_UP_MESSAGES, formatDateTime } from '@crm/shared';
import { Button, Modal, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { handleError, resolveError } from '../../../../lib/errors';
import { subscribeRealtime } from '../../../../lib/socket';
import { toast } from '../../../../lib/toast';
import { useCompanyTimeZone } from '../../../session/hooks/useCompanyTimeZone';
import { DELETE_FOLLOW_UP_MUTATION, FOLLOW_UPS_QUERY, type FollowUpMessage } from '../api/panel.graphql';
import { FollowUpModal } from './FollowUpModal';
import { PanelSection } from './PanelSection';

type Editing = { followUp: FollowUpMessage | null } | null;

/** The conversation's scheduled follow-up messages (permission followUp): list, create, edit, delete. */
export function FollowUpSection({ conversation }: { conversation: ConversationView }) {
  const client = useApolloClient();
  const timeZone = useCompanyTimeZone();
  const { data, error, refetch } = useQuery(FOLLOW_UPS_QUERY, { variables: { clientId: conversation.id } });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FollowUpMessage | null>(null);
  const [removing, setRemoving] = useState(false);

  const reload = () => {
    void refetch().catch(() => undefined);
  };
  // Follow-ups scheduled or removed by someone else (or by the sending job) show up without a reload.
  useEffect(
    () =>
      subscribeRealtime('openClient', ({ client: changed, reason }) => {
        if (changed.id === conversation.id && reason === 'followUp') void refetch().catch(() => undefined);
      }),
    [conversation.id, refetch],
  );

  const remove = async () => {
    if (!deleting) return;
    setRemoving(true);
    try {
      await client.mutate({ mutation: DELETE_FOLLOW_UP_MUTATION, variables: { id: deleting.id } });
      toast.success('Mensaje programado eliminado');
      setDeleting(null);
      reload();
    } catch (failure) {
      handleError(failure);
    } finally {
      setRemoving(false);
    }
  };

  let body: ReactNode;
  if (error) {
    body = <Typography.Text type="danger">{resolveError(error).userMessage}</Typography.Text>;
  } else if (!data) {
    body = <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  } else if (data.followUpMessages.length === 0) {
    body = <Typography.Text type="secondary">No hay mensajes programados</Typography.Text>;
  } else {
    body = (
      <ul className="client-info-followups">
        {data.followUpMessages.map((followUp) => (
          <li key={followUp.id} data-testid="followup-item" className="client-info-followup">
            <div className="client-info-followup-text">
              <Typography.Text strong>{formatDateTime(followUp.sendAt, timeZone)}</Typography.Text>
              <Typography.Paragraph ellipsis={{ rows: 2 }} className="client-info-followup-content">
                {followUp.templateId !== null
                  ? `Plantilla: ${followUp.templateName ?? ''}`
                  : followUp.content || 'Archivo adjunto'}
              </Typography.Paragraph>
              {followUp.agentName && (
                <Typography.Text type="secondary">Por {followUp.agentName}</Typography.Text>
              )}
              {/* Issue 17: a send refused for good (window closed, template withdrawn) stays until dismissed. */}
              {followUp.status === 'failed' && (
                <Typography.Text type="danger" data-testid="followup-failed">
                  {followUp.failureReason ?? FOLLOW_UP_MESSAGES.failed}
                </Typography.Text>
              )}
            </div>
            <div className="client-info-followup-actions">
              {followUp.status !== 'failed' && (
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label="Editar mensaje programado"
                  onClick={() => setEditing({ followUp })}
                />
              )}
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label="Eliminar mensaje programado"
                onClick={() => setDeleting(followUp)}
              />
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <PanelSection
      title="Mensajes programados"
      testId="followup-list"
      extra={
        <Button
          size="small"
          icon={<PlusOutlined />}
          data-testid="followup-create"
          onClick={() => setEditing({ followUp: null })}
        >
          Programar
        </Button>
      }
    >
      {body}
      {editing && (
        <FollowUpModal
          clientId={conversation.id}
          channelId={conversation.channel.id}
          windowExpiresAt={conversation.windowExpiresAt}
          editing={editing.followUp}
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      )}
      <Modal
        open={deleting !== null}
        title="Eliminar mensaje programado"
        okText="Eliminar"
        okButtonProps={{ danger: true }}
        cancelText="Cancelar"
        confirmLoading={removing}
        onOk={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        ¿Seguro que quieres eliminar este mensaje programado? No se enviará.
      </Modal>
    </PanelSection>
  );
}
