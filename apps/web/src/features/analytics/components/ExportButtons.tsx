import { DownloadOutlined } from '@ant-design/icons';
import type { AnalyticsRequest } from '@crm/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { handleError } from '../../../lib/errors';
import { exportAnalytics, exportBotReport } from '../api/analytics.rest';

interface ExportButtonsProps {
  request: AnalyticsRequest;
  companyId: number;
  /** 'Reporte del bot' only for companies using a bot. */
  usesBots: boolean;
}

/** 01 §7 Excel exports of the range and channels on screen. */
export function ExportButtons({ request, companyId, usesBots }: ExportButtonsProps) {
  const [busy, setBusy] = useState<'excel' | 'bot' | null>(null);

  async function run(kind: 'excel' | 'bot') {
    setBusy(kind);
    try {
      await (kind === 'excel' ? exportAnalytics(request) : exportBotReport(request, companyId));
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Button icon={<DownloadOutlined />} loading={busy === 'excel'} onClick={() => run('excel')}>
        Exportar Excel
      </Button>
      {usesBots && (
        <Button icon={<DownloadOutlined />} loading={busy === 'bot'} onClick={() => run('bot')}>
          Reporte del bot
        </Button>
      )}
    </>
  );
}
