import { dayLabel } from './messageDisplay';
import './messages.css';

export interface DaySeparatorProps {
  /** Any instant of the day (a message's ISO time). */
  date: string | number | Date;
  /** Injected by tests; the current time otherwise. */
  now?: string | number | Date;
  /** The company's time zone, the one bubble times use; DEFAULT_TIME_ZONE otherwise. */
  timeZone?: string;
}

/** The day chip between messages of different days (02 §9): 'Hoy', 'Ayer' or DD/MMM. */
export function DaySeparator({ date, now, timeZone }: DaySeparatorProps) {
  const label = dayLabel(date, now, timeZone);
  return (
    <div className="msg-day" data-testid="day-separator">
      <span className="msg-day-label">{label}</span>
    </div>
  );
}
