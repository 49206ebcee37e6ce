import { validateAlbumName, validateFacebookVideoUrl } from '@crm/shared';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { addVideoByUrl } from '../api/multimedia.rest';

interface VideoUrlModalProps {
  open: boolean;
  albumId: number;
  onClose: () => void;
  onAdded: () => void;
}

/** 01 §7: a video by URL; 02 §5 'Debe ser una url de facebook'. */
export function VideoUrlModal({ open, albumId, onClose, onAdded }: VideoUrlModalProps) {
  const [form] = Form.useForm<{ name: string; url: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ name, url }: { name: string; url: string }) => {
    setSaving(true);
    try {
      await addVideoByUrl(albumId, name.trim(), url.trim());
      toast.success('Video agregado');
      form.resetFields();
      onAdded();
    } catch (error) {
      const resolved = handleError(error);
      const field = ApiError.is(error) ? error.field : undefined;
      if (field === 'url' || field === 'name')
        form.setFields([{ name: field, errors: [resolved.userMessage] }]);
      if (field === 'files') form.setFields([{ name: 'name', errors: [resolved.userMessage] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Agregar video por URL"
      okText="Agregar"
      cancelText="Cancelar"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="name"
          label="Nombre"
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const error = validateAlbumName(value);
                if (error) throw new Error(error);
              },
            },
          ]}
        >
          <Input maxLength={255} placeholder="Ej. Presentación del producto" />
        </Form.Item>
        <Form.Item
          name="url"
          label="URL del video"
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const error = validateFacebookVideoUrl(value);
                if (error) throw new Error(error);
              },
            },
          ]}
        >
          <Input type="url" placeholder="https://www.facebook.com/…" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
