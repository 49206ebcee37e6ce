import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhoneSelectionPage } from '../../../pages/PhoneSelectionPage';
import { stubServer } from '../../../test/stubServer';

// A busy 2-core machine needs more than the default 1 s for a request, a render and a navigation.
configure({ asyncUtilTimeout: 5000 });

describe('/phone-selection', () => {
  afterEach(async () => {
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 20));
    vi.unstubAllGlobals();
  });

  it('shows the instructions for the same number and records the choice before linking', async () => {
    localStorage.setItem('token', 'valid');
    const calls = stubServer({ '/api/set-old-phone': { status: 200, body: {} } });
    render(
      <MemoryRouter initialEntries={['/phone-selection']}>
        <Routes>
          <Route path="/phone-selection" element={<PhoneSelectionPage />} />
          <Route path="/link-whatsapp" element={<div>Vinculación</div>} />
        </Routes>
      </MemoryRouter>,
    );
    const next = screen.getByRole('button', { name: /Siguiente/ }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    expect(screen.queryByTestId('instructions-same-number')).toBeNull();
    fireEvent.click(screen.getByLabelText('Usar el mismo número'));
    expect(screen.getByTestId('instructions-same-number')).toBeTruthy();
    fireEvent.click(next);
    expect(await screen.findByText('Vinculación')).toBeTruthy();
    expect(calls).toEqual([{ path: '/api/set-old-phone', body: { isUseNewPhone: false } }]);
  });
});
