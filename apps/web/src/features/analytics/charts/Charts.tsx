import { Column, Heatmap, Line, Pie } from '@ant-design/plots';
import type { ChannelSlice, HeatPoint, PerDayPoint, ResponseTimeBar } from './chartData';

/*
 * The only module that touches the chart library (canvas): unit tests replace it with a stub that records the data
 * each chart receives; the browser test draws the real charts. Data arrives already shaped by chartData.ts.
 */

const HEIGHT = 260;

export function ConversationsPerDayChart({ data }: { data: PerDayPoint[] }) {
  // From zero: a quiet week must not look like a collapse.
  return (
    <Line
      data={data}
      xField="day"
      yField="value"
      colorField="series"
      scale={{ y: { domainMin: 0 } }}
      height={HEIGHT}
      autoFit
    />
  );
}

export function MessagesHeatmapChart({ data }: { data: HeatPoint[] }) {
  return (
    <Heatmap
      data={data}
      xField="hour"
      yField="weekday"
      colorField="messages"
      mark="cell"
      height={HEIGHT}
      autoFit
      axis={{ x: { labelAutoHide: true } }}
    />
  );
}

export function ChannelsPieChart({ data }: { data: ChannelSlice[] }) {
  return (
    <Pie
      data={data}
      angleField="conversations"
      colorField="channel"
      innerRadius={0.6}
      height={HEIGHT}
      autoFit
    />
  );
}

export function ResponseTimesChart({ data }: { data: ResponseTimeBar[] }) {
  return <Column data={data} xField="bucket" yField="count" height={HEIGHT} autoFit />;
}
