import { EditOutlined, LinkOutlined, LogoutOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@apollo/client/react';
import { channelNameError, formatMediumDate, platformOf } from '@crm/shared';
import { Button, Form, Input, Modal, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type HTMLAttributes, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/errors';
import { ruleFrom } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { logoutSlot, setExpirationDate } from '../api/spaces.rest';
import {
  ACTIVATE_CHANNEL_MUTATION,
  type AdminChannel,
  DEACTIVATE_CHANNEL_MUTATION,
  RENAME_CHANNEL_MUTATION,
  SET_CHANNEL_CHATBOT_MUTATION,
} from '../api/spacesAdmin.graphql';
import { channelAddress, channelPlatformLabel, slotStatusLabel } from '../channelDisplay';

interface ChannelsTableProps {
  channels: AdminChannel[];
  spaceNames: Map<number, string>;
  canWrite: boolean;
  timeZone: string | undefined;
  /** Reloads the list after a change (the client keeps no cache of mutation results, lib/apollo). */
  onChanged: () => Promise<unknown>;
}

/** 02 §4 Channels: active switch (activation turns the chatbot off), chatbot switch, rename; slot and expiry. */
export function ChannelsTable({ channels, spaceNames, canWrite, timeZone, onChanged }: ChannelsTableProps) {
  const [activate] = useMutation(ACTIVATE_CHANNEL_MUTATION);
  const [deactivate] = useMutation(DEACTIVATE_CHANNEL_MUTATION);
  const [setChatbot] = useMutation(SET_CHANNEL_CHATBOT_MUTATION);
  const [busy, setBusy] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<AdminChannel | null>(null);

  const run = async (key: string, action: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await action();
      await onChanged();
      toast.success(done);
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(null);
    }
  };

  const columns: ColumnsType<AdminChannel> = [
    {
      title: 'Canal',
      key: 'name',
      render: (_: unknown, channel) => (
        <div className="spaces-channel-name">
          <Typography.Text strong>{channel.name}</Typography.Text>
          <Typography.Text type="secondary">
            {[channelPlatformLabel(channel.platform), channelAddress(channel)].filter(Boolean).join(' · ')}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: 'Espacios',
      key: 'spaces',
      render: (_: unknown, channel) => (
        <Space size={[4, 4]} wrap>
          {channel.spaceIds.map((id) => (
            <Tag key={id}>{spaceNames.get(id) ?? `Espacio ${id}`}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: 'Estado',
      key: 'status',
      render: (_: unknown, channel) => (
        <Space orientation="vertical" size={2}>
          <Tag color={channel.isActive ? 'green' : 'default'}>{channel.isActive ? 'Activo' : 'Inactivo'}</Tag>
          {slotStatusLabel(channel.slotStatus) ? (
            <Typography.Text type="secondary" data-testid={`slot-status-${channel.id}`}>
              Dispositivo: {slotStatusLabel(channel.slotStatus)}
            </Typography.Text>
          ) : null}
          {platformOf(channel.platform)?.tokenExpires && channel.expiresAt ? (
            <Typography.Text type="secondary">
              Vence el {formatMediumDate(channel.expiresAt, timeZone)}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: 'Activo',
      key: 'active',
      width: 90,
      render: (_: unknown, channel) => (
        <Switch
          checked={channel.isActive}
          disabled={!canWrite}
          loading={busy === `active-${channel.id}`}
          aria-label={`Canal ${channel.name} activo`}
          onChange={(checked) =>
            void run(
              `active-${channel.id}`,
              () => (checked ? activate : deactivate)({ variables: { id: channel.id } }),
              checked ? `Canal ${channel.name} activado` : `Canal ${channel.name} desactivado`,
            )
          }
        />
      ),
    },
    {
      title: 'Chatbot',
      key: 'chatbot',
      width: 90,
      render: (_: unknown, channel) => (
        <Tooltip title={channel.isActive ? undefined : 'Activa el canal para usar el chatbot'}>
          <Switch
            checked={channel.useChatbot}
            disabled={!canWrite || (!channel.isActive && !channel.useChatbot)}
            loading={busy === `chatbot-${channel.id}`}
            aria-label={`Chatbot de ${channel.name}`}
            onChange={(checked) =>
              void run(
                `chatbot-${channel.id}`,
                () => setChatbot({ variables: { id: channel.id, useChatbot: checked } }),
                checked ? `Chatbot encendido en ${channel.name}` : `Chatbot apagado en ${channel.name}`,
              )
            }
          />
        </Tooltip>
      ),
    },
    ...(canWrite
      ? [
          {
            title: 'Acciones',
            key: 'actions',
            render: (_: unknown, channel: AdminChannel) => (
              <Space wrap>
                <Button
                  type="link"
                  icon={<EditOutlined />}
                  onClick={() => setRenaming(channel)}
                  aria-label={`Renombrar ${channel.name}`}
                >
                  Renombrar
                </Button>
                {platformOf(channel.platform)?.linkedDevice && channel.slotStatus !== 'AUTHENTICATED' ? (
                  <Link to={`/spaces/new-whatsapp?channelId=${channel.id}`}>
                    <LinkOutlined /> Vincular
                  </Link>
                ) : null}
                {platformOf(channel.platform)?.linkedDevice && channel.slotStatus === 'AUTHENTICATED' ? (
                  <Popconfirm
                    title={`¿Cerrar la sesión del dispositivo de ${channel.name}?`}
                    description="El canal se desactiva hasta que se vincule de nuevo."
                    okText="Cerrar sesión"
                    cancelText="Cancelar"
                    onConfirm={() =>
                      run(
                        `logout-${channel.id}`,
                        () => logoutSlot(channel.id),
                        `Sesión de ${channel.name} cerrada`,
                      )
                    }
                  >
                    <Button
                      type="link"
                      danger
                      icon={<LogoutOutlined />}
                      loading={busy === `logout-${channel.id}`}
                    >
                      Cerrar sesión
                    </Button>
                  </Popconfirm>
                ) : null}
                {platformOf(channel.platform)?.tokenExpires ? (
                  <Button
                    type="link"
                    icon={<ReloadOutlined />}
                    loading={busy === `expiry-${channel.id}`}
                    onClick={() =>
                      void run(
                        `expiry-${channel.id}`,
                        () => setExpirationDate(channel.id),
                        `Vencimiento de ${channel.name} actualizado`,
                      )
                    }
                  >
                    Actualizar vencimiento
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Table<AdminChannel>
        rowKey="id"
        columns={columns}
        dataSource={channels}
        pagination={false}
        locale={{ emptyText: 'Sin canales' }}
        data-testid="channels-table"
        onRow={(channel) => ({ 'data-testid': `channel-row-${channel.id}` }) as HTMLAttributes<HTMLElement>}
      />
      {renaming ? (
        <RenameChannelModal channel={renaming} onClose={() => setRenaming(null)} onRenamed={onChanged} />
      ) : null}
    </>
  );
}

interface RenameChannelModalProps {
  channel: AdminChannel;
  onClose: () => void;
  onRenamed: () => Promise<unknown>;
}

function RenameChannelModal({ channel, onClose, onRenamed }: RenameChannelModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  const [rename, { loading }] = useMutation(RENAME_CHANNEL_MUTATION);
  const submit = async ({ name }: { name: string }) => {
    try {
      const result = await rename({ variables: { id: channel.id, name: name.trim() } });
      await onRenamed();
      toast.success(`Canal renombrado a ${result.data?.renameChannel.name ?? name.trim()}`);
      onClose();
    } catch (error) {
      const resolved = handleError(error);
      const field = ApiError.is(error) ? error.field : resolved.field;
      if (field === 'name') form.setFields([{ name: 'name', errors: [resolved.userMessage] }]);
    }
  };
  return (
    <Modal
      open
      title="Renombrar canal"
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: channel.name }}
        onFinish={submit}
        requiredMark={false}
      >
        <Form.Item label="Nombre del canal" name="name" rules={[ruleFrom(channelNameError)]}>
          <Input maxLength={120} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
