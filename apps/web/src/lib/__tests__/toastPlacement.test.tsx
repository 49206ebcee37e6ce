import { act, render, screen, waitFor } from '@testing-library/react';
import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers/AppProviders';
import { HEADER_HEIGHT } from '../../app/providers/theme';
import { registerToastApi, toast } from '../toast';

describe('toast placement (issue 19)', () => {
  it('opens toasts below the top bar, not over its menu', async () => {
    render(
      <AppProviders>
        <header style={{ height: HEADER_HEIGHT }}>Barra superior</header>
      </AppProviders>,
    );
    await screen.findByText('Barra superior');
    act(() => toast.success('Datos guardados'));
    await screen.findByText('Datos guardados');
    const container = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('.ant-message');
      if (!element) throw new Error('no message container');
      return element;
    });
    // antd places the list through this variable (its old default was 8 px, over the bar).
    const top = container.style.getPropertyValue('--notification-top') || container.style.top;
    expect(Number.parseInt(top, 10)).toBeGreaterThan(HEADER_HEIGHT);
  });
});

describe('toast durations (01 §9)', () => {
  afterEach(() => registerToastApi(staticMessage));

  it('closes toasts after 10 s, warnings after 15 s, keeps persistent ones and honours a given duration', () => {
    const opened: Array<{ type?: string; content?: unknown; duration?: number }> = [];
    const recorder = {
      open: (config: { type?: string; content?: unknown; duration?: number }) => {
        opened.push({ type: config.type, content: config.content, duration: config.duration });
        return () => undefined;
      },
      destroy: () => undefined,
    } as unknown as MessageInstance;
    registerToastApi(recorder);
    toast.success('Guardado');
    toast.error('Falló');
    toast.info('Aviso');
    toast.warning('Cuidado');
    toast.warning('Sin conexión', { persistent: true });
    toast.success('Conexión restablecida', { durationMs: 6000 });
    expect(opened).toEqual([
      { type: 'success', content: 'Guardado', duration: 10 },
      { type: 'error', content: 'Falló', duration: 10 },
      { type: 'info', content: 'Aviso', duration: 10 },
      { type: 'warning', content: 'Cuidado', duration: 15 },
      { type: 'warning', content: 'Sin conexión', duration: 0 },
      { type: 'success', content: 'Conexión restablecida', duration: 6 },
    ]);
  });
});
