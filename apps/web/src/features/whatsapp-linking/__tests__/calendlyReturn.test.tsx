import { cleanup, configure, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CalendlyAuthPage } from '../../../pages/CalendlyAuthPage';
import { stubServer } from '../../../test/stubServer';

// A busy 2-core machine needs more than the default 1 s for a request, a render and a navigation.
configure({ asyncUtilTimeout: 5000 });

const BOOKED =
  'En breve un experto se pondrá en contacto contigo para ayudarte a vincular tu número de WhatsApp.';

describe('/integrations/calendly_auth', () => {
  afterEach(async () => {
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 20));
    vi.unstubAllGlobals();
  });

  it("records the booking from Calendly's return and shows the confirmation", async () => {
    localStorage.setItem('token', 'valid');
    const calls = stubServer({
      '/api/onboarding/booking': { status: 200, body: { booked: true, message: BOOKED } },
    });
    const query = new URLSearchParams({
      event_start_time: '2026-12-01T16:00:00-06:00',
      invitee_email: 'ana@tienda.mx',
      invitee_full_name: 'Ana Pérez',
      event_type_uuid: 'ET123',
    });
    render(
      <MemoryRouter initialEntries={[`/integrations/calendly_auth?${query.toString()}`]}>
        <Routes>
          <Route path="/integrations/calendly_auth" element={<CalendlyAuthPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText(BOOKED)).toBeTruthy();
    expect(calls).toEqual([
      {
        path: '/api/onboarding/booking',
        body: {
          eventStartTime: '2026-12-01T16:00:00-06:00',
          inviteeEmail: 'ana@tienda.mx',
          inviteeName: 'Ana Pérez',
          eventUri: 'https://api.calendly.com/event_types/ET123',
        },
      },
    ]);
  });

  it('asks for the date itself when it comes without Calendly parameters', async () => {
    const calls = stubServer({});
    render(
      <MemoryRouter initialEntries={['/integrations/calendly_auth']}>
        <Routes>
          <Route path="/integrations/calendly_auth" element={<CalendlyAuthPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByLabelText('Fecha y hora')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
