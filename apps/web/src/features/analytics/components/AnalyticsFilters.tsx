import { useQuery } from '@apollo/client/react';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { handleError } from '../../../lib/errors';
import { FILTER_CHANNELS_QUERY } from '../../inbox/list/api/inbox.graphql';
import type { AnalyticsFilters as FiltersState } from '../hooks/useAnalyticsFilters';

export const ANALYTICS_DATE_FORMAT = 'DD/MM/YYYY';

/**
 * The range picker and the channel filter of /analytics and /analytics/agents (01 §2.8, §5). The channels offered
 * are the ones the user sees (the inbox's list); none picked means all of them.
 */
export function AnalyticsFilters({ filters }: { filters: FiltersState }) {
  const { range, today } = filters;
  const channels = useQuery(FILTER_CHANNELS_QUERY);
  useEffect(() => {
    if (channels.error) handleError(channels.error);
  }, [channels.error]);

  const lastDay = dayjs(today);
  // 01 §5: no day after today. A range longer than the limit can be picked: the other bound then moves to fit.
  const disabledDate = (day: Dayjs) => day.isAfter(lastDay, 'day');

  const onChange = (values: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = values ?? [null, null];
    if (start && end)
      filters.changeRange({ start: start.startOf('day').toDate(), end: end.startOf('day').toDate() });
  };

  return (
    <div className="analytics-filters">
      <div className="analytics-filter">
        <span className="analytics-filter-label">Rango de fechas</span>
        <DatePicker.RangePicker
          aria-label="Rango de fechas"
          format={ANALYTICS_DATE_FORMAT}
          placeholder={['Fecha de inicio', 'Fecha de fin']}
          allowClear={false}
          value={[dayjs(range.start), dayjs(range.end)] as [Dayjs, Dayjs]}
          disabledDate={disabledDate}
          onChange={onChange}
        />
      </div>
      <div className="analytics-filter">
        <span className="analytics-filter-label">Canales</span>
        <Select<number[]>
          mode="multiple"
          allowClear
          aria-label="Canales"
          placeholder="Todos los canales"
          style={{ minWidth: 240 }}
          value={filters.channelsIds}
          onChange={filters.setChannelsIds}
          options={(channels.data?.inboxChannels ?? []).map((channel) => ({
            value: channel.id,
            label: channel.name,
          }))}
          showSearch={{ optionFilterProp: 'label' }}
          maxTagCount="responsive"
          notFoundContent="No hay canales"
        />
      </div>
    </div>
  );
}
