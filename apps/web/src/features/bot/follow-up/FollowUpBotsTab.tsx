import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { handleError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { DeleteConfirm } from '../../layout/components/DeleteConfirm';
import type { BotTabProps } from '../components/BotScreen';
import { type FollowUpBotConfig, FollowUpBotForm } from './FollowUpBotForm';
import { lapseLabel } from './lapse';
import { useFollowUpBots } from './useFollowUpBots';

/**
 * /bot 'Seguimiento' (02 §3 Message bot config, issue 17): the channel's follow-up bots, each sent once after its
 * waiting time without an answer from the customer; several form a sequence (1 h, 24 h, 3 d…).
 */
export function FollowUpBotsTab({ channel, canWrite }: BotTabProps) {
  const bots = useFollowUpBots(channel.id);
  const [editing, setEditing] = useState<FollowUpBotConfig | 'new' | null>(null);
  const [switching, setSwitching] = useState<number | null>(null);

  const setActive = async (config: FollowUpBotConfig, isActive: boolean) => {
    setSwitching(config.id);
    try {
      await bots.update(config.id, { isActive });
    } catch (error) {
      handleError(error);
    } finally {
      setSwitching(null);
    }
  };

  const remove = async (config: FollowUpBotConfig) => {
    try {
      await bots.remove(config.id);
      toast.success('Seguimiento automático eliminado');
    } catch (error) {
      handleError(error);
    }
  };

  const columns: ColumnsType<FollowUpBotConfig> = [
    {
      title: 'Después de',
      dataIndex: 'timeLapseInSeconds',
      width: 140,
      render: (seconds: number) => lapseLabel(seconds),
    },
    {
      title: 'Mensaje',
      key: 'message',
      render: (_: unknown, config) =>
        config.templateId ? (
          <span>
            <Tag>Plantilla</Tag> {config.templateName ?? `#${config.templateId}`}
          </span>
        ) : (
          <Typography.Text ellipsis className="bot-cell-text">
            {config.content}
          </Typography.Text>
        ),
    },
    {
      title: 'Activo',
      key: 'isActive',
      width: 90,
      render: (_: unknown, config) => (
        <Switch
          size="small"
          aria-label={`Seguimiento de ${lapseLabel(config.timeLapseInSeconds)} activo`}
          checked={config.isActive}
          loading={switching === config.id}
          disabled={!canWrite || (switching !== null && switching !== config.id)}
          onChange={(value) => void setActive(config, value)}
        />
      ),
    },
    ...(canWrite
      ? [
          {
            title: '',
            key: 'actions',
            width: 170,
            render: (_: unknown, config: FollowUpBotConfig) => (
              <Space size="small">
                <Button size="small" onClick={() => setEditing(config)}>
                  Editar
                </Button>
                <DeleteConfirm
                  size="small"
                  title="¿Eliminar este seguimiento automático?"
                  description="Los envíos pendientes de este seguimiento se cancelan."
                  ariaLabel={`Eliminar seguimiento de ${lapseLabel(config.timeLapseInSeconds)}`}
                  onConfirm={() => remove(config)}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div data-testid="bot-follow-up-tab">
      <div className="bot-toolbar">
        <Typography.Text type="secondary">
          Se envían cuando el cliente no responde durante el tiempo indicado; su respuesta cancela los
          pendientes.
        </Typography.Text>
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            Nuevo seguimiento
          </Button>
        )}
      </div>
      <Table<FollowUpBotConfig>
        data-testid="follow-up-bots-table"
        rowKey="id"
        size="small"
        loading={bots.loading}
        columns={columns}
        dataSource={bots.configs}
        pagination={false}
        locale={{ emptyText: <Empty description="Este canal no tiene seguimientos automáticos" /> }}
      />
      {editing !== null && (
        <FollowUpBotForm
          channel={channel}
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSubmit={async (values) => {
            if (editing === 'new') {
              await bots.create(values);
              toast.success('Seguimiento automático creado');
            } else {
              await bots.update(editing.id, values);
              toast.success('Seguimiento automático actualizado');
            }
          }}
        />
      )}
    </div>
  );
}
