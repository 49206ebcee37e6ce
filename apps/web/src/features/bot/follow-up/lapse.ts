import { CAMPAIGN_FOLLOW_UP_DELAYS_SECONDS } from '@crm/shared';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A waiting time in words: '2 minutos', '1 hora', '24 horas', '3 días'; whole days above 2 days, as the presets. */
export function lapseLabel(seconds: number): string {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  if (seconds > 2 * DAY && seconds % DAY === 0) return plural(seconds / DAY, 'día', 'días');
  if (seconds >= HOUR && seconds % HOUR === 0) return plural(seconds / HOUR, 'hora', 'horas');
  if (seconds >= MINUTE && seconds % MINUTE === 0) return plural(seconds / MINUTE, 'minuto', 'minutos');
  return plural(seconds, 'segundo', 'segundos');
}

/** 02 §9 follow-up delays (2 min, 1 h, 24 h, 3 d, 5 d, 10 d, 30 d), plus a stored value that is none of them. */
export function lapseOptions(current?: number | null): Array<{ value: number; label: string }> {
  const values: number[] = [...CAMPAIGN_FOLLOW_UP_DELAYS_SECONDS];
  if (typeof current === 'number' && current > 0 && !values.includes(current)) {
    values.push(current);
    values.sort((a, b) => a - b);
  }
  return values.map((value) => ({ value, label: lapseLabel(value) }));
}
