import { MESSAGE_BOT_MESSAGES, WELCOME_MESSAGES } from '@crm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VARIABLE_REQUIRED } from '../components/MessageContentFields';
import { FollowUpBotsTab } from '../follow-up/FollowUpBotsTab';
import { SurveyTab } from '../survey/SurveyTab';
import { WelcomeTab } from '../welcome/WelcomeTab';
import { choose } from './botTestKit';
import { CHANNEL, renderWithGraphql, validationError } from './graphqlKit';

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

afterEach(() => {
  vi.unstubAllGlobals();
  toasts.length = 0;
});

const call = (calls: Array<{ operationName: string; variables: unknown }>, name: string) =>
  calls.find((candidate) => candidate.operationName === name)?.variables;

describe('/bot, Bienvenida', { timeout: 60_000 }, () => {
  const WELCOME = {
    __typename: 'WelcomeMessage',
    id: 5,
    channelId: 1,
    text: 'Hola {{nombre_cliente}}',
    isActive: true,
    useInWorkingHours: false,
    templateId: null,
    variables: [],
  };

  function setup(stored: typeof WELCOME | null) {
    return renderWithGraphql(<WelcomeTab channel={CHANNEL} canWrite />, (operation, variables) => {
      switch (operation) {
        case 'BotWelcomeMessages':
          return { data: { welcomeMessages: stored ? [stored] : [] } };
        case 'BotCreateWelcomeMessage':
          return { data: { createWelcomeMessage: { ...WELCOME, ...(variables.input as object) } } };
        case 'BotUpdateWelcomeMessage':
          return { data: { updateWelcomeMessage: { ...WELCOME, ...(variables.input as object) } } };
        default:
          return undefined;
      }
    });
  }

  it('creates the channel’s welcome text, only in working hours', async () => {
    const calls = setup(null);
    const text = await screen.findByLabelText('Mensaje de bienvenida');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar bienvenida' }));
    expect(await screen.findByText(WELCOME_MESSAGES.contentRequired)).toBeTruthy();
    fireEvent.change(text, { target: { value: '  Hola {{nombre_cliente}}, ¿en qué te ayudamos?  ' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Solo en horario laboral' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar bienvenida' }));
    await waitFor(() => expect(toasts).toContain('Mensaje de bienvenida guardado'));
    expect(call(calls, 'BotCreateWelcomeMessage')).toEqual({
      input: {
        channelId: 1,
        isActive: true,
        useInWorkingHours: true,
        text: 'Hola {{nombre_cliente}}, ¿en qué te ayudamos?',
        templateId: null,
        variables: [],
      },
    });
  });

  it('turns the stored welcome into an accepted template with its variable', async () => {
    const calls = setup(WELCOME);
    expect(((await screen.findByLabelText('Mensaje de bienvenida')) as HTMLTextAreaElement).value).toBe(
      'Hola {{nombre_cliente}}',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Plantilla' }));
    await choose('welcome-template', 'bienvenida_cliente');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar bienvenida' }));
    expect(await screen.findByText(VARIABLE_REQUIRED)).toBeTruthy();
    expect(call(calls, 'BotUpdateWelcomeMessage')).toBeUndefined();
    fireEvent.change(screen.getByLabelText('Variable {{1}}'), { target: { value: '{{nombre_cliente}}' } });
    expect(screen.getByTestId('welcome-template-preview').textContent).toBe(
      'Hola {{nombre_cliente}}, gracias por escribirnos.',
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Mensaje de bienvenida activo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar bienvenida' }));
    await waitFor(() => expect(toasts).toContain('Mensaje de bienvenida guardado'));
    expect(call(calls, 'BotUpdateWelcomeMessage')).toEqual({
      input: {
        id: 5,
        isActive: false,
        useInWorkingHours: false,
        text: '',
        templateId: 4,
        variables: ['{{nombre_cliente}}'],
      },
    });
  });
});

describe('/bot, Seguimiento', { timeout: 60_000 }, () => {
  const config = (id: number, timeLapseInSeconds: number, extra: object = {}) => ({
    __typename: 'MessageBotConfig',
    id,
    channelId: 1,
    content: `Seguimiento ${id}`,
    isActive: true,
    timeLapseInSeconds,
    templateId: null,
    templateName: null,
    variables: [],
    ...extra,
  });

  function setup(refuseLapse = false) {
    const configs = [config(2, 259200), config(1, 3600)];
    return renderWithGraphql(<FollowUpBotsTab channel={CHANNEL} canWrite />, (operation, variables) => {
      switch (operation) {
        case 'BotFollowUpConfigs':
          return { data: { messageBotConfigs: configs } };
        case 'BotCreateFollowUpConfig':
          if (refuseLapse) return validationError('timeLapseInSeconds', MESSAGE_BOT_MESSAGES.lapseTooShort);
          return { data: { createMessageBotConfig: config(3, 120) } };
        case 'BotUpdateFollowUpConfig':
          return { data: { updateMessageBotConfig: config(variables.id as number, 3600) } };
        default:
          return undefined;
      }
    });
  }

  const rows = () =>
    [...screen.getByTestId('follow-up-bots-table').querySelectorAll('tr.ant-table-row')] as HTMLElement[];

  it('lists the bots shortest wait first and creates one with a preset time and a text', async () => {
    const calls = setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((row) => row.querySelector('td')?.textContent)).toEqual(['1 hora', '3 días']);

    fireEvent.click(screen.getByRole('button', { name: /Nuevo seguimiento/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(screen.getByTestId('follow-up-lapse')).getByRole('combobox'));
    const offered = [...document.querySelectorAll('.ant-select-item-option-content')].map(
      (o) => o.textContent,
    );
    expect(offered).toEqual(['2 minutos', '1 hora', '24 horas', '3 días', '5 días', '10 días', '30 días']);
    fireEvent.click(screen.getByText('2 minutos', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear seguimiento' }));
    expect(await within(dialog).findByText(MESSAGE_BOT_MESSAGES.contentRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Mensaje'), { target: { value: '¿Sigues interesado?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear seguimiento' }));
    await waitFor(() => expect(toasts).toContain('Seguimiento automático creado'));
    expect(call(calls, 'BotCreateFollowUpConfig')).toEqual({
      input: {
        channelId: 1,
        timeLapseInSeconds: 120,
        content: '¿Sigues interesado?',
        templateId: null,
        variables: [],
        isActive: true,
      },
    });
  });

  it('edits a bot into a template with its variable, and switches one off from the list', async () => {
    const calls = setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[1] as HTMLElement).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('follow-up-lapse').textContent).toContain('3 días');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Plantilla' }));
    await choose('follow-up-template', 'bienvenida_cliente');
    fireEvent.change(within(dialog).getByLabelText('Variable {{1}}'), { target: { value: 'Ana' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Seguimiento activo' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(toasts).toContain('Seguimiento automático actualizado'));
    expect(call(calls, 'BotUpdateFollowUpConfig')).toEqual({
      id: 2,
      input: { timeLapseInSeconds: 259200, content: '', templateId: 4, variables: ['Ana'], isActive: false },
    });

    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('switch'));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.operationName === 'BotUpdateFollowUpConfig').map((c) => c.variables),
      ).toContainEqual({ id: 1, input: { isActive: false } }),
    );
  });

  it('shows the API’s refusal at the field it names', async () => {
    setup(true);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: /Nuevo seguimiento/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Mensaje'), { target: { value: 'Hola' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear seguimiento' }));
    expect(await within(dialog).findByText(MESSAGE_BOT_MESSAGES.lapseTooShort)).toBeTruthy();
  });
});

describe('/bot, Encuesta', { timeout: 60_000 }, () => {
  it('creates the channel’s survey from the 1 to 5 scale, reordered and edited', async () => {
    const calls = renderWithGraphql(<SurveyTab channel={CHANNEL} canWrite />, (operation) => {
      switch (operation) {
        case 'BotSurveyConfigs':
          return { data: { surveyConfigs: [] } };
        case 'BotCreateSurveyConfig':
          return validationError('initText', 'Escribe el texto de la encuesta.');
        default:
          return undefined;
      }
    });
    const init = await screen.findByLabelText('Texto de la encuesta');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar encuesta' }));
    expect(await screen.findByText('Escribe el texto de la encuesta.')).toBeTruthy();
    expect(call(calls, 'BotCreateSurveyConfig')).toBeUndefined();
    fireEvent.change(init, { target: { value: '¿Cómo te atendimos?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Quitar la opción 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Quitar la opción 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bajar la opción 1' }));
    fireEvent.change(screen.getByLabelText('Respuesta final de la opción 2'), {
      target: { value: '¡Gracias!' },
    });
    fireEvent.change(screen.getByLabelText('Valor de la opción 3'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar encuesta' }));
    expect(await screen.findByText('Cada opción debe tener un valor distinto.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Valor de la opción 3'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar encuesta' }));
    await waitFor(() => expect(call(calls, 'BotCreateSurveyConfig')).toBeDefined());
    expect(call(calls, 'BotCreateSurveyConfig')).toEqual({
      input: {
        channelId: 1,
        initText: '¿Cómo te atendimos?',
        isActive: true,
        options: [
          { text: 'Buena', value: 4, index: 0, endText: '' },
          { text: 'Excelente', value: 5, index: 1, endText: '¡Gracias!' },
          { text: 'Regular', value: 1, index: 2, endText: '' },
        ],
      },
    });
  });
});
