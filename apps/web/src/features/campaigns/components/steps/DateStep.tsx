import { CAMPAIGN_MESSAGES, todayIn } from '@crm/shared';
import { DatePicker, Form, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCompanyTimeZone } from '../../../session/hooks/useCompanyTimeZone';
import { sendAtOf } from '../../campaignDraft';
import { StepActions } from '../StepActions';
import type { StepProps } from './stepProps';

const DAY_FORMAT = 'YYYY-MM-DD';
const TIME_FORMAT = 'HH:mm';

/**
 * 01 §2.7 selectDate: a day (today at the earliest, in the company's zone) and a time, both read as the company's
 * wall clock whatever the browser's zone; Continue stores the moment as an ISO timestamp.
 */
export function DateStep({ draft, update, goBack, goNext }: StepProps) {
  const timeZone = useCompanyTimeZone();
  const today = dayjs(todayIn(timeZone));
  const sendAt = draft.sendDate && draft.sendTime ? sendAtOf(draft.sendDate, draft.sendTime, timeZone) : null;

  return (
    <>
      <Form layout="vertical" component="div" className="cmp-date-form">
        <Form.Item label={CAMPAIGN_MESSAGES.date} htmlFor="campaign-send-date">
          <DatePicker
            id="campaign-send-date"
            format="DD/MM/YYYY"
            placeholder="Elige el día"
            value={draft.sendDate ? dayjs(`${draft.sendDate}T00:00`) : null}
            disabledDate={(day: Dayjs) => day.isBefore(today, 'day')}
            onChange={(value: Dayjs | null) =>
              update({ sendDate: value ? value.format(DAY_FORMAT) : null, sendAt: null })
            }
          />
        </Form.Item>
        <Form.Item label={CAMPAIGN_MESSAGES.time} htmlFor="campaign-send-time">
          <TimePicker
            id="campaign-send-time"
            format={TIME_FORMAT}
            placeholder="Elige la hora"
            minuteStep={5}
            needConfirm={false}
            value={draft.sendTime ? dayjs(`2000-01-01T${draft.sendTime}`) : null}
            onChange={(value: Dayjs | null) =>
              update({ sendTime: value ? value.format(TIME_FORMAT) : null, sendAt: null })
            }
          />
        </Form.Item>
      </Form>
      <StepActions
        onBack={goBack}
        onContinue={() => {
          if (!sendAt) return;
          update({ sendAt });
          goNext();
        }}
        continueDisabled={sendAt === null}
      />
    </>
  );
}
