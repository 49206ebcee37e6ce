import { Button, Card, Form, Input, Table } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { handleError, handleFormError } from '../../../../lib/errors';
import { ruleFrom } from '../../../../lib/form-rules';
import { toast } from '../../../../lib/toast';
import { actionsColumn } from '../../shared/actionsColumn';
import { ConfigFormModal } from '../../shared/ConfigFormModal';
import { RowActions } from '../../shared/RowActions';
import type { NamedItem } from '../api/company.graphql';

export interface NamedListTexts {
  title: string;
  newButton: string;
  newTitle: string;
  editTitle: string;
  created: string;
  updated: string;
  deleted: string;
  empty: string;
  deleteQuestion: (name: string) => string;
  deleteDescription: string;
}

interface NamedListCardProps {
  texts: NamedListTexts;
  /** The shared rule of the list's names (categoryNameError, locationNameError): the API's words. */
  nameError: (name: string) => string | null;
  items: NamedItem[];
  loading: boolean;
  canWrite: boolean;
  /** Extra columns between the name and the actions (e.g. how many users a location has). */
  extraColumns?: Array<{
    title: string;
    key: string;
    width?: number;
    render: (item: NamedItem) => ReactNode;
  }>;
  onCreate: (name: string) => Promise<unknown>;
  onUpdate: (id: number, name: string) => Promise<unknown>;
  onDelete: (id: number) => Promise<unknown>;
}

/** A company list edited by name alone (02 §3 Location, Category): table, create/edit modal, delete confirmation. */
export function NamedListCard({
  texts,
  nameError,
  items,
  loading,
  canWrite,
  extraColumns = [],
  onCreate,
  onUpdate,
  onDelete,
}: NamedListCardProps) {
  const [editing, setEditing] = useState<NamedItem | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  useEffect(() => {
    if (editing !== null) form.setFieldsValue({ name: editing === 'new' ? '' : editing.name });
  }, [editing, form]);

  async function save({ name }: { name: string }) {
    setSaving(true);
    try {
      if (editing === 'new') await onCreate(name);
      else if (editing) await onUpdate(editing.id, name);
      toast.success(editing === 'new' ? texts.created : texts.updated);
      setEditing(null);
    } catch (cause) {
      handleFormError(form, cause, ['name']);
    } finally {
      setSaving(false);
    }
  }

  async function remove(item: NamedItem) {
    try {
      await onDelete(item.id);
      toast.success(texts.deleted);
    } catch (cause) {
      handleError(cause);
    }
  }

  return (
    <Card
      title={texts.title}
      size="small"
      extra={
        canWrite && (
          <Button type="primary" size="small" onClick={() => setEditing('new')}>
            {texts.newButton}
          </Button>
        )
      }
    >
      <Table<NamedItem>
        rowKey="id"
        size="small"
        loading={loading && items.length === 0}
        dataSource={items}
        pagination={items.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{ emptyText: texts.empty }}
        columns={[
          { title: 'Nombre', dataIndex: 'name', key: 'name' },
          ...extraColumns.map((column) => ({
            title: column.title,
            key: column.key,
            width: column.width,
            render: (_: unknown, item: NamedItem) => column.render(item),
          })),
          ...actionsColumn<NamedItem>(
            canWrite,
            (item) => (
              <RowActions
                onEdit={() => setEditing(item)}
                onDelete={() => remove(item)}
                deleteQuestion={texts.deleteQuestion(item.name)}
                deleteDescription={texts.deleteDescription}
              />
            ),
            190,
          ),
        ]}
      />
      <ConfigFormModal<{ name: string }>
        form={form}
        name={`lista-${texts.title}`}
        open={editing !== null}
        title={editing === 'new' ? texts.newTitle : texts.editTitle}
        saving={saving}
        onSave={save}
        onCancel={() => setEditing(null)}
      >
        <Form.Item name="name" label="Nombre" required rules={[ruleFrom(nameError)]}>
          <Input maxLength={120} autoFocus />
        </Form.Item>
      </ConfigFormModal>
    </Card>
  );
}
