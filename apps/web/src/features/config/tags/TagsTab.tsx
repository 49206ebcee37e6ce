import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { DEFAULT_TAG_COLOR, hasAnyPermission, TAG_COLORS, TAGS_LIMIT } from '@crm/shared';
import { Button, Form, Input, Modal, Popconfirm, Radio, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { handleError, resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useSession } from '../../session/hooks/useSession';

interface AdminTag {
  id: number;
  name: string;
  color: string;
  isDefault: boolean;
  clientCount: number;
}

const TAGS: TypedDocumentNode<{ tags: AdminTag[] }, Record<string, never>> = gql`
  query ConfigTags {
    tags {
      id
      name
      color
      isDefault
      clientCount
    }
  }
`;

const CREATE_TAG: TypedDocumentNode<{ createTag: AdminTag }, { input: { name: string; color: string } }> =
  gql`
  mutation ConfigCreateTag($input: TagInput!) {
    createTag(input: $input) {
      id
    }
  }
`;

const UPDATE_TAG: TypedDocumentNode<
  { updateTag: AdminTag },
  { id: number; input: { name: string; color: string } }
> = gql`
    mutation ConfigUpdateTag($id: Int!, $input: TagInput!) {
      updateTag(id: $id, input: $input) {
        id
      }
    }
  `;

const DELETE_TAG: TypedDocumentNode<{ deleteTag: boolean }, { id: number }> = gql`
  mutation ConfigDeleteTag($id: Int!) {
    deleteTag(id: $id)
  }
`;

interface TagForm {
  name: string;
  color: string;
}

/** 02 §2 configuration, 'Etiquetas' tab: the company's tags with their conversation counts (issue 6). */
export function TagsTab() {
  const { me } = useSession();
  const canWrite = hasAnyPermission(me.permissions ?? {}, ['writeTags']);
  const location = useLocation();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(TAGS, { fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<AdminTag | 'new' | null>(
    location.pathname === '/config/new-tag' && canWrite ? 'new' : null,
  );
  const [form] = Form.useForm<TagForm>();
  const [createTag, creating] = useMutation(CREATE_TAG);
  const [updateTag, updating] = useMutation(UPDATE_TAG);
  const [deleteTag] = useMutation(DELETE_TAG);

  useEffect(() => {
    if (error) handleError(error);
  }, [error]);

  // One form store serves every opening: load the values of what is being edited each time.
  useEffect(() => {
    if (editing === null) return;
    form.setFieldsValue(
      editing === 'new'
        ? { name: '', color: DEFAULT_TAG_COLOR }
        : { name: editing.name, color: editing.color },
    );
  }, [editing, form]);

  const tags = data?.tags ?? [];

  function close() {
    setEditing(null);
    if (location.pathname === '/config/new-tag') navigate('/config?tab=tags', { replace: true });
  }

  async function save(values: TagForm) {
    try {
      if (editing === 'new') {
        await createTag({ variables: { input: values } });
        toast.success('Etiqueta creada');
      } else if (editing) {
        await updateTag({ variables: { id: editing.id, input: values } });
        toast.success('Etiqueta actualizada');
      }
      close();
      await refetch();
    } catch (cause) {
      const resolved = resolveError(cause);
      if (resolved.field === 'name' || resolved.field === 'color') {
        form.setFields([{ name: resolved.field, errors: [resolved.userMessage] }]);
      } else {
        handleError(cause);
      }
    }
  }

  async function remove(tag: AdminTag) {
    try {
      await deleteTag({ variables: { id: tag.id } });
      toast.success('Etiqueta eliminada');
      await refetch();
    } catch (cause) {
      handleError(cause);
    }
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">
          {tags.length} de {TAGS_LIMIT} etiquetas
        </Typography.Text>
        {canWrite && (
          <Button type="primary" disabled={tags.length >= TAGS_LIMIT} onClick={() => setEditing('new')}>
            Nueva etiqueta
          </Button>
        )}
      </Space>
      <Table<AdminTag>
        rowKey="id"
        size="small"
        loading={loading && tags.length === 0}
        dataSource={tags}
        pagination={false}
        columns={[
          {
            title: 'Etiqueta',
            key: 'name',
            render: (_: unknown, tag) => (
              <Space>
                <Tag color={tag.color}>{tag.name}</Tag>
                {tag.isDefault && <Typography.Text type="secondary">Predefinida</Typography.Text>}
              </Space>
            ),
          },
          { title: 'Conversaciones', dataIndex: 'clientCount', key: 'clientCount', width: 140 },
          ...(canWrite
            ? [
                {
                  title: '',
                  key: 'actions',
                  width: 200,
                  render: (_: unknown, tag: AdminTag) =>
                    tag.isDefault ? null : (
                      <Space>
                        <Button size="small" onClick={() => setEditing(tag)}>
                          Editar
                        </Button>
                        <Popconfirm
                          title={`¿Eliminar la etiqueta «${tag.name}»?`}
                          description="Se quitará de todas las conversaciones que la tienen."
                          okText="Eliminar"
                          cancelText="Cancelar"
                          onConfirm={() => remove(tag)}
                        >
                          <Button size="small" danger>
                            Eliminar
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'Nueva etiqueta' : 'Editar etiqueta'}
        okText="Guardar"
        cancelText="Cancelar"
        confirmLoading={creating.loading || updating.loading}
        onOk={() => form.submit()}
        onCancel={close}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={save}
          initialValues={
            editing && editing !== 'new'
              ? { name: editing.name, color: editing.color }
              : { name: '', color: DEFAULT_TAG_COLOR }
          }
        >
          <Form.Item
            name="name"
            label="Nombre"
            rules={[
              { required: true, whitespace: true, message: 'El nombre de la etiqueta no puede estar vacío.' },
            ]}
          >
            <Input maxLength={50} placeholder="Nombre de la etiqueta" />
          </Form.Item>
          <Form.Item name="color" label="Color">
            <Radio.Group>
              {TAG_COLORS.map((color) => (
                <Radio key={color} value={color} aria-label={`Color ${color}`}>
                  <span
                    style={{
                      display: 'inline-block',
                      width: 18,
                      height: 18,
                      borderRadius: 9,
                      background: color,
                      verticalAlign: 'middle',
                    }}
                  />
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
