import { ApolloProvider } from '@apollo/client/react';
import type { BoardCard, BoardColumn, BoardSummary, BoardView } from '@crm/shared';
import { render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { rootField } from '../../../test/graphqlRootField';
import type { Me } from '../../session/api/me.graphql';
import { SessionContext } from '../../session/SessionContext';

export const OWNER = { id: 1, name: 'Ana Pérez' };
export const MEMBER = { id: 2, name: 'Bruno Díaz' };

export function card(overrides: Partial<BoardCard> & { id: number; name: string }): BoardCard {
  return {
    clientId: overrides.id + 100,
    email: null,
    phone: '+525511110000',
    tags: [],
    agent: { id: 2, name: 'Bruno Díaz' },
    amount: null,
    position: 0,
    ...overrides,
  };
}

export function column(
  id: number,
  name: string,
  items: BoardCard[],
  extra: Partial<BoardColumn> = {},
): BoardColumn {
  return {
    id,
    name,
    description: null,
    followUpMessage: null,
    position: 0,
    items: items.map((item, position) => ({ ...item, position })),
    ...extra,
  };
}

export function summary(overrides: Partial<BoardSummary> = {}): BoardSummary {
  return {
    id: 5,
    name: 'Ventas',
    description: 'Embudo de ventas',
    owner: OWNER,
    members: [],
    guests: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    access: 'owner',
    contactsCount: 3,
    amounts: 1500.5,
    ...overrides,
  };
}

export function view(columns: BoardColumn[], overrides: Partial<BoardView> = {}): BoardView {
  return {
    ...summary(),
    columns,
    contacts: columns.flatMap((column) =>
      column.items.map((item) => ({
        id: item.clientId,
        name: item.name,
        email: item.email,
        phone: item.phone,
      })),
    ),
    totals: {},
    version: 1,
    ...overrides,
  };
}

export interface Call {
  /** 'METHOD /path' without /api, or a GraphQL root field. */
  name: string;
  body: unknown;
}

export interface Reply {
  status: number;
  body: unknown;
}

export type Answer = Reply | ((call: Call) => Reply | Promise<Reply>);

/** Replaces fetch: REST by 'METHOD /path', GraphQL by root field; records every call. */
export function stubBoardsServer(
  rest: Record<string, Answer>,
  graphql: Record<string, unknown> = {},
): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.split('?', 1)[0] ?? url;
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const json = (status: number, payload: unknown) =>
        status === 204
          ? new Response(null, { status })
          : new Response(JSON.stringify(payload), {
              status,
              headers: { 'Content-Type': 'application/json' },
            });
      if (path.startsWith('/graphql')) {
        const name = rootField((body as { query: string }).query);
        calls.push({ name, body });
        return json(
          200,
          name in graphql ? { data: { [name]: graphql[name] } } : { errors: [{ message: name }] },
        );
      }
      const call: Call = { name: `${init?.method ?? 'GET'} ${path.replace(/^\/api/, '')}`, body };
      calls.push(call);
      const answer = rest[call.name];
      if (!answer) return json(404, { code: 'NOT_FOUND' });
      const reply = typeof answer === 'function' ? await answer(call) : answer;
      return json(reply.status, reply.body);
    }),
  );
  return calls;
}

export const callsNamed = (calls: readonly Call[], name: string): Call[] =>
  calls.filter((call) => call.name === name);

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

export const location = (): string => screen.getByTestId('location').textContent ?? '';

/** A page at `path` rendered for `route`, inside a signed-in session with the app's Apollo client and a router. */
export function renderPage(path: string, route: string, element: ReactElement, me: Me = makeMe('admin')) {
  localStorage.setItem('token', 'valid');
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <ApolloProvider client={createApolloClient()}>
        <SessionContext.Provider value={{ me, refetchMe: async () => undefined }}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={element} />
              <Route path="*" element={null} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </SessionContext.Provider>
      </ApolloProvider>
    </ConfigProvider>,
  );
}

/*
 * jsdom lays nothing out: every rect is empty, and dnd-kit's keyboard sensor finds no neighbour. The board is given a
 * simple geometry instead: columns 300 px apart, cards 80 px apart inside them.
 */
export function layOutBoard(): () => void {
  const original = Element.prototype.getBoundingClientRect;
  const rect = (left: number, top: number, width: number, height: number): DOMRect =>
    ({
      left,
      top,
      width,
      height,
      right: left + width,
      bottom: top + height,
      x: left,
      y: top,
      toJSON: () => ({}),
    }) as DOMRect;
  Element.prototype.getBoundingClientRect = function layOut(this: Element): DOMRect {
    const element = this as HTMLElement;
    // dnd-kit measures the drag overlay's content: it sits over the picked card.
    const cardId = element.classList.contains('board-card-overlay')
      ? document.querySelector<HTMLElement>('article.board-card-dragging')?.dataset.cardId
      : element.dataset.cardId;
    const cardNode = cardId ? document.querySelector<HTMLElement>(`article[data-card-id="${cardId}"]`) : null;
    if (cardNode) {
      const columnIndex = Number(cardNode.dataset.columnIndex);
      const index = Number(cardNode.dataset.index);
      return rect(columnIndex * 300 + 10, 60 + index * 80, 260, 70);
    }
    const section = element.closest<HTMLElement>('section[data-column-index]');
    if (section) {
      const columnIndex = Number(section.dataset.columnIndex);
      if (element === section) return rect(columnIndex * 300, 0, 280, 600);
      if (element.classList.contains('board-column-body')) return rect(columnIndex * 300, 50, 280, 550);
    }
    return rect(0, 0, 0, 0);
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}
