import { useMutation } from '@apollo/client/react';
import {
  EMPTY_PHONE,
  formatPhone,
  fullPhone,
  type PhoneValue,
  splitPhone,
  validatePhoneValue,
} from '@crm/shared';
import { Form, Modal, Typography } from 'antd';
import { handleError, resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { UPDATE_CLIENT_PHONE } from '../api/contacts.api';
import { PhoneField } from './PhoneField';

interface EditPhoneModalProps {
  contact: { id: number; number: string | null; nameFromChannel: string | null } | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 02 §5: a contact's phone (only with canSeePhoneNumber), normalised by the server and refused, with nothing
 * changed, when another contact of the same channel has it (PHONE_ALREADY_USED).
 */
export function EditPhoneModal({ contact, onClose, onSaved }: EditPhoneModalProps) {
  const [form] = Form.useForm<{ phone: PhoneValue }>();
  const [update, { loading }] = useMutation(UPDATE_CLIENT_PHONE);

  async function submit({ phone }: { phone: PhoneValue }) {
    if (!contact) return;
    try {
      await update({ variables: { clientId: contact.id, phone: fullPhone(phone) } });
      toast.success('Teléfono actualizado');
      onSaved();
    } catch (error) {
      const resolved = resolveError(error);
      if (resolved.code === 'PHONE_ALREADY_USED' || resolved.field === 'phone') {
        form.setFields([{ name: 'phone', errors: [resolved.userMessage] }]);
      } else {
        handleError(error);
      }
    }
  }

  return (
    <Modal
      open={contact !== null}
      title="Editar teléfono"
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {contact?.number ? (
        <Typography.Paragraph type="secondary">
          Teléfono actual{contact.nameFromChannel ? ` de ${contact.nameFromChannel}` : ''}:{' '}
          {formatPhone(contact.number)}
        </Typography.Paragraph>
      ) : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        preserve={false}
        initialValues={{ phone: splitPhone(contact?.number) ?? EMPTY_PHONE }}
      >
        <Form.Item
          name="phone"
          label="Nuevo teléfono"
          rules={[
            {
              validator: (_rule, value: PhoneValue | undefined) => {
                const problem = validatePhoneValue(value);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <PhoneField />
        </Form.Item>
      </Form>
    </Modal>
  );
}
