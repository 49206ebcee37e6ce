import { VALIDATION_MESSAGES } from '@crm/shared';
import { Alert, Form, Input, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { handleError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { type MessengerSyncReply, syncMessengerPages } from '../api/spaces.rest';

interface MessengerSyncModalProps {
  onClose: () => void;
  onSynced: () => Promise<unknown>;
}

function summary(reply: MessengerSyncReply): string {
  const parts = [
    reply.created.length > 0 ? `${reply.created.length} página(s) nueva(s)` : null,
    reply.activated.length > 0 ? `${reply.activated.length} reactivada(s)` : null,
    reply.deactivated.length > 0 ? `${reply.deactivated.length} desactivada(s)` : null,
  ].filter(Boolean);
  return parts.length > 0 ? `Páginas sincronizadas: ${parts.join(', ')}.` : 'Tus páginas ya estaban al día.';
}

/**
 * 02 §4 Messenger channel sync. The token is the one Facebook Login gives for the app (or a user token from
 * Meta's Graph API Explorer); the server exchanges it for a long-lived one and connects every Page it manages.
 */
export function MessengerSyncModal({ onClose, onSynced }: MessengerSyncModalProps) {
  const [form] = Form.useForm<{ accessToken: string }>();
  const [running, setRunning] = useState(false);
  const [reply, setReply] = useState<MessengerSyncReply | null>(null);

  const submit = async ({ accessToken }: { accessToken: string }) => {
    setRunning(true);
    try {
      const result = await syncMessengerPages(accessToken.trim());
      setReply(result);
      toast.success(summary(result));
      await onSynced();
    } catch (error) {
      const resolved = handleError(error);
      if (resolved.field === 'accessToken')
        form.setFields([{ name: 'accessToken', errors: [resolved.userMessage] }]);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      open
      title="Sincronizar páginas de Messenger"
      okText={reply ? 'Cerrar' : 'Sincronizar'}
      cancelText="Cancelar"
      confirmLoading={running}
      onOk={() => (reply ? onClose() : form.submit())}
      onCancel={onClose}
      destroyOnHidden
    >
      {reply ? (
        <>
          <Typography.Paragraph>{summary(reply)}</Typography.Paragraph>
          {reply.errors.length > 0 ? (
            <>
              <Alert type="warning" showIcon title="Algunas páginas no se pudieron conectar" />
              <List
                size="small"
                dataSource={reply.errors}
                renderItem={(item) => (
                  <List.Item>
                    <Typography.Text strong>{item.name}</Typography.Text>: {item.message}
                  </List.Item>
                )}
              />
            </>
          ) : null}
        </>
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Typography.Paragraph type="secondary">
            Las páginas nuevas se agregan activas al espacio predeterminado; las que ya no administres se
            desactivan.
          </Typography.Paragraph>
          <Form.Item
            label="Token de acceso de Facebook"
            name="accessToken"
            rules={[{ required: true, whitespace: true, message: VALIDATION_MESSAGES.required }]}
          >
            <Input.Password autoComplete="off" placeholder="EAAG…" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
