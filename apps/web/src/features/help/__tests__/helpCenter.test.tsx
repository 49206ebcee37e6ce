import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HelpPage } from '../../../pages/HelpPage';
import { stubServer } from '../../../test/stubServer';
import { SUPPORT_REQUESTED_MESSAGE } from '../components/HelpCenter';

// A busy 2-core machine needs more than the default 1 s for a request, a render and a navigation.
configure({ asyncUtilTimeout: 5000 });

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../../../lib/toast', () => ({
  toast: {
    error: (text: string) => toasts.push(text),
    success: (text: string) => toasts.push(text),
    warning: () => undefined,
    info: () => undefined,
    close: () => undefined,
  },
}));

function renderHelp() {
  localStorage.setItem('token', 'valid');
  render(
    <MemoryRouter initialEntries={['/help']}>
      <HelpPage />
    </MemoryRouter>,
  );
}

const guideTitles = () =>
  screen.queryAllByTestId(/^guide-/).map((card) => card.getAttribute('data-testid')?.replace('guide-', ''));

describe('/help', () => {
  afterEach(async () => {
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 20));
    vi.unstubAllGlobals();
  });

  it('lists a guide per main screen and the linking instructions under #videos', () => {
    stubServer({});
    renderHelp();
    expect(guideTitles()).toEqual([
      'chat',
      'contactos',
      'campanas',
      'bot',
      'canales',
      'configuracion',
      'cuenta',
      'estadisticas',
    ]);
    expect(document.getElementById('videos')?.textContent).toContain(
      'Usar el número que ya tienes en WhatsApp',
    );
  });

  it('filters the guides by the search, without minding accents or case', () => {
    stubServer({});
    renderHelp();
    const search = screen.getByLabelText('Buscar en las guías');
    fireEvent.change(search, { target: { value: 'CAMPANA' } });
    expect(guideTitles()).toEqual(['campanas']);
    fireEvent.change(search, { target: { value: 'tarjeta' } });
    expect(guideTitles()).toEqual(['cuenta']);
    fireEvent.change(search, { target: { value: 'xyz sin resultados' } });
    expect(guideTitles()).toEqual([]);
    expect(screen.getByText('No encontramos guías con esa búsqueda')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });
    expect(guideTitles()).toHaveLength(8);
  });

  it('asks support for help through the onboarding record', async () => {
    const calls = stubServer({
      '/api/onboarding/need-help': { status: 200, body: { requested: true, needHelpAt: null } },
    });
    renderHelp();
    fireEvent.click(screen.getByRole('button', { name: /Contactar a soporte/ }));
    await waitFor(() => expect(toasts).toEqual([SUPPORT_REQUESTED_MESSAGE]));
    expect(calls.map((call) => call.path)).toEqual(['/api/onboarding/need-help']);
  });
});
