import { useMutation, useQuery } from '@apollo/client/react';
import {
  DATASHEET_FIELD_NAME_MAX,
  type DatasheetFieldType,
  datasheetFieldNameError,
  datasheetListOptions,
  hasAnyPermission,
  isDatasheetFieldType,
} from '@crm/shared';
import { Button, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useEffect } from 'react';
import { graphql } from '../../../gql';
import type { ConfigDatasheetFieldsQuery, DatasheetFieldInputModel } from '../../../gql/graphql';
import { handleError, resolveError } from '../../../lib/errors';
import { ruleFrom } from '../../../lib/form-rules';
import { sendRequest } from '../../../lib/multipart';
import { toast } from '../../../lib/toast';
import { useSession } from '../../session/hooks/useSession';
import { actionsColumn } from '../shared/actionsColumn';
import { ConfigFormModal } from '../shared/ConfigFormModal';
import { RowActions } from '../shared/RowActions';
import { useConfigEditor } from '../shared/useConfigEditor';

type Field = ConfigDatasheetFieldsQuery['datasheetFields'][number];

type FieldForm = DatasheetFieldInputModel;

// Keyed by the shared type list: a type added there without a label here fails the build.
export const FIELD_TYPE_LABELS: Record<DatasheetFieldType, string> = {
  string: 'Texto',
  number: 'Número',
  date: 'Fecha',
  boolean: 'Sí / No',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  list: 'Lista de opciones',
};

const FIELDS = graphql(`
  query ConfigDatasheetFields {
    datasheetFields {
      id
      name
      type
      options
      isDefault
    }
  }
`);

const CREATE = graphql(`
  mutation ConfigCreateDatasheetField($input: DatasheetFieldInputModel!) {
    createDatasheetField(input: $input) {
      id
    }
  }
`);

const UPDATE = graphql(`
  mutation ConfigUpdateDatasheetField($id: Int!, $input: DatasheetFieldInputModel!) {
    updateDatasheetField(id: $id, input: $input) {
      id
    }
  }
`);

/** 02 §2 configuration, 'Datos de contacto': the extra fields every contact can carry (issue 6). */
/** The list's choices checked as the API checks them (datasheetListOptions): at least one, each and all capped. */
const optionsRule: RuleObject = {
  validator: (_rule, value: unknown) => {
    const checked = datasheetListOptions(Array.isArray(value) ? value.map(String) : []);
    return checked.ok ? Promise.resolve() : Promise.reject(new Error(checked.error));
  },
};

export function DatasheetTab() {
  const { me } = useSession();
  const canWrite = hasAnyPermission(me.permissions ?? {}, ['writeDataSheetConfiguration']);
  const { data, loading, error, refetch } = useQuery(FIELDS, { fetchPolicy: 'cache-and-network' });
  const [form] = Form.useForm<FieldForm>();
  const { editing, setEditing, close, initialValues } = useConfigEditor<Field, FieldForm>({
    form,
    canWrite,
    newPath: '/config/new-datasheet',
    listPath: '/config?tab=datasheet',
    valuesFor: (field) =>
      field === 'new'
        ? { name: '', type: 'string', options: [] }
        : { name: field.name, type: field.type, options: field.options },
  });
  const type = Form.useWatch('type', form);
  const [create, creating] = useMutation(CREATE);
  const [update, updating] = useMutation(UPDATE);

  useEffect(() => {
    if (error) handleError(error);
  }, [error]);

  async function save(values: FieldForm) {
    const input = {
      name: values.name,
      type: values.type,
      options: values.type === 'list' ? (values.options ?? []) : [],
    };
    try {
      if (editing === 'new') await create({ variables: { input } });
      else if (editing) await update({ variables: { id: editing.id, input } });
      toast.success(editing === 'new' ? 'Campo creado' : 'Campo actualizado');
      close();
      await refetch();
    } catch (cause) {
      const resolved = resolveError(cause);
      const field = resolved.field === 'type' || resolved.field === 'options' ? resolved.field : 'name';
      if (resolved.field || resolved.code === 'ERROR_DATASHEETFIELD_NAME') {
        form.setFields([{ name: field, errors: [resolved.userMessage] }]);
      } else {
        handleError(cause);
      }
    }
  }

  async function remove(field: Field) {
    try {
      await sendRequest({ method: 'DELETE', path: `/datasheetConfiguration/${field.id}`, body: {} });
      toast.success('Campo eliminado');
      await refetch();
    } catch (cause) {
      handleError(cause);
    }
  }

  const fields = data?.datasheetFields ?? [];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {canWrite && (
        <div style={{ textAlign: 'right' }}>
          <Button type="primary" onClick={() => setEditing('new')}>
            Nuevo campo
          </Button>
        </div>
      )}
      <Table<Field>
        rowKey="id"
        size="small"
        loading={loading && fields.length === 0}
        dataSource={fields}
        pagination={false}
        locale={{ emptyText: 'Aún no hay campos' }}
        columns={[
          {
            title: 'Campo',
            key: 'name',
            render: (_: unknown, field) => (
              <Space>
                {field.name}
                {field.isDefault && <Typography.Text type="secondary">Predefinido</Typography.Text>}
              </Space>
            ),
          },
          {
            title: 'Tipo',
            key: 'type',
            render: (_: unknown, field) =>
              isDatasheetFieldType(field.type) ? FIELD_TYPE_LABELS[field.type] : field.type,
          },
          {
            title: 'Opciones',
            key: 'options',
            render: (_: unknown, field) => field.options.map((option) => <Tag key={option}>{option}</Tag>),
          },
          ...actionsColumn<Field>(canWrite, (field) =>
            field.isDefault ? null : (
              <RowActions
                onEdit={() => setEditing(field)}
                onDelete={() => remove(field)}
                deleteQuestion={`¿Eliminar el campo «${field.name}»?`}
                deleteDescription="Se borrará también el valor que tenga cada contacto."
              />
            ),
          ),
        ]}
      />
      <ConfigFormModal<FieldForm>
        form={form}
        open={editing !== null}
        title={editing === 'new' ? 'Nuevo campo' : 'Editar campo'}
        saving={creating.loading || updating.loading}
        onSave={save}
        onCancel={close}
        initialValues={initialValues}
      >
        <Form.Item name="name" label="Nombre" required rules={[ruleFrom(datasheetFieldNameError)]}>
          <Input maxLength={DATASHEET_FIELD_NAME_MAX} placeholder="Nombre del campo" />
        </Form.Item>
        <Form.Item name="type" label="Tipo">
          <Select
            options={Object.entries(FIELD_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            aria-label="Tipo"
          />
        </Form.Item>
        {type === 'list' && (
          <Form.Item name="options" label="Opciones" required rules={[optionsRule]}>
            <Select mode="tags" placeholder="Escribe una opción y pulsa Enter" aria-label="Opciones" />
          </Form.Item>
        )}
      </ConfigFormModal>
    </Space>
  );
}
