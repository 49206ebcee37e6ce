import { ApolloProvider } from '@apollo/client/react';
import { type CompanySettings, DEFAULT_COMPANY_SETTINGS, type RoleName } from '@crm/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../../lib/apollo';
import { makeMe } from '../../../../test/fixtures';
import { stubGraphql } from '../../../inbox/window/__tests__/graphqlStub';
import { SessionContext } from '../../../session/SessionContext';
import { CompanySettingsTab } from '../CompanySettingsTab';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../../../../lib/toast', () => ({
  toast: {
    error: (text: string) => toasts.push(text),
    success: (text: string) => toasts.push(text),
    warning: () => undefined,
    info: () => undefined,
    close: () => undefined,
  },
}));

function setup(role: RoleName, initial: CompanySettings, permissions?: Record<string, boolean>) {
  let stored = { ...initial };
  const calls = stubGraphql((operation, variables) => {
    switch (operation) {
      case 'ConfigCompanySettings':
        return { data: { companySettings: { __typename: 'CompanySettings', ...stored } } };
      case 'ConfigUpdateCompanySettings': {
        const input = variables.input as Partial<CompanySettings>;
        stored = { ...stored, ...input };
        // The server applies 02 §4: the bot after a day off takes its auto-assign with it.
        if (!stored.isBotActiveAfterDay) stored.isBotAutoAssignActiveAfterDay = false;
        return { data: { updateCompanySettings: { __typename: 'CompanySettings', ...stored } } };
      }
      case 'ConfigLocations':
        return {
          data: { locations: [{ __typename: 'Location', id: 1, name: 'Oficina central', userCount: 3 }] },
        };
      case 'ConfigCategories':
        return { data: { categories: [{ __typename: 'Category', id: 4, name: 'General' }] } };
      case 'ConfigCreateLocation':
        return {
          errors: [
            {
              message: 'dup',
              extensions: {
                code: 'VALIDATION_ERROR',
                field: 'name',
                userMessage: 'Ya existe una ubicación con ese nombre.',
              },
            },
          ],
        };
      default:
        return { errors: [{ message: `No stub for ${operation}` }] };
    }
  });
  localStorage.setItem('token', 'valid');
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider
        value={{ me: makeMe(role, permissions ? { permissions } : {}), refetchMe: async () => undefined }}
      >
        <CompanySettingsTab />
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  toasts.length = 0;
});

const botAfterDay = 'Bot de menú después de 24 horas';
const autoAfterDay = 'Asignación automática del bot después de 24 horas';
const templateLanguage = 'Idioma de las plantillas de WhatsApp';

describe('the Empresa tab', () => {
  it('leaves the bot settings to the Chatbot tab (issue 17): each setting has one place', async () => {
    setup('admin', DEFAULT_COMPANY_SETTINGS);
    expect(await screen.findByRole('switch', { name: 'Asignación automática' })).toBeTruthy();
    for (const name of [botAfterDay, autoAfterDay, 'Mensaje de bienvenida', 'Enviar la encuesta al cerrar']) {
      expect(screen.queryByRole('switch', { name })).toBeNull();
    }
  });

  it('lists locations and categories, and shows the server’s reason on the name field', async () => {
    setup('admin', DEFAULT_COMPANY_SETTINGS);
    expect(await screen.findByText('Oficina central')).toBeTruthy();
    expect(await screen.findByText('General')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nueva ubicación' }));
    const input = await screen.findByRole('textbox', { name: 'Nombre' });
    fireEvent.change(input, { target: { value: 'Oficina central' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya existe una ubicación con ese nombre.')).toBeTruthy();
  });

  it('refuses a blank name with the API’s words, without asking the server', async () => {
    const calls = setup('admin', DEFAULT_COMPANY_SETTINGS);
    expect(await screen.findByText('General')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nueva categoría' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nombre' }), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Nombre obligatorio')).toBeTruthy();

    const company = screen.getByRole('textbox', { name: 'Nombre de la empresa' });
    fireEvent.change(company, { target: { value: ' ' } });
    fireEvent.submit(company.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Compañia obligatoria')).toBeTruthy();
    expect(calls.some((c) => /Create|Profile/.test(c.operationName ?? ''))).toBe(false);
  });

  it('saves the WhatsApp template language chosen and shows the one the server answered', async () => {
    const calls = setup('admin', DEFAULT_COMPANY_SETTINGS);
    const select = await screen.findByRole('combobox', { name: templateLanguage });
    expect(screen.getByTestId('setting-templateLanguage').textContent).toContain('Español (México)');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Español (Argentina)'));
    await waitFor(() =>
      expect(calls.find((c) => c.operationName === 'ConfigUpdateCompanySettings')?.variables).toEqual({
        input: { templateLanguage: 'es_AR' },
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('setting-templateLanguage').textContent).toContain('Español (Argentina)'),
    );
  });

  it('is read-only without writeCompany', async () => {
    setup('agente', DEFAULT_COMPANY_SETTINGS, { readChat: true, readCompany: true });
    const sw = await screen.findByRole('switch', { name: 'Asignación automática' });
    expect((sw as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: templateLanguage }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Nueva ubicación' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nueva categoría' })).toBeNull();
  });
});
