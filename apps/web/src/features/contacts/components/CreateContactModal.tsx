import { useMutation } from '@apollo/client/react';
import { Form, Input, Modal, Select } from 'antd';
import { handleError, resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { CREATE_CLIENT } from '../api/contacts.api';
import { fullPhone, PhoneField, type PhoneValue } from './PhoneField';

interface ChannelOption {
  id: number;
  name: string;
}

interface CreateContactModalProps {
  open: boolean;
  channels: ChannelOption[];
  onClose: () => void;
  onCreated: () => void;
}

interface FormValues {
  channelId: number;
  phone: PhoneValue;
  name?: string;
}

/** 02 §8 createClient: a contact from a phone number and a channel. */
export function CreateContactModal({ open, channels, onClose, onCreated }: CreateContactModalProps) {
  const [form] = Form.useForm<FormValues>();
  const [create, { loading }] = useMutation(CREATE_CLIENT);

  async function submit(values: FormValues) {
    try {
      await create({
        variables: {
          input: { channelId: values.channelId, phone: fullPhone(values.phone), name: values.name || null },
        },
      });
      toast.success('Contacto creado exitosamente');
      form.resetFields();
      onCreated();
    } catch (error) {
      const resolved = resolveError(error);
      const field =
        resolved.field === 'channelId' ? 'channelId' : resolved.field === 'name' ? 'name' : 'phone';
      if (resolved.field || resolved.code === 'PHONE_ALREADY_USED') {
        form.setFields([{ name: field, errors: [resolved.userMessage] }]);
      } else {
        handleError(error);
      }
    }
  }

  return (
    <Modal
      open={open}
      title="Crear contacto"
      okText="Crear"
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
        initialValues={{ phone: { country: '52', number: '' }, channelId: channels[0]?.id }}
      >
        <Form.Item
          name="channelId"
          label="Canal"
          rules={[{ required: true, message: 'Selecciona un canal' }]}
        >
          <Select
            options={channels.map((c) => ({ value: c.id, label: c.name }))}
            placeholder="Selecciona un canal"
          />
        </Form.Item>
        <Form.Item
          name="phone"
          label="Teléfono"
          rules={[
            {
              validator: (_rule, value: PhoneValue | undefined) =>
                value && value.number.replace(/\D/g, '').length >= 6
                  ? Promise.resolve()
                  : Promise.reject(new Error('Escribe el número de teléfono')),
            },
          ]}
        >
          <PhoneField />
        </Form.Item>
        <Form.Item name="name" label="Nombre (opcional)">
          <Input maxLength={200} placeholder="Nombre del contacto" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
