import { CompanyStatus, DEFAULT_ROLE_PERMISSIONS, type RoleName, toPermissionMap } from '@crm/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteGuard } from '../../../app/guards/RouteGuard';
import { NotFoundPage } from '../../../pages/NotFoundPage';
import { makeMe } from '../../../test/fixtures';
import type { Me } from '../../session/api/me.graphql';
import { SessionContext } from '../../session/SessionContext';
import { routeRedirect } from '../routeRedirect';

const perms = (role: RoleName) => toPermissionMap(DEFAULT_ROLE_PERMISSIONS[role]);

describe('routeRedirect', () => {
  it('lets an agente into the inbox and a conversation', () => {
    const check = { permissions: perms('agente'), companyStatus: CompanyStatus.ACTIVE };
    expect(routeRedirect({ ...check, path: '/chat' })).toBeNull();
    expect(routeRedirect({ ...check, path: '/chat/15' })).toBeNull();
  });

  it('sends an agente who opens the team page to /forbidden', () => {
    expect(routeRedirect({ path: '/users', permissions: perms('agente'), companyStatus: 'ACTIVE' })).toBe(
      '/forbidden',
    );
    expect(routeRedirect({ path: '/users/new', permissions: perms('agente'), companyStatus: 'ACTIVE' })).toBe(
      '/forbidden',
    );
  });

  it('lets an admin open the team and campaign pages', () => {
    const check = { permissions: perms('admin'), companyStatus: CompanyStatus.ACTIVE };
    expect(routeRedirect({ ...check, path: '/users' })).toBeNull();
    expect(routeRedirect({ ...check, path: '/broadcast/table' })).toBeNull();
  });

  it('needs campaigns for the campaign table but writeUsers for a wizard step', () => {
    const campaignsOnly = toPermissionMap(['readChat', 'campaigns']);
    expect(
      routeRedirect({ path: '/broadcast/table', permissions: campaignsOnly, companyStatus: 'ACTIVE' }),
    ).toBeNull();
    expect(
      routeRedirect({ path: '/broadcast/tags', permissions: campaignsOnly, companyStatus: 'ACTIVE' }),
    ).toBe('/forbidden');
  });

  it('opens the customer simulator to writeSpaces only (guarded by the web until the shared table lists it)', () => {
    const check = { path: '/simulador', companyStatus: CompanyStatus.ACTIVE };
    expect(routeRedirect({ ...check, permissions: perms('admin') })).toBeNull();
    expect(routeRedirect({ ...check, permissions: toPermissionMap(['readChat', 'writeSpaces']) })).toBeNull();
    expect(routeRedirect({ ...check, permissions: perms('agente') })).toBe('/forbidden');
    expect(routeRedirect({ ...check, permissions: perms('groupadmin') })).toBe('/forbidden');
  });

  it('forces a paused or inactive company to the account page', () => {
    for (const status of [CompanyStatus.PAUSED, CompanyStatus.INACTIVE]) {
      expect(routeRedirect({ path: '/chat', permissions: perms('admin'), companyStatus: status })).toBe(
        '/account',
      );
      expect(
        routeRedirect({ path: '/account', permissions: perms('admin'), companyStatus: status }),
      ).toBeNull();
    }
  });

  it('forces a company awaiting its first payment to the payment route', () => {
    expect(
      routeRedirect({
        path: '/chat',
        permissions: perms('admin'),
        companyStatus: CompanyStatus.AWAITING_FIRST_PAYMENT,
      }),
    ).toBe('/payment');
  });
});

function renderGuarded(me: Me, path: string) {
  render(
    <SessionContext.Provider value={{ me, refetchMe: async () => undefined }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/forbidden" element={<p>Página prohibida</p>} />
          <Route path="/account" element={<p>Página de cuenta</p>} />
          <Route
            path="*"
            element={
              <RouteGuard>
                <p>Contenido protegido</p>
              </RouteGuard>
            }
          />
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

describe('RouteGuard', () => {
  it('renders the page for a user who passes the guard', () => {
    renderGuarded(makeMe('admin'), '/users');
    expect(screen.getByText('Contenido protegido')).toBeDefined();
  });

  it('redirects an agente from /users to /forbidden', () => {
    renderGuarded(makeMe('agente'), '/users');
    expect(screen.getByText('Página prohibida')).toBeDefined();
    expect(screen.queryByText('Contenido protegido')).toBeNull();
  });

  it('redirects every user of a paused company to /account', () => {
    renderGuarded(makeMe('admin', {}, { status: CompanyStatus.PAUSED }), '/chat');
    expect(screen.getByText('Página de cuenta')).toBeDefined();
  });
});

describe('an unknown address while signed in (issue 19)', () => {
  it('is not forbidden: routeRedirect stays, known routes keep their guard', () => {
    const check = { permissions: perms('agente'), companyStatus: CompanyStatus.ACTIVE };
    expect(routeRedirect({ ...check, path: '/no-existe' })).toBeNull();
    expect(routeRedirect({ ...check, path: '/config/no-existe/tampoco' })).toBeNull();
    expect(routeRedirect({ ...check, path: '/users' })).toBe('/forbidden');
  });

  it('shows the not-found page, as the signed-in routes are laid out', () => {
    render(
      <SessionContext.Provider value={{ me: makeMe('agente'), refetchMe: async () => undefined }}>
        <MemoryRouter initialEntries={['/esta-pagina-no-existe']}>
          <Routes>
            <Route path="/forbidden" element={<p>Página prohibida</p>} />
            <Route
              element={
                <RouteGuard>
                  <Outlet />
                </RouteGuard>
              }
            >
              <Route path="/chat" element={<p>Bandeja</p>} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </SessionContext.Provider>,
    );
    expect(screen.getByText('Página no encontrada')).toBeDefined();
    expect(screen.queryByText('Página prohibida')).toBeNull();
  });
});
