import { useMutation } from '@apollo/client/react';
import { EMPTY_PHONE, fullPhone, type PhoneValue, validateName, validatePhoneValue } from '@crm/shared';
import { Form, Input, Modal, Select } from 'antd';
import { handleError, resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { CREATE_CLIENT } from '../api/contacts.api';
import { PhoneField } from './PhoneField';

export interface ChannelOption {
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

type FieldName = keyof FormValues;
const FORM_FIELDS: readonly FieldName[] = ['channelId', 'phone', 'name'];
const formField = (field: string | undefined): FieldName | null =>
  FORM_FIELDS.find((name) => name === field) ?? null;

/** 02 §7 createClient: a contact from a phone number in one of the space's phone channels. */
export function CreateContactModal({ open, channels, onClose, onCreated }: CreateContactModalProps) {
  const [form] = Form.useForm<FormValues>();
  const [create, { loading }] = useMutation(CREATE_CLIENT);

  async function submit(values: FormValues) {
    try {
      await create({
        variables: {
          input: {
            channelId: values.channelId,
            phone: fullPhone(values.phone),
            name: values.name?.trim() || null,
          },
        },
      });
      toast.success('Contacto creado exitosamente');
      onCreated();
    } catch (error) {
      const resolved = resolveError(error);
      // PHONE_ALREADY_USED ('Ya existe un contacto con ese teléfono en este canal.') and 400s name their field.
      const field = formField(resolved.field);
      if (field) form.setFields([{ name: field, errors: [resolved.userMessage] }]);
      else if (resolved.code === 'PHONE_ALREADY_USED')
        form.setFields([{ name: 'phone', errors: [resolved.userMessage] }]);
      else handleError(error);
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
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ phone: EMPTY_PHONE, channelId: channels[0]?.id }}
        preserve={false}
      >
        <Form.Item
          name="channelId"
          label="Canal"
          rules={[{ required: true, message: 'Selecciona un canal' }]}
        >
          <Select
            options={channels.map((c) => ({ value: c.id, label: c.name }))}
            placeholder="Selecciona un canal"
            notFoundContent="No hay canales de WhatsApp o SMS en este espacio"
          />
        </Form.Item>
        <Form.Item
          name="phone"
          label="Teléfono"
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
        <Form.Item
          name="name"
          label="Nombre (opcional)"
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const problem = value?.trim() ? validateName(value) : null;
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input maxLength={200} placeholder="Nombre del contacto" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
