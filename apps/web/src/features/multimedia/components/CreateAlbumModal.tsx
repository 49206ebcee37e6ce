import { albumNameError } from '@crm/shared';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import type { AlbumView } from '../api/multimedia.graphql';
import { createAlbum } from '../api/multimedia.rest';

interface CreateAlbumModalProps {
  open: boolean;
  spaceId: number | null;
  parentId: number | null;
  onClose: () => void;
  onCreated: (album: AlbumView) => void;
}

/** 01 §2.9: the create-album modal asks for a name ('Nombre obligatorio'). */
export function CreateAlbumModal({ open, spaceId, parentId, onClose, onCreated }: CreateAlbumModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const title = parentId === null ? 'Nuevo álbum' : 'Nuevo subálbum';

  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      const album = await createAlbum({ name: name.trim(), spaceId, parentId });
      toast.success(`Álbum ${album.name} creado`);
      form.resetFields();
      onCreated(album);
    } catch (error) {
      // 01 §8 'Album creation: toast with a translated message'; the field shows it too.
      const resolved = handleError(error);
      if (ApiError.is(error) && error.field === 'name')
        form.setFields([{ name: 'name', errors: [resolved.userMessage] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText="Crear"
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
          label="Nombre del álbum"
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const error = albumNameError(value);
                if (error) throw new Error(error);
              },
            },
          ]}
        >
          <Input autoFocus maxLength={100} placeholder="Ej. Catálogo de temporada" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
