import { ApolloProvider } from '@apollo/client/react';
import { TAGS_LIMIT } from '@crm/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../../lib/apollo';
import { makeMe } from '../../../../test/fixtures';
import { stubGraphql } from '../../../inbox/window/__tests__/graphqlStub';
import { SessionContext } from '../../../session/SessionContext';
import { TagsTab } from '../TagsTab';

const INTERNAL = { errors: [{ message: 'boom', extensions: { code: 'INTERNAL_ERROR' } }] };

function tag(id: number) {
  return {
    __typename: 'Tag',
    id,
    name: `Etiqueta ${id}`,
    color: '#1677ff',
    isDefault: false,
    clientCount: 0,
  };
}

function setup(count: number, fail: 'list' | 'delete' | null = null) {
  stubGraphql((operation) => {
    if (operation === 'ConfigTags')
      return fail === 'list'
        ? INTERNAL
        : { data: { tags: Array.from({ length: count }, (_, i) => tag(i + 1)) } };
    if (operation === 'ConfigDeleteTag') return INTERNAL;
    return { errors: [{ message: `No stub for ${operation}` }] };
  });
  localStorage.setItem('token', 'valid');
  render(
    <ApolloProvider client={createApolloClient()}>
      <SessionContext.Provider value={{ me: makeMe('admin'), refetchMe: async () => undefined }}>
        <MemoryRouter>
          <TagsTab />
        </MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
}

const newTag = () => screen.getByRole('button', { name: 'Nueva etiqueta' }) as HTMLButtonElement;

describe('tags tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('counts against the limit of 50 and disables Nueva etiqueta at it (02 §9)', async () => {
    setup(TAGS_LIMIT);
    expect(await screen.findByText(`${TAGS_LIMIT} de ${TAGS_LIMIT} etiquetas`)).toBeDefined();
    expect(newTag().disabled).toBe(true);
  });

  it('leaves Nueva etiqueta enabled below the limit, and says why a deletion failed (02 §8 ERROR_DELETING_TAG)', async () => {
    setup(TAGS_LIMIT - 1);
    expect(await screen.findByText(`${TAGS_LIMIT - 1} de ${TAGS_LIMIT} etiquetas`)).toBeDefined();
    expect(newTag().disabled).toBe(false);
    const row = screen.getByText('Etiqueta 1').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Eliminar' }));
    const question = await screen.findByText('¿Eliminar la etiqueta «Etiqueta 1»?');
    fireEvent.click(
      within(question.closest('.ant-popconfirm') as HTMLElement).getByRole('button', { name: 'Eliminar' }),
    );
    expect(await screen.findByText('No se pudo eliminar la etiqueta.')).toBeDefined();
  });

  it("says 'Error al obtener las etiquetas' when the list fails (02 §8 ERROR_GETTING_TAGS)", async () => {
    setup(0, 'list');
    expect(await screen.findByText('Error al obtener las etiquetas')).toBeDefined();
  });
});
