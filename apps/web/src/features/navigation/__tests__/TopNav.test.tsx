import { DEFAULT_ROLE_PERMISSIONS, type RoleName, toPermissionMap, visibleNavItems } from '@crm/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TopNav } from '../components/TopNav';

const ALL_ENTRIES = [
  'Chat',
  'Tableros',
  'Contactos',
  'Multimedia',
  'Respuestas',
  'Equipo',
  'Bot',
  'Campañas',
  'Estadísticas',
  'Canales',
  'Configuración',
  'Cuenta',
  'Ayuda',
];

function renderNav(role: RoleName, { isBoardsActive = false, path = '/chat' } = {}) {
  const permissions = toPermissionMap(DEFAULT_ROLE_PERMISSIONS[role]);
  render(
    <MemoryRouter initialEntries={[path]}>
      <TopNav permissions={permissions} roleName={role} isBoardsActive={isBoardsActive} currentPath={path} />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
  const labels = within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent?.trim());
  return { permissions, labels };
}

describe('TopNav', () => {
  it('shows an agente exactly the entries its permissions open, in table order', () => {
    const { permissions, labels } = renderNav('agente');
    const expected = visibleNavItems({ permissions, roleName: 'agente', isBoardsActive: false }).map(
      (item) => item.label,
    );
    expect(labels).toEqual(expected);
    expect(labels).toContain('Chat');
    expect(labels).not.toContain('Equipo');
    expect(labels).not.toContain('Campañas');
    expect(labels).not.toContain('Configuración');
  });

  it('shows an admin every entry, with Tableros only when the company has boards', () => {
    expect(renderNav('admin', { isBoardsActive: true }).labels).toEqual(ALL_ENTRIES);
  });

  it('hides Tableros from an admin of a company without boards', () => {
    const { labels } = renderNav('admin', { isBoardsActive: false });
    expect(labels).toEqual(ALL_ENTRIES.filter((label) => label !== 'Tableros'));
  });

  it('hides Equipo from a groupadmin even with readUsers', () => {
    const { permissions, labels } = renderNav('groupadmin');
    expect(permissions.readUsers).toBe(true);
    expect(labels).not.toContain('Equipo');
  });

  it('links each entry to its route with a stable test id', () => {
    renderNav('admin', { isBoardsActive: true });
    expect(screen.getByTestId('nav-campaigns').getAttribute('href')).toBe('/broadcast/table');
    expect(screen.getByTestId('nav-users').getAttribute('href')).toBe('/users');
  });

  it('highlights the entry of the current route, including its sub-routes', () => {
    renderNav('admin', { path: '/chat/42' });
    expect(screen.getByTestId('nav-chat').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('nav-users').getAttribute('aria-current')).toBeNull();
  });

  it('highlights Configuración on a configuration sub-route', () => {
    renderNav('admin', { path: '/config/new-tag' });
    expect(screen.getByTestId('nav-config').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('nav-chat').getAttribute('aria-current')).toBeNull();
  });
});
