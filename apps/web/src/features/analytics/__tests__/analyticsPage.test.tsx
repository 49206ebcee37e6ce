import { ANALYTICS_FETCH_ERROR_MESSAGE, ANALYTICS_ROW_CAP_WARNING, BOT_REPORT_FILE_NAME } from '@crm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartsData } from '../charts/chartData';
import { AnalyticsAgentsPage } from '../pages/AnalyticsAgentsPage';
import { AnalyticsPage } from '../pages/AnalyticsPage';
import {
  AGENT,
  analyticsAnswer,
  type Call,
  callsNamed,
  location,
  renderPage,
  stubAnalyticsServer,
} from './analyticsTestKit';

// The charts draw on canvas: here each records the data it was given.
const drawn = vi.hoisted(() => ({}) as Partial<ChartsData>);
vi.mock('../charts/Charts', () => ({
  ConversationsPerDayChart: ({ data }: { data: ChartsData['perDay'] }) => {
    drawn.perDay = data;
    return <div data-testid="chart-per-day" />;
  },
  MessagesHeatmapChart: ({ data }: { data: ChartsData['heatmap'] }) => {
    drawn.heatmap = data;
    return <div data-testid="chart-heatmap" />;
  },
  ChannelsPieChart: ({ data }: { data: ChartsData['byChannel'] }) => {
    drawn.byChannel = data;
    return <div data-testid="chart-channels" />;
  },
  ResponseTimesChart: ({ data }: { data: ChartsData['responseTimes'] }) => {
    drawn.responseTimes = data;
    return <div data-testid="chart-response" />;
  },
}));

const ok = (body: unknown) => ({ status: 200, body });
const analyticsCalls = (calls: Call[]) => callsNamed(calls, 'POST /analytics');
const card = (title: string) => within(screen.getByRole('region', { name: title }));

