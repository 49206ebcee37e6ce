import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { CAMPAIGN_MESSAGES, formatMediumDateTime } from '@crm/shared';
import { Alert, Button, Card, Col, List, Progress, Row, Space, Spin, Statistic, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { handleError } from '../../../lib/errors';
import { onReconnected, subscribeRealtime } from '../../../lib/socket';
import { PageHeader } from '../../layout/components/PageHeader';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import {
  type CampaignAnalytics as Analytics,
  exportCampaign,
  getCampaignAnalytics,
} from '../api/campaigns.rest';
import { TABLE_PATH } from '../campaignDraft';
import { CampaignStatusTag } from './CampaignStatusTag';

// Progress events can come many a second while a campaign goes out; the counts are read again at most this often.
const RELOAD_AFTER_EVENT_MS = 1000;

function campaignIdOf(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /broadcast/analytics?campaignId=N (01 §2.7): the campaign's name and creation date, 'Volver a la tabla',
 * 'Exportar', and its messages by delivery status (sent not yet received, delivered not yet read, read, failed).
 */
export function CampaignAnalytics() {
  const [params] = useSearchParams();
  const campaignId = campaignIdOf(params.get('campaignId'));
  if (campaignId === null) return <Navigate to={TABLE_PATH} replace />;
  return <CampaignResults campaignId={campaignId} />;
}

function CampaignResults({ campaignId }: { campaignId: number }) {
  const navigate = useNavigate();
  const timeZone = useCompanyTimeZone();
  const [analytics, setAnalytics] = useState<Analytics | null>(null);
  const [failed, setFailed] = useState(false);
  const [exporting, setExporting] = useState(false);
  const request = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    try {
      const answer = await getCampaignAnalytics(campaignId, controller.signal);
      if (!controller.signal.aborted) {
        setAnalytics(answer);
        setFailed(false);
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      handleError(error);
      setFailed(true);
    }
  }, [campaignId]);

  useEffect(() => {
    void load();
    return () => request.current?.abort();
  }, [load]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stopUpdated = subscribeRealtime('campaignUpdated', (update) => {
      if (update.id !== campaignId || timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        void load();
      }, RELOAD_AFTER_EVENT_MS);
    });
    const stopReconnected = onReconnected(() => void load());
    return () => {
      if (timer !== null) clearTimeout(timer);
      stopUpdated();
      stopReconnected();
    };
  }, [campaignId, load]);

  const download = async () => {
    setExporting(true);
    try {
      await exportCampaign(campaignId);
    } catch (error) {
      handleError(error);
    } finally {
      setExporting(false);
    }
  };

  const campaign = analytics?.campaign ?? null;
  const totals = analytics?.totals ?? null;
  const title = campaign
    ? `${campaign.name} · ${formatMediumDateTime(campaign.createdAt, timeZone)}`
    : 'Resultados de la campaña';
  const percent =
    campaign && campaign.total > 0
      ? Math.min(100, Math.round(((campaign.sent + campaign.failed) / campaign.total) * 100))
      : 0;

  return (
    <div className="page cmp-page" data-testid="campaign-analytics">
      <PageHeader
        title={title}
        description={
          campaign ? <CampaignStatusTag status={campaign.status} label={campaign.statusLabel} /> : null
        }
        extra={
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(TABLE_PATH)}>
              {CAMPAIGN_MESSAGES.backToTable}
            </Button>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={exporting}
              disabled={!campaign}
              onClick={() => void download()}
            >
              {CAMPAIGN_MESSAGES.export}
            </Button>
          </Space>
        }
      />
      {!analytics ? (
        failed ? (
          <Alert type="error" showIcon title="No se pudieron cargar los resultados de la campaña." />
        ) : (
          <Spin />
        )
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Card size="small">
            <Typography.Text type="secondary">
              {campaign?.sent ?? 0} de {campaign?.total ?? 0} mensajes enviados
              {campaign && campaign.failed > 0 ? `, ${campaign.failed} fallidos` : ''}
            </Typography.Text>
            <Progress percent={percent} data-testid="campaign-analytics-progress" />
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={12} lg={6}>
              <Card data-testid="campaign-card-sent">
                <Statistic title={CAMPAIGN_MESSAGES.statusSent} value={totals?.sent ?? 0} />
              </Card>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Card data-testid="campaign-card-delivered">
                <Statistic title={CAMPAIGN_MESSAGES.statusDelivered} value={totals?.delivered ?? 0} />
              </Card>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Card data-testid="campaign-card-viewed">
                <Statistic title={CAMPAIGN_MESSAGES.statusViewed} value={totals?.viewed ?? 0} />
              </Card>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Card data-testid="campaign-card-failed">
                <Statistic title={CAMPAIGN_MESSAGES.statusFailed} value={totals?.failed ?? 0} />
                <Typography.Text type="secondary">{CAMPAIGN_MESSAGES.failedExplanation}</Typography.Text>
              </Card>
            </Col>
          </Row>
          {totals && (totals.pending > 0 || totals.check > 0) ? (
            <Typography.Text type="secondary" data-testid="campaign-pending">
              {CAMPAIGN_MESSAGES.statusPending}: {totals.pending}
              {totals.check > 0 ? ` · ${CAMPAIGN_MESSAGES.statusCheck}: ${totals.check}` : ''}
            </Typography.Text>
          ) : null}
          {analytics.failedReasons.length > 0 ? (
            <Card size="small" title="Motivos de los fallos">
              <List
                size="small"
                dataSource={analytics.failedReasons}
                renderItem={(reason) => (
                  <List.Item key={reason.code} extra={<strong>{reason.count}</strong>}>
                    {reason.title || reason.code}
                  </List.Item>
                )}
              />
            </Card>
          ) : null}
        </Space>
      )}
    </div>
  );
}
