import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportsDrawer } from '../components/ReportsDrawer';
import { type Call, callsNamed, renderPage, stubAnalyticsServer } from './analyticsTestKit';

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Recipient {
  __typename: 'ReportRecipient';
  id: number;
  name: string;
  email: string;
  frequency: string;
  isActive: boolean;
  company: number;
}

const recipient = (
  id: number,
  name: string,
  email: string,
  frequency: string,
  isActive = true,
): Recipient => ({
  __typename: 'ReportRecipient',
  id,
  name,
  email,
  frequency,
  isActive,
  company: 1,
});

/** A small in-memory server of the company's recipients, answering the drawer's four operations. */
function stubRecipients(initial: Recipient[]): Call[] {
  let rows = [...initial];
  return stubAnalyticsServer(
    {},
    {
      reports: () => ({ data: { reports: rows } }),
      createReport: (call) => {
        const input = call.variables.input as Omit<Recipient, '__typename' | 'id' | 'company'>;
        const created = recipient(99, input.name, input.email, input.frequency, input.isActive);
        rows = [...rows, created];
        return { data: { createReport: created } };
      },
      updateReport: (call) => {
        const id = call.variables.id as number;
        rows = rows.map((row) => (row.id === id ? { ...row, ...(call.variables.input as object) } : row));
        return { data: { updateReport: rows.find((row) => row.id === id) } };
      },
      deleteManyReports: (call) => {
        const emails = call.variables.emails as string[];
        rows = rows.filter((row) => !emails.includes(row.email));
        return { data: { deleteManyReports: emails.length } };
      },
    },
  );
}

const listedEmails = () =>
  within(screen.getByRole('table', { name: 'Destinatarios de reportes' }))
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[2]?.textContent);

describe('Reportes por correo', () => {
  it('lists the recipients and adds one', async () => {
    const calls = stubRecipients([recipient(1, 'Gerencia', 'gerencia@demo.mx', 'WEEKLY')]);
    renderPage('/analytics', <ReportsDrawer open onClose={() => undefined} />);

    await waitFor(() => expect(listedEmails()).toEqual(['gerencia@demo.mx']));
    const table = within(screen.getByRole('table', { name: 'Destinatarios de reportes' }));
    expect(table.getByText('Semanal')).toBeTruthy();
    expect(table.getByRole('switch', { name: 'Activo: gerencia@demo.mx' }).getAttribute('aria-checked')).toBe(
      'true',
    );

    // The form checks with the shared rules before asking.
    fireEvent.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(await screen.findByText('Nombre obligatorio')).toBeTruthy();
    expect(callsNamed(calls, 'createReport')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: '  Dirección ' } });
    fireEvent.change(screen.getByLabelText('Correo'), { target: { value: 'direccion@demo.mx' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Frecuencia' }));
    fireEvent.click(await screen.findByTitle('Mensual'));
    fireEvent.click(screen.getByRole('button', { name: 'Agregar' }));

    await waitFor(() => expect(listedEmails()).toEqual(['gerencia@demo.mx', 'direccion@demo.mx']));
    expect(callsNamed(calls, 'createReport')[0]?.variables).toEqual({
      input: { name: 'Dirección', email: 'direccion@demo.mx', frequency: 'MONTHLY', isActive: true },
    });
    expect(
      within(screen.getByRole('table', { name: 'Destinatarios de reportes' })).getByText('Mensual'),
    ).toBeTruthy();
  });

  it('deletes the selected recipients by e-mail after confirming', async () => {
    const calls = stubRecipients([
      recipient(1, 'Gerencia', 'gerencia@demo.mx', 'WEEKLY'),
      recipient(2, 'Ventas', 'ventas@demo.mx', 'DAILY', false),
      recipient(3, 'Dirección', 'direccion@demo.mx', 'MONTHLY'),
    ]);
    renderPage('/analytics', <ReportsDrawer open onClose={() => undefined} />);
    await waitFor(() => expect(listedEmails()).toHaveLength(3));

    const remove = screen.getByRole('button', { name: /Eliminar seleccionados/ });
    expect(remove.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar gerencia@demo.mx' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar ventas@demo.mx' }));
    fireEvent.click(remove);

    // Nothing goes before the confirmation.
    const question = await screen.findByText('¿Eliminar los 2 destinatarios seleccionados?');
    expect(callsNamed(calls, 'deleteManyReports')).toHaveLength(0);
    const popup = question.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: 'Eliminar' }));

    await waitFor(() => expect(listedEmails()).toEqual(['direccion@demo.mx']));
    expect(callsNamed(calls, 'deleteManyReports')[0]?.variables).toEqual({
      emails: ['gerencia@demo.mx', 'ventas@demo.mx'],
    });
  });
});
