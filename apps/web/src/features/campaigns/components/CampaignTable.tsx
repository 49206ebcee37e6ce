import { BarChartOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { CAMPAIGN_MESSAGES, ERROR_CATALOGUE, formatMediumDateTime, qualityGate } from '@crm/shared';
import { Button, Empty, Progress, Select, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { handleError, handleErrorAs } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { ColorTag } from '../../layout/components/ColorTag';
import { DeleteConfirm } from '../../layout/components/DeleteConfirm';
import { PageHeader } from '../../layout/components/PageHeader';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import { type CampaignView, deleteCampaign, pauseCampaign, resumeCampaign } from '../api/campaigns.rest';
import { analyticsPath, draftForChannel, stepPath } from '../campaignDraft';
import { useAccountStatus } from '../hooks/useAccountStatus';
import { useCampaignChannels } from '../hooks/useCampaignChannels';
import { useCampaignDraft } from '../hooks/useCampaignDraft';
import { useCampaigns } from '../hooks/useCampaigns';
import { AccountCards } from './AccountCards';
import { CampaignStatusTag } from './CampaignStatusTag';
import { QualityModal } from './QualityModal';

function progressPercent(campaign: Pick<CampaignView, 'sent' | 'total'>): number {
  return campaign.total > 0 ? Math.min(100, Math.round((campaign.sent / campaign.total) * 100)) : 0;
}

/**
 * /broadcast/table (01 §2.7, 02 §3): the campaigns of the chosen WhatsApp channel, live as they go out, with the
 * number's quality and daily limit above them and 'Crear campaña' starting the wizard (after the quality modal when
 * the rating is Media or Baja).
 */
export function CampaignTable() {
  const navigate = useNavigate();
  const timeZone = useCompanyTimeZone();
  const { draft, update } = useCampaignDraft();
  const { channels, loading: loadingChannels } = useCampaignChannels();
  const channelId = draft.channelId;
  const channel = channels.find((item) => item.id === channelId) ?? null;
  const account = useAccountStatus(channel);
  const { campaigns, loading, replace, remove } = useCampaigns(channel ? channelId : null);
  const [gate, setGate] = useState<'warn' | 'block' | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  // The first channel until the user picks one (or when the picked one is gone).
  useEffect(() => {
    if (loadingChannels) return;
    if (!channels.some((item) => item.id === channelId)) {
      update((current) => draftForChannel(current, channels[0]?.id ?? null));
    }
  }, [channels, channelId, loadingChannels, update]);

  const start = () => {
    const found = qualityGate(account.rating);
    if (found === 'ok') navigate(stepPath('type'));
    else setGate(found);
  };

  const toggle = async (campaign: CampaignView) => {
    setBusyId(campaign.id);
    try {
      replace(
        campaign.status === 'PAUSED' ? await resumeCampaign(campaign.id) : await pauseCampaign(campaign.id),
      );
    } catch (error) {
      handleError(error);
    } finally {
      setBusyId(null);
    }
  };

  const removeCampaign = async (campaign: CampaignView) => {
    try {
      await deleteCampaign(campaign.id);
      remove(campaign.id);
      toast.success(`Campaña ${campaign.name} eliminada`);
    } catch (error) {
      // 02 §8 ERROR_DELETING_CAMPAIGNS, unless the server named the reason.
      handleErrorAs(error, ERROR_CATALOGUE.ERROR_DELETING_CAMPAIGNS.userMessage);
    }
  };

  const columns: ColumnsType<CampaignView> = [
    {
      title: CAMPAIGN_MESSAGES.columnName,
      key: 'name',
      render: (_: unknown, campaign) => (
        <Link to={analyticsPath(campaign.id)} data-testid="campaign-link">
          {campaign.name}
        </Link>
      ),
    },
    {
      title: CAMPAIGN_MESSAGES.columnTags,
      key: 'tags',
      render: (_: unknown, campaign) => (
        <Space size={[0, 4]} wrap>
          {campaign.selectedTags.map((tag) => (
            <ColorTag key={tag.id} color={tag.color}>
              {tag.name}
            </ColorTag>
          ))}
        </Space>
      ),
    },
    {
      title: CAMPAIGN_MESSAGES.columnStatus,
      key: 'status',
      width: 130,
      render: (_: unknown, campaign) => (
        <CampaignStatusTag status={campaign.status} label={campaign.statusLabel} />
      ),
    },
    {
      title: CAMPAIGN_MESSAGES.columnCreatedAt,
      dataIndex: 'createdAt',
      width: 180,
      render: (createdAt: string) => formatMediumDateTime(createdAt, timeZone),
    },
    {
      title: CAMPAIGN_MESSAGES.columnLastSend,
      dataIndex: 'lastSendAt',
      width: 180,
      render: (lastSendAt: string | null) =>
        lastSendAt ? formatMediumDateTime(lastSendAt, timeZone) : CAMPAIGN_MESSAGES.pending,
    },
    {
      title: 'Progreso',
      key: 'progress',
      width: 170,
      render: (_: unknown, campaign) => (
        <div className="cmp-progress" data-testid="campaign-progress">
          <Progress percent={progressPercent(campaign)} size="small" showInfo={false} />
          <Typography.Text type="secondary">
            {campaign.sent}/{campaign.total}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 200,
      render: (_: unknown, campaign) => (
        <Space size="small">
          {campaign.status === 'IN_PROGRESS' || campaign.status === 'PAUSED' ? (
            <Button
              size="small"
              icon={campaign.status === 'PAUSED' ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
              loading={busyId === campaign.id}
              onClick={() => void toggle(campaign)}
            >
              {campaign.status === 'PAUSED' ? CAMPAIGN_MESSAGES.resume : CAMPAIGN_MESSAGES.pause}
            </Button>
          ) : null}
          <Tooltip title="Ver resultados">
            <Button
              size="small"
              icon={<BarChartOutlined />}
              aria-label={`Resultados de ${campaign.name}`}
              onClick={() => navigate(analyticsPath(campaign.id))}
            />
          </Tooltip>
          <DeleteConfirm
            title={CAMPAIGN_MESSAGES.deleteConfirm}
            onConfirm={() => removeCampaign(campaign)}
            size="small"
            ariaLabel={`Eliminar ${campaign.name}`}
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="page cmp-page" data-testid="campaign-table-page">
      <PageHeader
        title="Campañas"
        description="Envía una plantilla de WhatsApp a los contactos de las etiquetas que elijas."
        extra={channel ? <AccountCards account={account} /> : null}
      />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <div className="cmp-toolbar">
          <Select
            aria-label="Canal"
            className="cmp-channel"
            placeholder="Selecciona un canal"
            loading={loadingChannels}
            value={channel ? channel.id : undefined}
            onChange={(value: number) => update((current) => draftForChannel(current, value))}
            options={channels.map((item) => ({ value: item.id, label: item.name }))}
            notFoundContent="No hay canales de WhatsApp"
            data-testid="campaign-channel"
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!channel || account.loading}
            onClick={start}
            className="cmp-create"
          >
            {CAMPAIGN_MESSAGES.createCampaign}
          </Button>
        </div>
        <Table<CampaignView>
          rowKey="id"
          size="middle"
          loading={loading && campaigns.length === 0}
          columns={columns}
          dataSource={campaigns}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: <Empty description={CAMPAIGN_MESSAGES.empty} /> }}
          scroll={{ x: 1000 }}
          data-testid="campaign-table"
        />
      </Space>
      <QualityModal
        gate={gate}
        onClose={() => setGate(null)}
        onContinue={() => {
          setGate(null);
          navigate(stepPath('type'));
        }}
      />
    </div>
  );
}
