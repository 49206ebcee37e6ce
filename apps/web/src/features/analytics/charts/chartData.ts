import { type AnalyticsResponse, RESPONSE_TIME_BUCKETS } from '@crm/shared';

/** Monday first, as the API numbers weekdays (0 = Monday … 6 = Sunday). */
export const WEEKDAY_LABELS = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'] as const;

export interface PerDayPoint {
  /** DD/MM, the company's calendar day. */
  day: string;
  series: 'Conversaciones' | 'Respondidas';
  value: number;
}

export interface HeatPoint {
  weekday: string;
  hour: string;
  messages: number;
}

export interface ChannelSlice {
  channel: string;
  conversations: number;
}

export interface ResponseTimeBar {
  bucket: string;
  count: number;
}

export interface ChartsData {
  perDay: PerDayPoint[];
  heatmap: HeatPoint[];
  byChannel: ChannelSlice[];
  responseTimes: ResponseTimeBar[];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The answer's series in the shape each chart plots (labels in Spanish, every bucket and hour present). */
export function chartsData(data: AnalyticsResponse): ChartsData {
  const perDay = data.perDay.flatMap((day) => {
    const [, month, date] = day.date.split('-');
    const label = `${date}/${month}`;
    return [
      { day: label, series: 'Conversaciones' as const, value: day.conversations },
      { day: label, series: 'Respondidas' as const, value: day.answered },
    ];
  });

  // Every weekday × hour cell, so a quiet hour shows as empty instead of missing.
  const messages = new Map(data.heatmap.map((cell) => [`${cell.weekday}:${cell.hour}`, cell.messages]));
  const heatmap = WEEKDAY_LABELS.flatMap((weekday, index) =>
    Array.from({ length: 24 }, (_, hour) => ({
      weekday,
      hour: `${pad(hour)}:00`,
      messages: messages.get(`${index}:${hour}`) ?? 0,
    })),
  );

  const byChannel = data.byChannel
    .filter((channel) => channel.conversations > 0)
    .map((channel) => ({ channel: channel.name, conversations: channel.conversations }));

  const counts = new Map(data.responseTimes.map((bucket) => [bucket.key, bucket.count]));
  const responseTimes = RESPONSE_TIME_BUCKETS.map((bucket) => ({
    bucket: bucket.label,
    count: counts.get(bucket.key) ?? 0,
  }));

  return { perDay, heatmap, byChannel, responseTimes };
}
