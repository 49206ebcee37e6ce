import { ANALYTICS_EXPORT_FILE_NAME } from '@crm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileNameFrom } from '../../../lib/download';
import { makeMe } from '../../../test/fixtures';
import { AnalyticsAgentsPage } from '../pages/AnalyticsAgentsPage';
import { PanelPage } from '../pages/PanelPage';
import {
  AGENT,
  agentRow,
  analyticsAnswer,
  location,
  PANEL,
  renderPage,
  stubAnalyticsServer,
} from './analyticsTestKit';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ok = (body: unknown) => ({ status: 200, body });
const agentNames = () =>
  within(screen.getByRole('table', { name: 'Agentes' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);
const headers = () =>
  within(screen.getByRole('table', { name: 'Agentes' }))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

describe('/analytics/agents', () => {
  it('lists the agents, sorts every column and goes back to /analytics', async () => {
    stubAnalyticsServer({ 'POST /analytics': ok(analyticsAnswer()) });
    renderPage('/analytics/agents', <AnalyticsAgentsPage />);

    await waitFor(() => expect(agentNames()).toEqual(['Bruno', 'Carla', 'Ana']));
    expect(headers()).toEqual([
      'Agente',
      'Conversaciones',
      'Respondidos',
      'Sin responder',
      'Tiempo de respuesta (min)',
      'Calificación',
    ]);

    const table = within(screen.getByRole('table', { name: 'Agentes' }));
    fireEvent.click(table.getByRole('columnheader', { name: 'Conversaciones' }));
    expect(agentNames()).toEqual(['Ana', 'Bruno', 'Carla']);
    fireEvent.click(table.getByRole('columnheader', { name: 'Conversaciones' }));
    expect(agentNames()).toEqual(['Carla', 'Bruno', 'Ana']);
    // A missing response time goes last whichever the direction.
    fireEvent.click(table.getByRole('columnheader', { name: 'Tiempo de respuesta (min)' }));
    expect(agentNames()).toEqual(['Bruno', 'Ana', 'Carla']);
    fireEvent.click(table.getByRole('columnheader', { name: 'Tiempo de respuesta (min)' }));
    expect(agentNames()).toEqual(['Ana', 'Bruno', 'Carla']);
    fireEvent.click(table.getByRole('columnheader', { name: 'Agente' }));
    expect(agentNames()).toEqual(['Ana', 'Bruno', 'Carla']);

    fireEvent.click(screen.getByRole('link', { name: /Volver a estadísticas/ }));
    expect(location()).toBe('/analytics');
  });

  it('adds the bot columns for a company using bots, and shows an agent their own row', async () => {
    stubAnalyticsServer({
      'POST /analytics': ok(
        analyticsAnswer({
          usesBots: true,
          scope: 'agent',
          agents: [
            agentRow({ agentId: 1, name: 'Ana Pérez', total: 9, botAnswered: 4, avgDurationHours: 2.25 }),
          ],
        }),
      ),
    });
    renderPage('/analytics/agents', <AnalyticsAgentsPage />, AGENT);

    await waitFor(() => expect(agentNames()).toEqual(['Ana Pérez']));
    expect(screen.getByRole('heading', { name: 'Agente' })).toBeTruthy();
    expect(headers().slice(6)).toEqual([
      'Tiempo después de asignación (min)',
      'Respondidos por el bot',
      'Duración promedio (hrs)',
    ]);
    const cells = within(screen.getByRole('table', { name: 'Agentes' })).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent).slice(6)).toEqual(['1.5', '4', '2.25']);
  });
});

describe('/panel', () => {
  it("shows today's figures, the agents available and the plan's use, 'Ilimitado' without a limit", async () => {
    stubAnalyticsServer({ 'GET /panel': ok(PANEL) });
    renderPage('/panel', <PanelPage />);

    const region = (name: string) => within(screen.getByRole('region', { name }));
    await screen.findByRole('region', { name: 'Conversaciones' });
    expect(region('Conversaciones').getByText('17')).toBeTruthy();
    expect(region('Chats respondidos').getByText('15')).toBeTruthy();
    expect(region('Chats sin responder').getByText('2')).toBeTruthy();
    expect(region('Sin responder ahora').getByText('3')).toBeTruthy();
    expect(region('Agentes disponibles').getByText('4 de 6')).toBeTruthy();
    expect(region('Conversaciones del periodo').getByText('150 de 600')).toBeTruthy();
    expect(
      region('Conversaciones del periodo')
        .getByRole('progressbar', { name: 'Conversaciones del periodo: 150 de 600' })
        .getAttribute('aria-valuenow'),
    ).toBe('25');
    expect(region('Usuarios').getByText('6 (Ilimitado)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver estadísticas' }).getAttribute('href')).toBe('/analytics');
  });

  it('links to the statistics only with readAnalytics', async () => {
    stubAnalyticsServer({ 'GET /panel': ok(PANEL) });
    renderPage('/panel', <PanelPage />, makeMe('admin', { permissions: { readCompany: true } }));
    await screen.findByRole('region', { name: 'Conversaciones' });
    expect(screen.queryByRole('link', { name: 'Ver estadísticas' })).toBeNull();
  });
});

describe('export file name', () => {
  it('takes the server name when it gives one, else the product default', () => {
    expect(
      fileNameFrom("attachment; filename*=UTF-8''Estad%C3%ADsticas.xlsx", ANALYTICS_EXPORT_FILE_NAME),
    ).toBe('Estadísticas.xlsx');
    expect(fileNameFrom('attachment; filename=reporte.xlsx', ANALYTICS_EXPORT_FILE_NAME)).toBe(
      'reporte.xlsx',
    );
    expect(fileNameFrom(null, ANALYTICS_EXPORT_FILE_NAME)).toBe('Charla CRM.xlsx');
  });
});
