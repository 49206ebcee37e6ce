import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import {
  defaultWorkingHours,
  EMPTY_PHONE,
  fullPhone,
  type PhoneValue,
  ROLE_NAMES,
  roleLabel,
  SPACE_IMAGE_MIME_TYPES,
  splitPhone,
  TEAM_MESSAGES,
  USER_NAME_MAX,
  userMessageFor,
  validateEmail,
  validateName,
  validatePassword,
  validatePasswordConfirmation,
  validatePhoneValue,
  validateWorkingHours,
  type WorkingHours,
} from '@crm/shared';
import { Alert, Button, Card, Divider, Form, Input, Select, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { handleError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { PhoneField } from '../../contacts/components/PhoneField';
import { ImagePickerField } from '../../layout/components/ImagePickerField';
import { PageHeader } from '../../layout/components/PageHeader';
import { useImagePick } from '../../layout/hooks/useImagePick';
import { useSession } from '../../session/hooks/useSession';
import { TEAM_FORM_QUERY } from '../api/team.graphql';
import { saveTeamUser } from '../api/team.rest';
import { administersOthers, editableHours } from '../teamForm';
import { WorkingHoursEditor } from './WorkingHoursEditor';
import '../teamAdmin.css';

interface FormValues {
  name: string;
  email: string;
  phone: PhoneValue;
  roleId: number | undefined;
  password: string;
  passwordConfirmation: string;
  spaceIds: number[];
  adminOfIds: number[];
  locationId: number | undefined;
  categoryIds: number[];
}

// The server names its fields as 02 §5 does; the form's own names differ for a few.
const FORM_FIELD: Record<string, keyof FormValues> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  rolId: 'roleId',
  password: 'password',
  spacesIds: 'spaceIds',
  isAdminOfIds: 'adminOfIds',
  locationId: 'locationId',
  categoriesIds: 'categoryIds',
};

function asRule(check: (value: string) => string | null) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const problem = check(value ?? '');
      if (problem) throw new Error(problem);
    },
  };
}

