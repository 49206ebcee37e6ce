import { ApiOutlined, EditOutlined, FacebookFilled, PlusOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Avatar, Button, Card, Empty, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { handleError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useAccess } from '../../access/hooks/useAccess';
import { DeleteConfirm } from '../../layout/components/DeleteConfirm';
import { PageHeader } from '../../layout/components/PageHeader';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import { useSession } from '../../session/hooks/useSession';
import { PendingLinkCard } from '../../whatsapp-linking/components/PendingLinkCard';
import { canWriteSpaces } from '../access';
import { deleteSpace } from '../api/spaces.rest';
import { type AdminSpace, SPACES_ADMIN_QUERY } from '../api/spacesAdmin.graphql';
import { channelPlatformLabel } from '../channelDisplay';
import { ChannelsTable } from './ChannelsTable';
import { ConnectChannelModal } from './ConnectChannelModal';
import { MessengerSyncModal } from './MessengerSyncModal';
import '../spacesAdmin.css';

/** /spaces: the spaces with their linked channels, then every channel with its switches (02 §2, §4). */
export function SpacesList() {
  const { permissions } = useAccess();
  const { refetchMe } = useSession();
  const timeZone = useCompanyTimeZone();
  const canWrite = canWriteSpaces(permissions);
  // 02 §4 Spaces list states: fetching, success, error.
  const { data, loading, error, refetch } = useQuery(SPACES_ADMIN_QUERY, {
    notifyOnNetworkStatusChange: true,
  });
  const [deleting, setDeleting] = useState<number | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [connecting, setConnecting] = useState(false);

  useEffect(() => {
    if (error) handleError(error);
  }, [error]);

  const spaces = data?.spaces ?? [];
  const channels = data?.channels ?? [];
  const spaceNames = useMemo(() => new Map(spaces.map((s) => [s.id, s.name])), [spaces]);

  const remove = async (space: AdminSpace) => {
    setDeleting(space.id);
    try {
      await deleteSpace(space.id);
      toast.success(`Se eliminó el espacio ${space.name}`);
      await Promise.all([refetch(), refetchMe()]);
    } catch (cause) {
      handleError(cause);
    } finally {
      setDeleting(null);
    }
  };

  const header = (
    <PageHeader
      title="Canales"
      description="Agrupa tus canales en espacios; cada persona del equipo trabaja en los espacios que tiene asignados."
      extra={
        canWrite ? (
          <Space wrap>
            <Button icon={<ApiOutlined />} onClick={() => setConnecting(true)}>
              Agregar canal
            </Button>
            <Button icon={<FacebookFilled />} onClick={() => setSyncing(true)}>
              Sincronizar Messenger
            </Button>
            <Link to="/spaces/new-whatsapp">
              <Button icon={<WhatsAppOutlined />}>Conectar WhatsApp</Button>
            </Link>
            <Link to="/spaces/new">
              <Button type="primary" icon={<PlusOutlined />}>
                Nuevo espacio
              </Button>
            </Link>
          </Space>
        ) : null
      }
    />
  );

  if (error && !data) {
    return (
      <div className="page">
        {header}
        <Result
          status="error"
          title="No pudimos cargar los espacios"
          extra={
            <Button type="primary" onClick={() => void refetch()}>
              Reintentar
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className="page" data-testid="spaces-page">
      {header}
      <PendingLinkCard />
      {loading && !data ? (
        <Skeleton active />
      ) : (
        <>
          <section className="spaces-grid" aria-label="Espacios">
            {spaces.map((space) => (
              <Card
                key={space.id}
                className="spaces-card"
                data-testid={`space-card-${space.id}`}
                title={
                  <Space>
                    <Avatar shape="square" src={space.imageUrl || undefined}>
                      {space.name.slice(0, 1).toUpperCase()}
                    </Avatar>
                    <span>{space.name}</span>
                    {space.isDefault ? <Tag color="blue">Predeterminado</Tag> : null}
                  </Space>
                }
                actions={
                  canWrite && !space.isDefault
                    ? [
                        <Link
                          key="edit"
                          to={`/spaces/new?id=${space.id}`}
                          aria-label={`Editar ${space.name}`}
                        >
                          <EditOutlined /> Editar
                        </Link>,
                        <DeleteConfirm
                          key="delete"
                          title={`¿Eliminar el espacio ${space.name}?`}
                          description="Sus respuestas rápidas y álbumes se eliminan; quien lo tenga seleccionado vuelve al espacio predeterminado."
                          onConfirm={() => remove(space)}
                          type="link"
                          size="small"
                          icon
                          loading={deleting === space.id}
                          ariaLabel={`Eliminar ${space.name}`}
                        />,
                      ]
                    : undefined
                }
              >
                {space.channels.length === 0 ? (
                  <Typography.Text type="secondary">Sin canales</Typography.Text>
                ) : (
                  <ul className="spaces-card-channels">
                    {space.channels.map((channel) => (
                      <li key={channel.id}>
                        <span>{channel.name}</span>
                        <Typography.Text type="secondary">
                          {' '}
                          · {channelPlatformLabel(channel.platform)}
                        </Typography.Text>
                        {channel.isActive ? null : <Tag className="spaces-inactive-tag">Inactivo</Tag>}
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            ))}
          </section>
          <Card title="Todos los canales" className="spaces-channels-card">
            {channels.length === 0 ? (
              <Empty description="Aún no tienes canales" />
            ) : (
              <ChannelsTable
                channels={channels}
                spaceNames={spaceNames}
                canWrite={canWrite}
                timeZone={timeZone}
                onChanged={() => refetch()}
              />
            )}
          </Card>
        </>
      )}
      {connecting ? (
        <ConnectChannelModal
          onClose={() => setConnecting(false)}
          onConnected={async () => {
            // The new channel is in the default space: the list and the top bar's channel lists both change.
            await Promise.all([refetch(), refetchMe()]);
          }}
        />
      ) : null}
      {syncing ? (
        <MessengerSyncModal
          onClose={() => setSyncing(false)}
          onSynced={async () => {
            await Promise.all([refetch(), refetchMe()]);
          }}
        />
      ) : null}
    </div>
  );
}
