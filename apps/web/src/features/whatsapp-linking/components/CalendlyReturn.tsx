import { CalendarOutlined } from '@ant-design/icons';
import { validateEmail } from '@crm/shared';
import { Button, Card, DatePicker, Form, Input, Result, Spin, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { handleError } from '../../../lib/errors';
import { ruleFrom } from '../../../lib/form-rules';
import { getToken } from '../../../lib/storage';
import { type BookingInput, recordBooking } from '../api/linking.rest';
import { BOOKED_MESSAGE } from '../linkingRules';

/** What Calendly's redirect carries (its "pass event details" option), as the booking the API records. */
export function bookingFromParams(params: URLSearchParams): BookingInput | null {
  const eventStartTime = params.get('event_start_time') ?? undefined;
  const inviteeEmail = params.get('invitee_email') ?? undefined;
  const inviteeName =
    params.get('invitee_full_name') ??
    ([params.get('invitee_first_name'), params.get('invitee_last_name')].filter(Boolean).join(' ') ||
      undefined);
  const eventTypeUuid = params.get('event_type_uuid');
  const eventUri =
    params.get('event_uri') ??
    (eventTypeUuid ? `https://api.calendly.com/event_types/${eventTypeUuid}` : undefined);
  if (!eventStartTime && !inviteeEmail && !inviteeName && !eventUri) return null;
  return { eventStartTime, inviteeEmail, inviteeName, eventUri };
}

interface OwnBookingValues {
  start: Dayjs;
  name?: string;
  email?: string;
}

/**
 * /integrations/calendly_auth: the return point of 'Agendar cita'. Calendly's query parameters are recorded as
 * the booking; with none (the company has no scheduling URL) the page asks for a date and time itself.
 */
export function CalendlyReturn() {
  const [params] = useSearchParams();
  const fromCalendly = useMemo(() => bookingFromParams(params), [params]);
  const [state, setState] = useState<'form' | 'saving' | 'booked'>(fromCalendly ? 'saving' : 'form');
  const started = useRef(false);

  const save = async (booking: BookingInput) => {
    setState('saving');
    try {
      await recordBooking(booking);
      setState('booked');
    } catch (error) {
      handleError(error);
      setState('form');
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => {
    if (!fromCalendly || started.current) return;
    started.current = true;
    void saveRef.current(fromCalendly);
  }, [fromCalendly]);

  const back = getToken() ? '/chat' : '/login';

  return (
    <div className="page linking-page">
      {state === 'booked' ? (
        <Result
          status="success"
          title="¡Tu cita quedó agendada!"
          subTitle={BOOKED_MESSAGE}
          extra={
            <Link to={back}>
              <Button type="primary">Continuar</Button>
            </Link>
          }
        />
      ) : state === 'saving' ? (
        <Result icon={<Spin />} title="Registrando tu cita…" />
      ) : (
        <Card title="Agenda una cita con un experto">
          <Typography.Paragraph type="secondary">
            Elige el día y la hora en que quieres que te contactemos para vincular tu número de WhatsApp.
          </Typography.Paragraph>
          <Form<OwnBookingValues>
            layout="vertical"
            requiredMark={false}
            onFinish={(values) =>
              void save({
                eventStartTime: values.start.toISOString(),
                inviteeName: values.name?.trim() || undefined,
                inviteeEmail: values.email?.trim() || undefined,
              })
            }
          >
            <Form.Item
              label="Fecha y hora"
              name="start"
              rules={[{ required: true, message: 'Selecciona una fecha y hora' }]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm', minuteStep: 15 }}
                format="DD/MM/YYYY HH:mm"
                disabledDate={(day) => day.isBefore(dayjs(), 'day')}
                placeholder="Selecciona una fecha"
              />
            </Form.Item>
            <Form.Item label="Nombre" name="name">
              <Input maxLength={120} autoComplete="name" />
            </Form.Item>
            <Form.Item
              label="Correo"
              name="email"
              rules={[ruleFrom((value) => (value ? validateEmail(value) : null))]}
            >
              <Input type="email" maxLength={200} autoComplete="email" />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<CalendarOutlined />}>
              Agendar cita
            </Button>
          </Form>
        </Card>
      )}
    </div>
  );
}