/** /users/new, and /users/new?id=N to edit (02 §2 team, §5 user form). */
export function TeamUserForm({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const { me, refetchMe } = useSession();
  const [form] = Form.useForm<FormValues>();
  const editing = id !== null;
  const { data, loading, error } = useQuery(TEAM_FORM_QUERY, { fetchPolicy: 'network-only' });
  const options = data?.teamFormOptions;
  const edited = useMemo(() => data?.teamUsers.find((u) => u.id === id) ?? null, [data, id]);
  const companyZone = options?.timezone ?? me.company.timezone;
  const [hours, setHours] = useState<WorkingHours | null>(null);
  const [hoursError, setHoursError] = useState<string | null>(null);
  const photoPick = useImagePick(SPACE_IMAGE_MIME_TYPES);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const roleId = Form.useWatch('roleId', form);

  useEffect(() => {
    if (error) handleError(error);
  }, [error]);

  useEffect(() => {
    if (!options) return;
    if (edited) {
      form.setFieldsValue({
        name: edited.name,
        email: edited.email,
        phone: splitPhone(edited.phone) ?? { ...EMPTY_PHONE, number: edited.phone ?? '' },
        roleId: edited.rol.id,
        spaceIds: edited.spaces.map((s) => s.id),
        adminOfIds: edited.isAdminOfIds,
        locationId: edited.location?.id,
        categoryIds: edited.categories.map((c) => c.id),
      });
    }
    setHours(
      (current) => current ?? editableHours(edited?.workingHours ?? null, defaultWorkingHours(companyZone)),
    );
  }, [options, edited, form, companyZone]);

  const roleOptions = useMemo(
    () => (options?.roles ?? []).map((role) => ({ value: role.id, label: roleLabel(role.name) })),
    [options],
  );
  const spaceOptions = useMemo(
    () => (options?.spaces ?? []).map((space) => ({ value: space.id, label: space.name })),
    [options],
  );
  const locationOptions = useMemo(
    () => (options?.locations ?? []).map((location) => ({ value: location.id, label: location.name })),
    [options],
  );
  const categoryOptions = useMemo(
    () => (options?.categories ?? []).map((category) => ({ value: category.id, label: category.name })),
    [options],
  );
  const peopleOptions = useMemo(
    () =>
      (data?.teamUsers ?? [])
        .filter((user) => user.id !== id)
        .map((user) => ({ value: user.id, label: `${user.name} · ${user.email}` })),
    [data, id],
  );
  const roleName = options?.roles.find((role) => role.id === roleId)?.name;

  const submit = async (values: FormValues) => {
    if (!hours) return;
    const hoursProblem = validateWorkingHours(hours);
    setHoursError(hoursProblem?.message ?? null);
    if (hoursProblem) return;
    setFormError(null);
    setSaving(true);
    try {
      const saved = await saveTeamUser(id, {
        name: values.name,
        email: values.email,
        phone: values.phone && values.phone.number.trim() !== '' ? fullPhone(values.phone) : '',
        roleId: values.roleId ?? 0,
        password: values.password ?? '',
        spaceIds: values.spaceIds ?? [],
        adminOfIds: administersOthers(roleName) ? (values.adminOfIds ?? []) : [],
        locationId: values.locationId ?? null,
        categoryIds: values.categoryIds ?? [],
        workingHours: hours,
        photo: photoPick.image,
        removePhoto,
      });
      toast.success(editing ? 'Usuario actualizado' : 'Usuario creado');
      // Editing oneself changes the top bar (name, photo, role).
      if (saved.id === me.id) await refetchMe();
      navigate('/users');
    } catch (cause) {
      const resolved = handleError(cause);
      const field = resolved.field ? FORM_FIELD[resolved.field] : undefined;
      if (field) form.setFields([{ name: field, errors: [resolved.userMessage] }]);
      else if (resolved.field === 'userWorkingHours') setHoursError(resolved.userMessage);
      else if (resolved.field === 'file') photoPick.setError(resolved.userMessage);
      else setFormError(resolved.userMessage);
      if (resolved.code === 'REACH_ADMINS_LIMIT_ERROR') setFormError(resolved.userMessage);
    } finally {
      setSaving(false);
    }
  };

  const title = editing ? 'Editar usuario' : 'Nuevo usuario';
  const savedPhoto = edited?.imageUrl && !removePhoto ? edited.imageUrl : null;

  if (editing && data && !edited?.canManage) {
    return (
      <div className="page">
        <PageHeader title={title} />
        <Alert
          type="warning"
          showIcon
          title={edited ? TEAM_MESSAGES.userAboveOwn : TEAM_MESSAGES.userNotFound}
          data-testid="team-form-unavailable"
        />
      </div>
    );
  }

  return (
    <div className="page">
      <PageHeader
        title={title}
        description="Datos de acceso, rol, espacios y horario laboral de la persona."
      />
      <Card>
        {loading || !hours ? (
          <Skeleton active />
        ) : (
          <Form<FormValues>
            form={form}
            layout="vertical"
            className="team-form"
            initialValues={{
              name: '',
              email: '',
              phone: EMPTY_PHONE,
              password: '',
              passwordConfirmation: '',
              spaceIds: [],
              adminOfIds: [],
              locationId: undefined,
              categoryIds: [],
            }}
            onFinish={submit}
            requiredMark={false}
          >
            {formError && (
              <Alert
                type="error"
                showIcon
                title={formError}
                className="team-seats"
                data-testid="team-form-error"
              />
            )}
            <Form.Item label="Nombre" name="name" rules={[asRule(validateName)]}>
              <Input maxLength={USER_NAME_MAX} autoComplete="off" placeholder="Laura Gómez" />
            </Form.Item>
            <Form.Item label="Correo" name="email" rules={[asRule(validateEmail)]}>
              <Input type="email" autoComplete="off" placeholder="laura@empresa.com" />
            </Form.Item>
            <Form.Item
              label="Teléfono (opcional)"
              name="phone"
              rules={[
                {
                  validator: async (_, value: PhoneValue | undefined) => {
                    // Optional for a team member; when typed it follows the phone rule.
                    if (!value || value.number.trim() === '') return;
                    const problem = validatePhoneValue(value);
                    if (problem) throw new Error(problem);
                  },
                },
              ]}
            >
              <PhoneField />
            </Form.Item>
            <Form.Item label="Rol" name="roleId" rules={[{ required: true, message: 'Selecciona un rol' }]}>
              <Select
                aria-label="Rol"
                options={roleOptions}
                placeholder="Selecciona un rol"
                // The superadmin keeps the role (the server refuses the change too).
                disabled={edited?.rol.name === ROLE_NAMES.superadmin}
              />
            </Form.Item>
            <Form.Item
              label="Contraseña"
              name="password"
              extra={editing ? 'Déjala vacía para conservar la actual' : undefined}
              rules={[asRule((value) => (editing && value === '' ? null : validatePassword(value)))]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              label="Confirmar contraseña"
              name="passwordConfirmation"
              dependencies={['password']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_, value: string | undefined) => {
                    const password = getFieldValue('password') as string;
                    if (editing && (password ?? '') === '' && (value ?? '') === '') return;
                    const problem = validatePasswordConfirmation(password, value);
                    if (problem) throw new Error(problem);
                  },
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              label="Espacios"
              name="spaceIds"
              rules={[{ type: 'array', min: 1, message: userMessageFor('SHOULD_SELECT_AT_LEAST_ONE_SPACE') }]}
            >
              <Select
                mode="multiple"
                aria-label="Espacios"
                options={spaceOptions}
                optionFilterProp="label"
                placeholder="Selecciona los espacios donde trabaja"
              />
            </Form.Item>
            <Form.Item label="Ubicación (opcional)" name="locationId">
              <Select
                aria-label="Ubicación"
                options={locationOptions}
                optionFilterProp="label"
                showSearch
                allowClear
                placeholder="Sin ubicación"
                notFoundContent="Aún no hay ubicaciones: créalas en Configuración"
              />
            </Form.Item>
            <Form.Item label="Categorías (opcional)" name="categoryIds">
              <Select
                mode="multiple"
                aria-label="Categorías"
                options={categoryOptions}
                optionFilterProp="label"
                placeholder="Ninguna"
                notFoundContent="Aún no hay categorías: créalas en Configuración"
              />
            </Form.Item>
            {administersOthers(roleName) && (
              <Form.Item
                label="Administra a"
                name="adminOfIds"
                extra="Ve las conversaciones de estas personas."
              >
                <Select
                  mode="multiple"
                  aria-label="Administra a"
                  options={peopleOptions}
                  optionFilterProp="label"
                  placeholder="Nadie"
                />
              </Form.Item>
            )}
            <ImagePickerField
              label="Foto (opcional)"
              pick={photoPick}
              savedUrl={savedPhoto}
              onRemoveSaved={() => setRemovePhoto(true)}
              shape="circle"
              icon={<UserOutlined />}
              noun="foto"
              inputTestId="team-photo-input"
            />
            <Divider titlePlacement="start">Horario laboral</Divider>
            <WorkingHoursEditor
              value={hours}
              onChange={(next) => {
                setHours(next);
                setHoursError(null);
              }}
              companyZone={companyZone}
              error={hoursError}
            />
            <Divider />
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                Guardar
              </Button>
              <Link to="/users">
                <Button>Cancelar</Button>
              </Link>
            </Space>
          </Form>
        )}
      </Card>
    </div>
  );
}
