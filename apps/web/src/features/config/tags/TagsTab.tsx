import { useMutation, useQuery } from '@apollo/client/react';
import {
  DEFAULT_TAG_COLOR,
  ERROR_CATALOGUE,
  hasAnyPermission,
  TAG_COLORS,
  TAG_NAME_MAX,
  TAGS_LIMIT,
  tagNameError,
} from '@crm/shared';
import { Button, Form, Input, Radio, Space, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { graphql } from '../../../gql';
import type { ConfigTagsQuery, TagInput } from '../../../gql/graphql';
import { handleErrorAs, handleFormError } from '../../../lib/errors';
import { ruleFrom } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { ColorTag } from '../../layout/components/ColorTag';
import { useSession } from '../../session/hooks/useSession';
import { actionsColumn } from '../shared/actionsColumn';
import { ConfigFormModal } from '../shared/ConfigFormModal';
import { RowActions } from '../shared/RowActions';
import { useConfigEditor } from '../shared/useConfigEditor';

type AdminTag = ConfigTagsQuery['tags'][number];

const TAGS = graphql(`
  query ConfigTags {
    tags {
      id
      name
      color
      isDefault
      clientCount
    }
  }
`);

const CREATE_TAG = graphql(`
  mutation ConfigCreateTag($input: TagInput!) {
    createTag(input: $input) {
      id
    }
  }
`);

const UPDATE_TAG = graphql(`
    mutation ConfigUpdateTag($id: Int!, $input: TagInput!) {
      updateTag(id: $id, input: $input) {
        id
      }
    }
  `);

const DELETE_TAG = graphql(`
  mutation ConfigDeleteTag($id: Int!) {
    deleteTag(id: $id)
  }
`);

/** The form always holds a colour (the palette's first by default). */
type TagForm = TagInput & { color: string };

/** 02 §2 configuration, 'Etiquetas' tab: the company's tags with their conversation counts (issue 6). */
export function TagsTab() {
  const { me } = useSession();
  const canWrite = hasAnyPermission(me.permissions ?? {}, ['writeTags']);
  const { data, loading, error, refetch } = useQuery(TAGS, { fetchPolicy: 'cache-and-network' });
  const [form] = Form.useForm<TagForm>();
  const { editing, setEditing, close, initialValues } = useConfigEditor<AdminTag, TagForm>({
    form,
    canWrite,
    newPath: '/config/new-tag',
    listPath: '/config?tab=tags',
    valuesFor: (tag) =>
      tag === 'new' ? { name: '', color: DEFAULT_TAG_COLOR } : { name: tag.name, color: tag.color },
  });
  const [createTag, creating] = useMutation(CREATE_TAG);
  const [updateTag, updating] = useMutation(UPDATE_TAG);
  const [deleteTag] = useMutation(DELETE_TAG);

  // 02 §8 ERROR_GETTING_TAGS / ERROR_DELETING_TAG when the server names no other reason.
  useEffect(() => {
    if (error) handleErrorAs(error, ERROR_CATALOGUE.ERROR_GETTING_TAGS.userMessage);
  }, [error]);

  const tags = data?.tags ?? [];

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
      handleFormError(form, cause, ['name', 'color']);
    }
  }

  async function remove(tag: AdminTag) {
    try {
      await deleteTag({ variables: { id: tag.id } });
      toast.success('Etiqueta eliminada');
      await refetch();
    } catch (cause) {
      handleErrorAs(cause, ERROR_CATALOGUE.ERROR_DELETING_TAG.userMessage);
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
                <ColorTag color={tag.color}>{tag.name}</ColorTag>
                {tag.isDefault && <Typography.Text type="secondary">Predefinida</Typography.Text>}
              </Space>
            ),
          },
          { title: 'Conversaciones', dataIndex: 'clientCount', key: 'clientCount', width: 140 },
          ...actionsColumn<AdminTag>(canWrite, (tag) =>
            tag.isDefault ? null : (
              <RowActions
                onEdit={() => setEditing(tag)}
                onDelete={() => remove(tag)}
                deleteQuestion={`¿Eliminar la etiqueta «${tag.name}»?`}
                deleteDescription="Se quitará de todas las conversaciones que la tienen."
              />
            ),
          ),
        ]}
      />
      <ConfigFormModal<TagForm>
        form={form}
        open={editing !== null}
        title={editing === 'new' ? 'Nueva etiqueta' : 'Editar etiqueta'}
        saving={creating.loading || updating.loading}
        onSave={save}
        onCancel={close}
        initialValues={initialValues}
      >
        <Form.Item name="name" label="Nombre" required rules={[ruleFrom(tagNameError)]}>
          <Input maxLength={TAG_NAME_MAX} placeholder="Nombre de la etiqueta" />
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
      </ConfigFormModal>
    </Space>
  );
}
