import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../../features/session/SessionContext';
import { makeMe } from '../../../test/fixtures';
import { emit } from '../../../test/socketStub';
import { RealtimeBridge } from '../RealtimeBridge';

vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

function renderAt(path: string) {
  const refetchMe = vi.fn(async () => undefined);
  const page = (name: string) => (
    <>
      <RealtimeBridge />
      <p>{name}</p>
    </>
  );
  render(
    <SessionContext.Provider value={{ me: makeMe('admin'), refetchMe }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/config" element={page('configuración')} />
          <Route path="/spaces/new-whatsapp" element={page('vincular línea')} />
          <Route path="/chat" element={<p>bandeja</p>} />
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
  return refetchMe;
}

describe('RealtimeBridge (02 §7: onLinkedChannel and updateUserData apply on every page)', () => {
  it('goes to /chat when a line of the company is linked', async () => {
    renderAt('/config');
    emit('onLinkedChannel', { channelId: 4 });
    expect(await screen.findByText('bandeja')).toBeDefined();
  });

  it('leaves the linking page to follow its own line (02 §2: it goes to /spaces)', () => {
    renderAt('/spaces/new-whatsapp');
    emit('onLinkedChannel', { channelId: 4 });
    expect(screen.getByText('vincular línea')).toBeDefined();
  });

  it('loads the user again on updateUserData', () => {
    const refetchMe = renderAt('/config');
    emit('updateUserData', { userId: 1, companyId: 1, reason: 'team' });
    expect(refetchMe).toHaveBeenCalledTimes(1);
  });
});
