import type { AnalyticsResponse } from '@crm/shared';
import { Card, Empty } from 'antd';
import type { ReactNode } from 'react';
import {
  ChannelsPieChart,
  ConversationsPerDayChart,
  MessagesHeatmapChart,
  ResponseTimesChart,
} from '../charts/Charts';
import { chartsData } from '../charts/chartData';

function ChartCard({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <Card size="small" className="analytics-chart">
      <figure aria-labelledby={id} className="analytics-figure">
        <figcaption id={id} className="analytics-chart-title">
          {title}
        </figcaption>
        {empty ? <Empty description="Sin datos en este periodo" /> : children}
      </figure>
    </Card>
  );
}

/** 01 §2.8 charts: conversations per day, messages by weekday and hour, by channel, first-response times. */
export function AnalyticsCharts({ data }: { data: AnalyticsResponse }) {
  const charts = chartsData(data);
  const noResponses = charts.responseTimes.every((bar) => bar.count === 0);
  return (
    <div className="analytics-charts">
      <ChartCard id="chart-per-day" title="Conversaciones por día" empty={charts.perDay.length === 0}>
        <ConversationsPerDayChart data={charts.perDay} />
      </ChartCard>
      <ChartCard
        id="chart-heatmap"
        title="Mensajes por día de la semana y hora"
        empty={charts.heatmap.every((cell) => cell.messages === 0)}
      >
        <MessagesHeatmapChart data={charts.heatmap} />
      </ChartCard>
      <ChartCard id="chart-channels" title="Conversaciones por canal" empty={charts.byChannel.length === 0}>
        <ChannelsPieChart data={charts.byChannel} />
      </ChartCard>
      <ChartCard id="chart-response" title="Tiempo de primera respuesta" empty={noResponses}>
        <ResponseTimesChart data={charts.responseTimes} />
      </ChartCard>
    </div>
  );
}
