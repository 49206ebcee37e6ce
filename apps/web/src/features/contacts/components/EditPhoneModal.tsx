import { useMutation } from '@apollo/client/react';
import { Form, Input, Modal } from 'antd';
import { resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { UPDATE_CLIENT_PHONE } from '../api/contacts.api';

interface EditPhoneModalProps {
  contact: { id: number; number: string | null; name: string | null } | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 02 §5: a contact's phone, normalised by the server and refused when another contact of the channel has it. */
export function EditPhoneModal({ contact, onClose, onSaved }: EditPhoneModalProps) {
  const [form] = Form.useForm<{ phone: string }>();
  const [update, { loading }] = useMutation(UPDATE_CLIENT_PHONE);

  async function submit({ phone }: { phone: string }) {
    if (!contact) return;
    try {
      await update({ variables: { clientId: contact.id, phone } });
      toast.success('Teléfono actualizado');
      onSaved();
    } catch (error) {
      form.setFields([{ name: 'phone', errors: [resolveError(error).userMessage] }]);
    }
  }

  return (
    <Modal
      open={contact !== null}
      title={`Editar teléfono${contact?.name ? ` de ${contact.name}` : ''}`}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ phone: contact?.number?.replace(/^\+/, '') ?? '' }}
      >
        <Form.Item
          name="phone"
          label="Teléfono con código de país"
          rules={[{ required: true, message: 'Escribe el número de teléfono' }]}
        >
          <Input placeholder="Número de teléfono" inputMode="tel" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
