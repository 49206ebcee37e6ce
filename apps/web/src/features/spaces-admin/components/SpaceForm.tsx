import { PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { SPACE_IMAGE_MIME_TYPES, SPACE_NAME_MAX, userMessageFor, validateSpaceDraft } from '@crm/shared';
import { Alert, Button, Card, Form, Input, Select, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { handleError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { ImagePickerField } from '../../layout/components/ImagePickerField';
import { PageHeader } from '../../layout/components/PageHeader';
import { useImagePick } from '../../layout/hooks/useImagePick';
import { useSession } from '../../session/hooks/useSession';
import { saveSpace } from '../api/spaces.rest';
import { EDITED_SPACE_QUERY, SPACE_CHANNELS_QUERY } from '../api/spacesAdmin.graphql';
import { channelPlatformLabel } from '../channelDisplay';
import '../spacesAdmin.css';

interface FormValues {
  name: string;
  channelIds: number[];
}

/** /spaces/new, and /spaces/new?id=N to edit: name, optional image and at least one channel (02 §5). */
export function SpaceForm({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const { refetchMe } = useSession();
  const [form] = Form.useForm<FormValues>();
  const imagePick = useImagePick(SPACE_IMAGE_MIME_TYPES);
  const [removeImage, setRemoveImage] = useState(false);
  const [saving, setSaving] = useState(false);
  const editing = id !== null;
  const channelsQuery = useQuery(SPACE_CHANNELS_QUERY);
  const existing = useQuery(EDITED_SPACE_QUERY, { variables: { id: id ?? 0 }, skip: !editing });
  const space = existing.data?.space ?? null;

  useEffect(() => {
    if (!space) return;
    form.setFieldsValue({ name: space.name, channelIds: space.channels.map((c) => c.id) });
  }, [space, form]);

  useEffect(() => {
    const error = channelsQuery.error ?? existing.error;
    if (error) handleError(error);
  }, [channelsQuery.error, existing.error]);

  const options = useMemo(
    () =>
      (channelsQuery.data?.channels ?? []).map((channel) => ({
        value: channel.id,
        label: `${channel.name} · ${channelPlatformLabel(channel.platform)}${channel.isActive ? '' : ' (inactivo)'}`,
      })),
    [channelsQuery.data],
  );

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      const saved = await saveSpace(id, {
        name: values.name,
        channelIds: values.channelIds ?? [],
        image: imagePick.image,
        removeImage,
      });
      toast.success(editing ? `Se actualizó el espacio ${saved.name}` : `Se creó el espacio ${saved.name}`);
      // The top bar's space switcher lists the new name at once.
      await refetchMe();
      navigate('/spaces');
    } catch (error) {
      const resolved = handleError(error);
      if (resolved.field === 'spaceName') form.setFields([{ name: 'name', errors: [resolved.userMessage] }]);
      if (resolved.field === 'channels' || resolved.field === 'newChannels')
        form.setFields([{ name: 'channelIds', errors: [resolved.userMessage] }]);
      if (resolved.field === 'file') imagePick.setError(resolved.userMessage);
    } finally {
      setSaving(false);
    }
  };

  const title = editing ? 'Editar espacio' : 'Nuevo espacio';
  const savedImage = space?.imageUrl && !removeImage ? space.imageUrl : null;

  if (editing && space?.isDefault) {
    return (
      <div className="page">
        <PageHeader title={title} />
        <Alert type="info" showIcon title={userMessageFor('DEFAULT_SPACE_CANNOT_BE_MODIFIED')} />
      </div>
    );
  }

  return (
    <div className="page">
      <PageHeader
        title={title}
        description="Un espacio agrupa canales; necesita un nombre y al menos un canal."
      />
      <Card>
        {(editing && existing.loading) || channelsQuery.loading ? (
          <Skeleton active />
        ) : (
          <Form<FormValues>
            form={form}
            layout="vertical"
            className="space-form"
            initialValues={{ name: '', channelIds: [] }}
            onFinish={submit}
            requiredMark={false}
          >
            <Form.Item
              label="Nombre del espacio"
              name="name"
              rules={[
                {
                  validator: async (_, value: string) => {
                    const problem = validateSpaceDraft({ name: value, channelIds: [0] });
                    if (problem) throw new Error(problem.message);
                  },
                },
              ]}
            >
              <Input maxLength={SPACE_NAME_MAX} placeholder="Ventas" autoComplete="off" />
            </Form.Item>
            <Form.Item
              label="Canales"
              name="channelIds"
              rules={[
                {
                  validator: async (_, value: number[] | undefined) => {
                    const problem = validateSpaceDraft({ name: 'x', channelIds: value ?? [] });
                    if (problem) throw new Error(problem.message);
                  },
                },
              ]}
            >
              <Select
                mode="multiple"
                options={options}
                placeholder="Selecciona los canales del espacio"
                optionFilterProp="label"
                notFoundContent="No hay canales"
                data-testid="space-channels-select"
              />
            </Form.Item>
            <ImagePickerField
              label="Imagen (opcional)"
              pick={imagePick}
              savedUrl={savedImage}
              onRemoveSaved={() => setRemoveImage(true)}
              shape="square"
              icon={<PictureOutlined />}
              noun="imagen"
              inputTestId="space-image-input"
            />
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                Guardar
              </Button>
              <Link to="/spaces">
                <Button>Cancelar</Button>
              </Link>
            </Space>
          </Form>
        )}
      </Card>
    </div>
  );
}
