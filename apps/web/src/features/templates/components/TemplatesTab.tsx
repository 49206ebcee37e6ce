import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import {
  filterTemplates,
  formatMediumDateTime,
  hasAnyPermission,
  TEMPLATE_CATEGORIES,
  TEMPLATE_CATEGORY_LABELS,
  TEMPLATE_FILTER_ALL,
  TEMPLATE_MESSAGES,
  TEMPLATE_STATUS_LABELS,
  TEMPLATE_STATUSES,
  type TemplateCategory,
  type TemplateStatus,
  templateBodyText,
  templateLimitReachedIn,
} from '@crm/shared';
import { Button, Empty, Input, Modal, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { handleError, resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { DeleteConfirm } from '../../layout/components/DeleteConfirm';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import { useSession } from '../../session/hooks/useSession';
import { deleteTemplate, syncTemplates, type TemplateView } from '../api/templates.rest';
import { useTemplateChannels } from '../hooks/useTemplateChannels';
import { useTemplates } from '../hooks/useTemplates';
import { TemplateStatusTag } from './TemplateStatusTag';
import '../templates.css';

type StatusFilter = TemplateStatus | typeof TEMPLATE_FILTER_ALL;
type CategoryFilter = TemplateCategory | typeof TEMPLATE_FILTER_ALL;

const STATUS_OPTIONS: Array<{ value: StatusFilter; label: string }> = [
  { value: TEMPLATE_FILTER_ALL, label: 'Todos los estados' },
  ...TEMPLATE_STATUSES.map((status) => ({ value: status, label: TEMPLATE_STATUS_LABELS[status] })),
];

const CATEGORY_OPTIONS: Array<{ value: CategoryFilter; label: string }> = [
  { value: TEMPLATE_FILTER_ALL, label: 'Todas las categorías' },
  ...TEMPLATE_CATEGORIES.map((category) => ({ value: category, label: TEMPLATE_CATEGORY_LABELS[category] })),
];

export const NEW_TEMPLATE_PATH = '/config/new-whatsapp-template';

/** 02 §2 configuration, 'Plantillas de WhatsApp' tab: the templates of one channel, live as the provider reviews them. */
export function TemplatesTab() {
  const { me } = useSession();
  const navigate = useNavigate();
  const timeZone = useCompanyTimeZone();
  const canWrite = hasAnyPermission(me.permissions ?? {}, ['whatsappTemplate']);
  const { channels, loading: loadingChannels } = useTemplateChannels();
  const { templates, loading, reload, remove } = useTemplates(me.company.id);
  const [channelId, setChannelId] = useState<number | null>(null);
  const [status, setStatus] = useState<StatusFilter>(TEMPLATE_FILTER_ALL);
  const [category, setCategory] = useState<CategoryFilter>(TEMPLATE_FILTER_ALL);
  const [search, setSearch] = useState('');
  const [syncing, setSyncing] = useState(false);
  const [inUse, setInUse] = useState<string | null>(null);

  // The first template channel until the user picks one (or when the picked one is gone).
  useEffect(() => {
    if (channels.length > 0 && !channels.some((channel) => channel.id === channelId)) {
      setChannelId(channels[0]?.id ?? null);
    }
  }, [channels, channelId]);

  // 02 §9: the company's 5 templates created here (the API refuses a sixth); imported ones do not count.
  const limitReached = templateLimitReachedIn(templates);

  const shown = useMemo(
    () =>
      filterTemplates(
        templates.filter((template) => template.channelId === channelId),
        { search, status, category },
      ),
    [templates, channelId, search, status, category],
  );

  const sync = async () => {
    if (channelId === null) return;
    setSyncing(true);
    try {
      const result = await syncTemplates(channelId);
      toast.success(
        `Plantillas sincronizadas: ${result.imported} nuevas, ${result.updated} actualizadas, ${result.total} en total.`,
      );
      await reload();
    } catch (error) {
      handleError(error);
    } finally {
      setSyncing(false);
    }
  };

  const removeTemplate = async (template: TemplateView) => {
    try {
      await deleteTemplate(template.name, template.channelId);
      remove(template.id);
      toast.success(`Plantilla ${template.name} eliminada`);
    } catch (error) {
      const resolved = resolveError(error);
      // 02 §4: what uses it is named in the answer; it stays on screen until read, not a passing toast.
      if (resolved.code === 'TEMPLATE_IN_USE') setInUse(resolved.userMessage);
      else handleError(error);
    }
  };

  const columns: ColumnsType<TemplateView> = [
    {
      title: 'Nombre',
      key: 'name',
      render: (_: unknown, template) => (
        <div className="tpl-name-cell">
          <Typography.Text strong>{template.name}</Typography.Text>
          <Typography.Text type="secondary" ellipsis className="tpl-body-line">
            {templateBodyText(template.components)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: 'Categoría',
      dataIndex: 'category',
      width: 130,
      render: (value: TemplateCategory) => TEMPLATE_CATEGORY_LABELS[value] ?? value,
    },
    {
      title: 'Estado',
      key: 'status',
      width: 220,
      render: (_: unknown, template) => (
        <TemplateStatusTag status={template.status} rawStatus={template.rawStatus} reason={template.reason} />
      ),
    },
    {
      title: 'Creada',
      dataIndex: 'createdAt',
      width: 190,
      render: (createdAt: string) => formatMediumDateTime(createdAt, timeZone),
    },
    ...(canWrite
      ? [
          {
            title: '',
            key: 'actions',
            width: 110,
            render: (_: unknown, template: TemplateView) => (
              <DeleteConfirm
                title={`¿Eliminar la plantilla ${template.name}?`}
                description="Se eliminará también en WhatsApp, en todos sus idiomas."
                onConfirm={() => removeTemplate(template)}
                size="small"
                ariaLabel={`Eliminar ${template.name}`}
              />
            ),
          },
        ]
      : []),
  ];

  const filtered = search.trim() !== '' || status !== TEMPLATE_FILTER_ALL || category !== TEMPLATE_FILTER_ALL;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="templates-tab">
      <div className="tpl-toolbar">
        <Select
          aria-label="Canal"
          className="tpl-channel"
          placeholder="Selecciona un canal"
          loading={loadingChannels}
          value={channelId ?? undefined}
          onChange={(value: number) => setChannelId(value)}
          options={channels.map((channel) => ({ value: channel.id, label: channel.name }))}
          notFoundContent="No hay canales de WhatsApp"
          data-testid="templates-channel"
        />
        <Input.Search
          allowClear
          aria-label="Buscar plantillas"
          placeholder="Buscar por nombre o texto"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="tpl-search"
        />
        <Select
          aria-label="Estado"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value: StatusFilter) => setStatus(value)}
          className="tpl-filter"
          data-testid="templates-status-filter"
        />
        <Select
          aria-label="Categoría"
          value={category}
          options={CATEGORY_OPTIONS}
          onChange={(value: CategoryFilter) => setCategory(value)}
          className="tpl-filter"
          data-testid="templates-category-filter"
        />
        {canWrite ? (
          <Space className="tpl-actions">
            <Button
              icon={<SyncOutlined />}
              loading={syncing}
              disabled={channelId === null}
              onClick={() => void sync()}
            >
              Sincronizar
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={limitReached}
              onClick={() => navigate(NEW_TEMPLATE_PATH)}
            >
              Nueva plantilla
            </Button>
            {limitReached ? (
              <Typography.Text type="secondary" data-testid="templates-limit">
                {TEMPLATE_MESSAGES.limitReached}
              </Typography.Text>
            ) : null}
          </Space>
        ) : null}
      </div>
      <Table<TemplateView>
        rowKey="id"
        size="middle"
        loading={loading && templates.length === 0}
        columns={columns}
        dataSource={shown}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{
          emptyText: (
            <Empty
              description={
                filtered ? 'Ninguna plantilla coincide con los filtros' : 'Este canal aún no tiene plantillas'
              }
            />
          ),
        }}
        data-testid="templates-table"
      />
      <Modal
        open={inUse !== null}
        title="No se puede eliminar la plantilla"
        okText="Entendido"
        cancelButtonProps={{ style: { display: 'none' } }}
        onOk={() => setInUse(null)}
        onCancel={() => setInUse(null)}
      >
        <Typography.Paragraph data-testid="template-in-use">{inUse}</Typography.Paragraph>
      </Modal>
    </Space>
  );
}