beforeEach(() => {
  // Noon in Mexico City on 26 Nov 2026 (UTC−6 all year): the company's today.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T18:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/analytics', () => {
  it('asks for the last 7 days of the company in UTC and every channel, and shows the cards', async () => {
    const calls = stubAnalyticsServer({ 'POST /analytics': ok(analyticsAnswer()) });
    renderPage('/analytics', <AnalyticsPage />);

    await screen.findByRole('region', { name: 'Conversaciones' });
    expect(analyticsCalls(calls)[0]?.body).toEqual({
      startDate: '2026-11-20T06:00:00.000Z',
      endDate: '2026-11-27T05:59:59.999Z',
      channelsIds: [],
    });

    const titles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles.slice(0, 8)).toEqual([
      'Conversaciones',
      'Conversaciones Activas',
      'WhatsApps',
      'Messenger',
      'Campañas de anuncios',
      'Chats respondidos',
      'Chats sin responder',
      'Horario con más mensajes',
    ]);
    expect(card('Conversaciones').getByText('120')).toBeTruthy();
    expect(card('Conversaciones').getByText(/\+20 %/)).toBeTruthy();
    expect(card('Conversaciones').getByLabelText('Sube')).toBeTruthy();
    expect(card('Conversaciones Activas').getByText(/-25 %/)).toBeTruthy();
    expect(card('Conversaciones Activas').getByLabelText('Baja')).toBeTruthy();
    expect(card('Messenger').getByText('Sin datos previos')).toBeTruthy();
    expect(card('Chats sin responder').getByText(/\+200 %/)).toBeTruthy();
    expect(card('Horario con más mensajes').getByText('14:00 - 15:00')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Conversaciones con el bot' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reporte del bot/ })).toBeNull();
    expect(screen.queryByText(ANALYTICS_ROW_CAP_WARNING)).toBeNull();
    // The sessions list, phone included for a role with canSeePhoneNumber.
    const list = within(screen.getByRole('table', { name: 'Conversaciones del periodo' }));
    expect(list.getByText('Lucía Gómez')).toBeTruthy();
    expect(list.getByText('+525512340001')).toBeTruthy();
  });

  it('hands each chart its series with Spanish labels', async () => {
    stubAnalyticsServer({ 'POST /analytics': ok(analyticsAnswer()) });
    renderPage('/analytics', <AnalyticsPage />);
    await screen.findByTestId('chart-heatmap');

    expect(drawn.perDay).toEqual([
      { day: '25/11', series: 'Conversaciones', value: 30 },
      { day: '25/11', series: 'Respondidas', value: 20 },
      { day: '26/11', series: 'Conversaciones', value: 12 },
      { day: '26/11', series: 'Respondidas', value: 10 },
    ]);
    expect(drawn.heatmap).toHaveLength(7 * 24);
    expect(drawn.heatmap).toContainEqual({ weekday: 'Lun', hour: '09:00', messages: 14 });
    expect(drawn.heatmap).toContainEqual({ weekday: 'Dom', hour: '23:00', messages: 2 });
    expect(drawn.heatmap).toContainEqual({ weekday: 'Mié', hour: '12:00', messages: 0 });
    expect(drawn.byChannel).toEqual([
      { channel: 'WhatsApp Ventas', conversations: 100 },
      { channel: 'Messenger Tienda', conversations: 20 },
    ]);
    expect(drawn.responseTimes).toEqual([
      { bucket: 'Menos de 1 min', count: 5 },
      { bucket: '1 a 5 min', count: 0 },
      { bucket: '5 a 15 min', count: 7 },
      { bucket: '15 a 60 min', count: 0 },
      { bucket: '1 a 4 horas', count: 0 },
      { bucket: 'Más de 4 horas', count: 0 },
    ]);
  });

  it('adds the bot cards, the bot report and the row-cap warning when the answer says so', async () => {
    const answer = analyticsAnswer({
      usesBots: true,
      botStats: { botConversations: 40, botOnly: 25, handedOver: 15 },
      previous: {
        ...analyticsAnswer().previous,
        botStats: { botConversations: 50, botOnly: 40, handedOver: 10 },
      },
      rowCapExceeded: true,
      clientsTotal: 900,
    });
    stubAnalyticsServer({ 'POST /analytics': ok(answer) });
    renderPage('/analytics', <AnalyticsPage />);

    await screen.findByRole('region', { name: 'Conversaciones con el bot' });
    expect(card('Conversaciones con el bot').getByText('40')).toBeTruthy();
    expect(card('Conversaciones con el bot').getByText(/-20 %/)).toBeTruthy();
    expect(card('Transferidas a un agente').getByText('15')).toBeTruthy();
    expect(card('Transferidas a un agente').getByText(/\+50 %/)).toBeTruthy();
    expect(screen.getByText(ANALYTICS_ROW_CAP_WARNING)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Reporte del bot/ })).toBeTruthy();
  });

  it('shows the analytics error, or the reason of a refused range', async () => {
    stubAnalyticsServer({ 'POST /analytics': { status: 500, body: { code: 'ERROR_GETTING_ANALYTICS' } } });
    const first = renderPage('/analytics', <AnalyticsPage />);
    expect(await screen.findByText(ANALYTICS_FETCH_ERROR_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Conversaciones' })).toBeNull();
    first.unmount();

    const reason = 'El rango de fechas no puede superar 15 días.';
    stubAnalyticsServer({
      'POST /analytics': { status: 400, body: { code: 'ANALYTICS_RANGE_TOO_LONG', userMessage: reason } },
    });
    renderPage('/analytics', <AnalyticsPage />);
    expect(await screen.findByText(reason)).toBeTruthy();
  });

  it('moves the end when the start goes past the limit, and asks again for the new days', async () => {
    const calls = stubAnalyticsServer({ 'POST /analytics': ok(analyticsAnswer()) });
    renderPage('/analytics', <AnalyticsPage />);
    await screen.findByRole('region', { name: 'Conversaciones' });

    const start = screen.getByPlaceholderText('Fecha de inicio') as HTMLInputElement;
    fireEvent.mouseDown(start);
    fireEvent.focus(start);
    fireEvent.change(start, { target: { value: '01/10/2026' } });
    fireEvent.keyDown(start, { key: 'Enter', code: 'Enter' });
    const end = screen.getByPlaceholderText('Fecha de fin') as HTMLInputElement;
    fireEvent.keyDown(end, { key: 'Enter', code: 'Enter' });
    fireEvent.blur(end);

    // The company's limit is 15 days (no override): 1 to 15 October, both included.
    await waitFor(() => expect(analyticsCalls(calls)).toHaveLength(2));
    expect(analyticsCalls(calls)[1]?.body).toEqual({
      startDate: '2026-10-01T06:00:00.000Z',
      endDate: '2026-10-16T05:59:59.999Z',
      channelsIds: [],
    });
    await waitFor(() => expect(end.value).toBe('15/10/2026'));
    expect(start.value).toBe('01/10/2026');
  });

  it('asks again with the picked channels, and the agent table opens on the same filters', async () => {
    const calls = stubAnalyticsServer({ 'POST /analytics': ok(analyticsAnswer()) });
    renderPage('/analytics', <AnalyticsPage />, undefined, { '/analytics/agents': <AnalyticsAgentsPage /> });
    await screen.findByRole('region', { name: 'Conversaciones' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Canales' }));
    fireEvent.click(await screen.findByTitle('Messenger Tienda'));

    await waitFor(() => expect(analyticsCalls(calls)).toHaveLength(2));
    expect(analyticsCalls(calls)[1]?.body).toMatchObject({ channelsIds: [8] });

    fireEvent.click(screen.getByRole('button', { name: 'Agentes' }));
    await waitFor(() => expect(analyticsCalls(calls)).toHaveLength(3));
    expect(location()).toBe('/analytics/agents');
    expect(analyticsCalls(calls)[2]?.body).toEqual(analyticsCalls(calls)[1]?.body);
  });

  it('downloads the Excel export and the bot report of the range on screen', async () => {
    const saved: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:analytics';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const calls = stubAnalyticsServer({
      'POST /analytics': ok(analyticsAnswer({ usesBots: true })),
      'GET /analytics/export': {
        status: 200,
        body: 'xlsx',
        headers: { 'Content-Disposition': 'attachment; filename="Estadisticas noviembre.xlsx"' },
      },
      'GET /analytics/bot-report': { status: 200, body: 'xlsx' },
    });
    try {
      renderPage('/analytics', <AnalyticsPage />);
      await screen.findByRole('region', { name: 'Conversaciones' });

      fireEvent.click(screen.getByRole('button', { name: /Exportar Excel/ }));
      await waitFor(() => expect(saved).toEqual(['Estadisticas noviembre.xlsx']));
      const exported = new URLSearchParams(callsNamed(calls, 'GET /analytics/export')[0]?.query);
      expect(Object.fromEntries(exported)).toEqual({
        startDate: '2026-11-20T06:00:00.000Z',
        endDate: '2026-11-27T05:59:59.999Z',
        channelsIds: '',
      });

      fireEvent.click(screen.getByRole('button', { name: /Reporte del bot/ }));
      await waitFor(() => expect(saved).toEqual(['Estadisticas noviembre.xlsx', BOT_REPORT_FILE_NAME]));
      const bot = new URLSearchParams(callsNamed(calls, 'GET /analytics/bot-report')[0]?.query);
      expect(Object.fromEntries(bot)).toEqual({
        startDate: '2026-11-20T06:00:00.000Z',
        endDate: '2026-11-27T05:59:59.999Z',
        companyId: '1',
        channelsIds: '',
      });
    } finally {
      click.mockRestore();
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it("reads 'Agentes' for an admin and 'Agente' for an agent, and opens the agent table", async () => {
    stubAnalyticsServer({ 'POST /analytics': ok(analyticsAnswer()) });
    const admin = renderPage('/analytics', <AnalyticsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Agentes' }));
    expect(location()).toBe('/analytics/agents');
    admin.unmount();

    renderPage('/analytics', <AnalyticsPage />, AGENT);
    expect(await screen.findByRole('button', { name: 'Agente' })).toBeTruthy();
    // An agent has neither writeCompany (no report e-mails) nor canSeePhoneNumber (no phone column).
    expect(screen.queryByRole('button', { name: 'Reportes por correo' })).toBeNull();
    await screen.findByRole('table', { name: 'Conversaciones del periodo' });
    expect(screen.queryByRole('columnheader', { name: 'Teléfono' })).toBeNull();
  });
});
