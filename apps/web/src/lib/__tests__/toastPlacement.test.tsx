import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers/AppProviders';
import { HEADER_HEIGHT } from '../../app/providers/theme';
import { toast } from '../toast';

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
