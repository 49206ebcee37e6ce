import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConfigPage } from '../../../pages/ConfigPage';
import { makeMe } from '../../../test/fixtures';
import { SessionContext } from '../../session/SessionContext';

function renderWith(permissions: Record<string, boolean>) {
  render(
    <MemoryRouter initialEntries={['/config']}>
      <SessionContext.Provider
        value={{ me: makeMe('agente', { permissions }), refetchMe: async () => undefined }}
      >
        <ConfigPage />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
}

describe('/config', () => {
  it('tells a user whose only /config permission is about payments that there is nothing to set up', () => {
    for (const payments of ['readPayments', 'writePayments']) {
      renderWith({ readChat: true, [payments]: true });
      expect(screen.getByTestId('config-empty').textContent).toContain(
        'No hay nada que configurar aquí con tus permisos.',
      );
      expect(screen.queryByRole('tab')).toBeNull();
      cleanup();
    }
  });
});
