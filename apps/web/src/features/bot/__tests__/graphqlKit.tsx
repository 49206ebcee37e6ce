import { ApolloProvider } from '@apollo/client/react';
import type { RoleName } from '@crm/shared';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { type GraphqlReply, stubGraphql } from '../../inbox/window/__tests__/graphqlStub';
import { SessionContext } from '../../session/SessionContext';
import { PICKERS } from './botTestKit';

// A mutation and the queries it reads again take a few round trips; on a busy machine that is more than 1 s.
configure({ asyncUtilTimeout: 5000 });

export const CHANNEL = {
  __typename: 'Channel',
  id: 1,
  name: 'WhatsApp Ventas',
  platform: 'whatsapp_cloud',
  isActive: true,
  useChatbot: false,
};

export const TEMPLATE = {
  __typename: 'WhatsappTemplate',
  id: 4,
  name: 'bienvenida_cliente',
  variables: 1,
  components: [{ type: 'BODY', text: 'Hola {{1}}, gracias por escribirnos.' }],
};

/** The pickers' queries, answered as the API would. */
export function pickerReply(operation: string): GraphqlReply | null {
  switch (operation) {
    case 'BotDatasheetFields':
      return {
        data: { datasheetFields: PICKERS.fields.map((f) => ({ __typename: 'DatasheetField', ...f })) },
      };
    case 'BotTags':
      return { data: { tags: PICKERS.tags.map((t) => ({ __typename: 'Tag', ...t })) } };
    case 'BotAgents':
      return { data: { agents: PICKERS.agents.map((a) => ({ __typename: 'Agent', ...a })) } };
    case 'BotSpaces':
      return { data: { spaces: PICKERS.spaces.map((s) => ({ __typename: 'Space', ...s })) } };
    case 'BotAcceptedTemplates':
      return { data: { whatsappTemplates: [TEMPLATE] } };
    default:
      return null;
  }
}

type Answer = (operation: string, variables: Record<string, unknown>) => GraphqlReply | undefined;

/** Renders with a real Apollo client over a fetch stub answering by operation name; answers the calls made. */
export function renderWithGraphql(
  element: ReactElement,
  answer: Answer,
  options: { role?: RoleName; path?: string } = {},
) {
  const calls = stubGraphql(
    (operation, variables) =>
      answer(operation, variables) ??
      pickerReply(operation) ?? { errors: [{ message: `No stub for ${operation}` }] },
  );
  localStorage.setItem('token', 'valid');
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider
        value={{ me: makeMe(options.role ?? 'admin'), refetchMe: async () => undefined }}
      >
        <MemoryRouter initialEntries={[options.path ?? '/bot']}>{element}</MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  return calls;
}

/** A VALIDATION_ERROR the way the API answers it. */
export function validationError(field: string, userMessage: string): GraphqlReply {
  return { errors: [{ message: 'invalid', extensions: { code: 'VALIDATION_ERROR', field, userMessage } }] };
}
