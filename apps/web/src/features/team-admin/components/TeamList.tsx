import { EditOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  displayPhone,
  hasAnyPermission,
  REALTIME_EVENTS,
  ROLE_NAMES,
  roleLabel,
  stripAccents,
  userMessageFor,
} from '@crm/shared';
import {
  Avatar,
  Button,
  Card,
  Input,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type HTMLAttributes, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { handleError } from '../../../lib/errors';
import { subscribeRealtime } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { useAccess } from '../../access/hooks/useAccess';
import { DeleteConfirm } from '../../layout/components/DeleteConfirm';
import { PageHeader } from '../../layout/components/PageHeader';
import { useSession } from '../../session/hooks/useSession';
import { TEAM_QUERY, type TeamUser, UPDATE_AVAILABILITY_MUTATION } from '../api/team.graphql';
import { deleteTeamUser } from '../api/team.rest';
import { seatLine, usersFull, workingHoursSummary } from '../teamForm';
import '../teamAdmin.css';

function searchable(text: string): string {
  return stripAccents(text).toLowerCase().trim();
}

/** /users: the company's team with their role, spaces, hours and availability (02 §2). */
export function TeamList() {
  const navigate = useNavigate();
  const { me } = useSession();
  const { permissions } = useAccess();
  const canWrite = hasAnyPermission(permissions, ['writeUsers']);
  const { data, loading, error, refetch } = useQuery(TEAM_QUERY, { fetchPolicy: 'cache-and-network' });
  const [setAvailability] = useMutation(UPDATE_AVAILABILITY_MUTATION);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<number | null>(null);

  useEffect(() => {
    if (error) handleError(error);
  }, [error]);

  // 02 §7 updateUserData applies on every page: a change made by another admin (or by the user, e.g. their
  // availability) shows here without a reload.
  useEffect(
    () =>
      subscribeRealtime(REALTIME_EVENTS.updateUserData, () => {
        void refetch().catch(() => undefined);
      }),
    [refetch],
  );

  const users = useMemo(() => {
    const needle = searchable(search);
    const all = data?.teamUsers ?? [];
    if (needle === '') return all;
    return all.filter((user) => searchable(`${user.name} ${user.email}`).includes(needle));
  }, [data, search]);
  const limits = data?.teamLimits;
  const full = usersFull(limits);

  const toggle = async (user: TeamUser, isAvailable: boolean) => {
    try {
      await setAvailability({
        variables: { id: user.id, isAvailable },
        optimisticResponse: { updateUserAvailability: { ...user, isAvailable } },
        // The client's mutations skip the cache by default; this one's answer is the row the list shows.
        fetchPolicy: 'network-only',
      });
    } catch (cause) {
      handleError(cause);
    }
  };

  const remove = async (user: TeamUser) => {
    setDeleting(user.id);
    try {
      await deleteTeamUser(user.id);
      toast.success(`Se eliminó a ${user.name}`);
      await refetch();
    } catch (cause) {
      handleError(cause);
    } finally {
      setDeleting(null);
    }
  };

  const columns: TableColumnsType<TeamUser> = [
    {
      title: 'Nombre',
      key: 'name',
      render: (_, user) => (
        <Space>
          <Avatar src={user.imageUrl || undefined} icon={<UserOutlined />} />
          <span>
            <Typography.Text strong>{user.name}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{user.email}</Typography.Text>
          </span>
        </Space>
      ),
    },
    { title: 'Teléfono', key: 'phone', render: (_, user) => (user.phone ? displayPhone(user.phone) : '—') },
    { title: 'Rol', key: 'rol', render: (_, user) => <Tag>{roleLabel(user.rol.name)}</Tag> },
    {
      title: 'Espacios',
      key: 'spaces',
      render: (_, user) => user.spaces.map((space) => <Tag key={space.id}>{space.name}</Tag>),
    },
    {
      title: 'Ubicación',
      key: 'location',
      render: (_, user) => (
        <span data-testid="team-location">
          {user.location?.name ?? '—'}
          {user.categories.length > 0 && <br />}
          {user.categories.map((category) => (
            <Tag key={category.id} className="team-category">
              {category.name}
            </Tag>
          ))}
        </span>
      ),
    },
    {
      title: 'Horario',
      key: 'hours',
      render: (_, user) => <span data-testid="team-hours">{workingHoursSummary(user.workingHours)}</span>,
    },
    {
      title: 'Disponible',
      key: 'available',
      render: (_, user) => (
        <Switch
          checked={user.isAvailable}
          disabled={!canWrite || !user.canManage}
          aria-label={`Disponibilidad de ${user.name}`}
          onChange={(checked) => void toggle(user, checked)}
        />
      ),
    },
    ...(canWrite
      ? [
          {
            title: 'Acciones',
            key: 'actions',
            render: (_: unknown, user: TeamUser) => {
              const isSuperadmin = user.rol.name === ROLE_NAMES.superadmin;
              // The server says whom this user may manage (nobody with more permissions than their own).
              if (!user.canManage) return null;
              return (
                <Space>
                  <Button
                    type="link"
                    icon={<EditOutlined />}
                    aria-label={`Editar a ${user.name}`}
                    onClick={() => navigate(`/users/new?id=${user.id}`)}
                  >
                    Editar
                  </Button>
                  {!isSuperadmin && user.id !== me.id && (
                    <DeleteConfirm
                      title="¿Seguro que quieres eliminar a este usuario?"
                      description="Sus conversaciones quedarán sin asignar."
                      onConfirm={() => remove(user)}
                      type="link"
                      icon
                      loading={deleting === user.id}
                      ariaLabel={`Eliminar a ${user.name}`}
                    />
                  )}
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  const newButton = (
    <Tooltip title={full ? userMessageFor('REACH_USERS_LIMIT_ERROR') : undefined}>
      <Link to="/users/new" aria-disabled={full} onClick={(event) => full && event.preventDefault()}>
        <Button type="primary" icon={<PlusOutlined />} disabled={full}>
          Nuevo usuario
        </Button>
      </Link>
    </Tooltip>
  );

  return (
    <div className="page" data-testid="team-page">
      <PageHeader
        title="Equipo"
        description="Las personas de tu empresa, su rol, sus espacios y su horario."
        extra={canWrite ? newButton : undefined}
      />
      <Card>
        <div className="team-toolbar">
          <Input.Search
            className="team-search"
            allowClear
            placeholder="Buscar por nombre o correo"
            aria-label="Buscar en el equipo"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {limits && (
            <Typography.Text type="secondary" data-testid="team-seats">
              {seatLine(limits)}
            </Typography.Text>
          )}
        </div>
        <Table<TeamUser>
          rowKey="id"
          columns={columns}
          dataSource={users}
          loading={loading && !data}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: search ? 'Nadie coincide con la búsqueda' : 'Aún no hay usuarios' }}
          onRow={(user) => ({ 'data-testid': `team-row-${user.id}` }) as HTMLAttributes<HTMLElement>}
        />
      </Card>
    </div>
  );
}
