import { timeZoneOption, WEEKDAY_LABELS, type WorkingDay, type WorkingHours } from '@crm/shared';
import { Checkbox, Select, Space, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { TIME_OPTIONS, timeZoneOptions } from '../teamForm';

interface WorkingHoursEditorProps {
  value: WorkingHours;
  onChange: (value: WorkingHours) => void;
  companyZone: string;
  /** The server's or the validator's message, shown under the schedule. */
  error: string | null;
}

const TIME_SELECT_OPTIONS = TIME_OPTIONS.map((time) => ({ value: time, label: time }));

/** 02 §3 Working hours: on/off, the zone they are read in, and each weekday's start and end. */
export function WorkingHoursEditor({ value, onChange, companyZone, error }: WorkingHoursEditorProps) {
  const zones = useMemo(
    () => timeZoneOptions(companyZone).map((zone) => timeZoneOption(zone)),
    [companyZone],
  );
  const setDay = (day: WorkingDay['day'], change: Partial<WorkingDay>) =>
    onChange({ ...value, days: value.days.map((d) => (d.day === day ? { ...d, ...change } : d)) });

  return (
    <div className="team-hours" data-testid="working-hours">
      <Space wrap align="center" className="team-hours-head">
        <Switch
          checked={value.isActive}
          onChange={(isActive) => onChange({ ...value, isActive })}
          aria-label="Activar horario laboral"
        />
        <Typography.Text>Activar horario laboral</Typography.Text>
        <Select
          aria-label="Zona horaria"
          className="team-hours-zone"
          showSearch={{ optionFilterProp: 'search' }}
          value={value.timezone}
          options={zones}
          onChange={(timezone) => onChange({ ...value, timezone })}
          disabled={!value.isActive}
        />
      </Space>
      <div className="team-hours-days">
        {value.days.map((entry) => (
          <div key={entry.day} className="team-hours-day" data-testid={`day-${entry.day}`}>
            <Checkbox
              checked={entry.isActive}
              disabled={!value.isActive}
              onChange={(event) => setDay(entry.day, { isActive: event.target.checked })}
            >
              {WEEKDAY_LABELS[entry.day]}
            </Checkbox>
            <Select
              aria-label={`Entrada ${WEEKDAY_LABELS[entry.day]}`}
              className="team-hours-time"
              showSearch={{ optionFilterProp: 'label' }}
              value={entry.start}
              options={TIME_SELECT_OPTIONS}
              disabled={!value.isActive || !entry.isActive}
              onChange={(start) => setDay(entry.day, { start })}
            />
            <Typography.Text type="secondary">a</Typography.Text>
            <Select
              aria-label={`Salida ${WEEKDAY_LABELS[entry.day]}`}
              className="team-hours-time"
              showSearch={{ optionFilterProp: 'label' }}
              value={entry.end}
              options={TIME_SELECT_OPTIONS}
              disabled={!value.isActive || !entry.isActive}
              onChange={(end) => setDay(entry.day, { end })}
            />
          </div>
        ))}
      </div>
      {error && (
        <Typography.Text type="danger" data-testid="working-hours-error">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
