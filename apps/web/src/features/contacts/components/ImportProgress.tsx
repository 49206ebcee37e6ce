import { PROGRESS_TEXT_WHITE_ABOVE } from '@crm/shared';

interface ImportProgressProps {
  percent: number;
  label: string;
}

/** 02 §2 percentage bar of the import; 02 §7: its text turns white above 40 %, where the bar runs under it. */
export function ImportProgress({ percent, label }: ImportProgressProps) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  const onBar = value > PROGRESS_TEXT_WHITE_ABOVE;
  return (
    <div
      className="contacts-import-progress"
      role="progressbar"
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label}
    >
      <div className="contacts-import-progress-fill" style={{ width: `${value}%` }} />
      <span
        className="contacts-import-progress-text"
        data-on-bar={onBar ? 'true' : 'false'}
        style={{ color: onBar ? '#ffffff' : '#262626' }}
      >
        {label} {value}%
      </span>
    </div>
  );
}
