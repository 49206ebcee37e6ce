import { useMutation, useQuery } from '@apollo/client/react';
import {
  hasAnyPermission,
  PERMISSION_GROUPS,
  ROLE_MESSAGES,
  ROLE_NAME_MAX,
  ROLE_NAMES,
  roleLabel,
  roleNameError,
} from '@crm/shared';
import { Button, Checkbox, Col, Form, Input, Row, Space, Table, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { graphql } from '../../../gql';
import type { ConfigRolesQuery, RoleInput } from '../../../gql/graphql';
import { handleError, handleFormError } from '../../../lib/errors';
import { ruleFrom } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { useSession } from '../../session/hooks/useSession';
import { actionsColumn } from '../shared/actionsColumn';
import { ConfigFormModal } from '../shared/ConfigFormModal';
import { RowActions } from '../shared/RowActions';
import { useConfigEditor } from '../shared/useConfigEditor';

type Role = ConfigRolesQuery['roles'][number];

const ROLES = graphql(`
  query ConfigRoles {
    roles {
      id
      name
      permissions
      userCount
      isSuperadmin
      isAdmin
    }
  }
`);

const CREATE = graphql(`
  mutation ConfigCreateRole($input: RoleInput!) {
    createRole(input: $input) {
      id
    }
  }
`);

const UPDATE = graphql(`
  mutation ConfigUpdateRole($id: Int!, $input: RoleInput!) {
    updateRole(id: $id, input: $input) {
      id
    }
  }
`);

const DELETE = graphql(`
  mutation ConfigDeleteRole($id: Int!) {
    deleteRole(id: $id)
  }
`);

const LABELS = new Map<string, string>(
  PERMISSION_GROUPS.flatMap((g) => g.permissions.map(([n, l]) => [n, l])),
);
// The default roles keep their names (the API ignores a rename of them): the field is read-only for them.
const DEFAULT_ROLE_NAMES: ReadonlySet<string> = new Set(Object.values(ROLE_NAMES));

/** 02 §2 configuration, 'Roles' (issue 6): the company's roles and what each may do. */
interface PermissionsChecklistProps {
  id?: string;
  value?: PermissionName[];
  onChange?: (value: PermissionName[]) => void;
}

/**
 * The role's permissions as a named group of checkboxes. Form.Item marks its control aria-required, which no checkbox
 * group may carry (axe-core: aria-allowed-attr, critical): this control takes only the value, its change and its id.
 */
function PermissionsChecklist({ id, value, onChange }: PermissionsChecklistProps) {
  return (
    <fieldset id={id} aria-label="Permisos" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Checkbox.Group value={value} onChange={onChange} style={{ width: '100%' }}>
        <Row gutter={[16, 8]}>
          {PERMISSION_GROUPS.map((group) => (
            <Col span={12} key={group.title}>
              <Typography.Text strong>{group.title}</Typography.Text>
              {group.permissions.map(([name, label]) => (
                <div key={name}>
                  <Checkbox value={name}>{label}</Checkbox>
                </div>
              ))}
            </Col>
          ))}
        </Row>
      </Checkbox.Group>
    </fieldset>
  );
}

export function RolesTab() {
  const { me, refetchMe } = useSession();
  const canWrite = hasAnyPermission(me.permissions ?? {}, ['writeRols']);
  const { data, loading, error, refetch } = useQuery(ROLES, { fetchPolicy: 'cache-and-network' });
  const [form] = Form.useForm<RoleInput>();
  const { editing, setEditing, close, initialValues } = useConfigEditor<Role, RoleInput>({
    form,
    canWrite,
    newPath: '/config/new-rol',
    listPath: '/config?tab=roles',
    valuesFor: (role) =>
      role === 'new'
        ? { name: '', permissions: ['readChat'] }
        : { name: role.name, permissions: role.permissions },
  });
  const [create, creating] = useMutation(CREATE);
  const [update, updating] = useMutation(UPDATE);
  const [remove] = useMutation(DELETE);

  useEffect(() => {
    if (error) handleError(error);
  }, [error]);

  async function save(values: RoleInput) {
    try {
      if (editing === 'new') await create({ variables: { input: values } });
      else if (editing) await update({ variables: { id: editing.id, input: values } });
      toast.success(editing === 'new' ? 'Rol creado' : 'Rol actualizado');
      close();
      await refetch();
      // The caller's own role may be the one that changed.
      await refetchMe();
    } catch (cause) {
      handleFormError(form, cause, ['name', 'permissions']);
    }
  }

  async function destroy(role: Role) {
    try {
      await remove({ variables: { id: role.id } });
      toast.success('Rol eliminado');
      await refetch();
    } catch (cause) {
      handleError(cause);
    }
  }

  const roles = data?.roles ?? [];
  const fixedName = editing !== null && editing !== 'new' && DEFAULT_ROLE_NAMES.has(editing.name);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {canWrite && (
        <div style={{ textAlign: 'right' }}>
          <Button type="primary" onClick={() => setEditing('new')}>
            Nuevo rol
          </Button>
        </div>
      )}
      <Table<Role>
        rowKey="id"
        size="small"
        loading={loading && roles.length === 0}
        dataSource={roles}
        pagination={false}
        columns={[
          { title: 'Rol', dataIndex: 'name', key: 'name', render: (name: string) => roleLabel(name) },
          {
            title: 'Permisos',
            key: 'permissions',
            render: (_: unknown, role) =>
              role.permissions.map((p) => (
                <Tag key={p} style={{ marginBottom: 4 }}>
                  {LABELS.get(p) ?? p}
                </Tag>
              )),
          },
          { title: 'Usuarios', dataIndex: 'userCount', key: 'userCount', width: 100 },
          ...actionsColumn<Role>(canWrite, (role) => (
            <RowActions
              onEdit={role.isSuperadmin ? undefined : () => setEditing(role)}
              onDelete={role.isAdmin ? undefined : () => destroy(role)}
              deleteQuestion={`¿Eliminar el rol «${roleLabel(role.name)}»?`}
              deleteDisabled={role.userCount > 0}
            />
          )),
        ]}
      />
      <ConfigFormModal<RoleInput>
        form={form}
        open={editing !== null}
        width={760}
        title={editing === 'new' ? 'Nuevo rol' : 'Editar rol'}
        saving={creating.loading || updating.loading}
        onSave={save}
        onCancel={close}
        initialValues={initialValues}
      >
        <Form.Item name="name" label="Nombre" required rules={[ruleFrom(roleNameError)]}>
          <Input maxLength={ROLE_NAME_MAX} placeholder="Nombre del rol" disabled={fixedName} />
        </Form.Item>
        <Form.Item
          name="permissions"
          label="Permisos"
          rules={[
            {
              required: true,
              type: 'array',
              min: 1,
              message: ROLE_MESSAGES.permissionsRequired,
            },
          ]}
          extra="«Ver el chat» se agrega siempre."
        >
          <PermissionsChecklist />
        </Form.Item>
      </ConfigFormModal>
    </Space>
  );
}
