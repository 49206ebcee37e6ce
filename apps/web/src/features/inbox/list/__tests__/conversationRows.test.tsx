import { type ConversationView, DEFAULT_CONVERSATION_FILTER } from '@crm/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ConversationListPanel } from '../components/ConversationListPanel';
import { CONVERSATION_ROW_HEIGHT } from '../components/ConversationRow';
import { ConversationRows, rowAfterKey } from '../components/ConversationRows';
import { DEFAULT_FILTER_DRAFT } from '../hooks/useInboxFilter';
import { type InboxListState, initialInboxListState } from '../inboxListState';
import { LIST_NOW, makeConversation } from '../testConversation';

const ROW = CONVERSATION_ROW_HEIGHT;
// jsdom lays nothing out: the list takes its viewport as 720 px tall until measured, about 8 rows.
const VIEWPORT = 720;
const MANY = Array.from({ length: 5000 }, (_, index) => makeConversation({ id: index + 1 }));

type RowsProps = ComponentProps<typeof ConversationRows>;

function rowsProps(overrides: Partial<RowsProps> = {}): RowsProps {
  return { conversations: MANY, selectedId: null, now: LIST_NOW, canSeePhoneNumber: true, ...overrides };
}

function renderRows(overrides: Partial<RowsProps> = {}) {
  const view = render(
    <MemoryRouter>
      <ConversationRows {...rowsProps(overrides)} />
    </MemoryRouter>,
  );
  const rerender = (next: Partial<RowsProps>) =>
    view.rerender(
      <MemoryRouter>
        <ConversationRows {...rowsProps({ ...overrides, ...next })} />
      </MemoryRouter>,
    );
  return { rerender };
}

const scroller = () => screen.getByRole('list', { name: 'Conversaciones' }).parentElement as HTMLElement;
const names = () => screen.queryAllByTestId('conversation-name').map((name) => name.textContent);

function scrollTo(top: number) {
  const element = scroller();
  element.scrollTop = top;
  fireEvent.scroll(element);
}

describe('conversation rows', () => {
  it('puts only the rows in view in the DOM, however many are loaded', () => {
    renderRows();
    const shown = names();
    expect(shown[0]).toBe('Cliente 1');
    expect(shown).toContain(`Cliente ${Math.ceil(VIEWPORT / ROW)}`);
    expect(shown.length).toBeLessThan(20);
    // The list is as tall as every row, so the scrollbar is true to the list.
    expect(screen.getByRole('list', { name: 'Conversaciones' }).style.height).toBe(`${5000 * ROW}px`);
  });

  it('shows the rows of the scrolled-to position, with their place in the list, and drops the ones left behind', () => {
    renderRows();
    scrollTo(2000 * ROW);
    const shown = names();
    expect(shown).toContain('Cliente 2001');
    expect(shown).toContain('Cliente 2008');
    expect(shown).not.toContain('Cliente 1');
    expect(shown.length).toBeLessThan(25);
    const item = screen.getByText('Cliente 2001').closest('li') as HTMLElement;
    expect(item.style.top).toBe(`${2000 * ROW}px`);
    expect(item.getAttribute('aria-posinset')).toBe('2001');
    expect(item.getAttribute('aria-setsize')).toBe('5000');
    // Each row is a link to its conversation, reachable with the keyboard.
    expect(within(item).getByRole('link').getAttribute('href')).toBe('/chat/2001');
  });

  it('marks the open conversation as the current page', () => {
    renderRows({ selectedId: 2 });
    expect(screen.getByText('Cliente 2').closest('a')?.getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Cliente 1').closest('a')?.getAttribute('aria-current')).toBeNull();
  });

  it('asks for more only when the end comes into view', () => {
    const onEndReached = vi.fn();
    renderRows({ onEndReached });
    expect(onEndReached).not.toHaveBeenCalled();
    scrollTo(2500 * ROW);
    expect(onEndReached).not.toHaveBeenCalled();
    scrollTo(5000 * ROW - VIEWPORT);
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });

  it('asks for more at once when the rows do not fill the viewport', () => {
    const onEndReached = vi.fn();
    renderRows({ conversations: MANY.slice(0, 3), onEndReached });
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });

  it('keeps its scroll offset and the rows it shows when a live event puts a conversation on top', () => {
    const { rerender } = renderRows();
    scrollTo(2000 * ROW);
    const before = screen.getByText('Cliente 2005').closest('li');
    rerender({ conversations: [makeConversation({ id: 9001 }), ...MANY] });
    expect(scroller().scrollTop).toBe(2000 * ROW);
    expect(names()).not.toContain('Cliente 9001');
    // Keyed by conversation id: the same row element, one place further down.
    const after = screen.getByText('Cliente 2005').closest('li');
    expect(after).toBe(before);
    expect(after?.getAttribute('aria-posinset')).toBe('2006');
    expect(after?.getAttribute('aria-setsize')).toBe('5001');
  });

  it('shows the footer after the last row', () => {
    renderRows({ conversations: MANY.slice(0, 2), footer: <span>Cargando más conversaciones…</span> });
    const footer = screen.getByText('Cargando más conversaciones…').parentElement as HTMLElement;
    expect(footer.style.height).toBe('48px');
    expect(footer.previousElementSibling?.tagName).toBe('UL');
  });
});

describe('conversation list panel', () => {
  function state(generation: number, items: ConversationView[]): InboxListState {
    return {
      ...initialInboxListState(DEFAULT_CONVERSATION_FILTER, {
        userId: 1,
        roleName: 'admin',
        adminOf: [],
        spaceChannelIds: [],
      }),
      generation,
      status: 'fetched',
      hasMore: false,
      list: { items, selectedId: null },
    };
  }

  function panel(listState: InboxListState) {
    return (
      <MemoryRouter>
        <ConversationListPanel
          state={listState}
          filters={{
            draft: DEFAULT_FILTER_DRAFT,
            change: () => undefined,
            filter: DEFAULT_CONVERSATION_FILTER,
          }}
          options={{ tags: [], agents: null, channels: [] }}
          canSeePhoneNumber
          loadMore={() => undefined}
          reload={() => undefined}
        />
      </MemoryRouter>
    );
  }

  it('starts a new filter at the top of the list', () => {
    const { rerender } = render(panel(state(1, MANY)));
    scrollTo(1000 * ROW);
    expect(names()).not.toContain('Cliente 1');
    rerender(panel(state(2, MANY)));
    expect(names()[0]).toBe('Cliente 1');
    expect(scroller().scrollTop).toBe(0);
  });
});

describe('rowAfterKey (issue 22, keyboard)', () => {
  it('moves one row with the arrows, to the ends with Home and End, and stays inside the list', () => {
    expect(rowAfterKey('ArrowDown', 0, 3)).toBe(1);
    expect(rowAfterKey('ArrowDown', 2, 3)).toBe(2);
    expect(rowAfterKey('ArrowUp', 1, 3)).toBe(0);
    expect(rowAfterKey('ArrowUp', 0, 3)).toBe(0);
    expect(rowAfterKey('Home', 2, 3)).toBe(0);
    expect(rowAfterKey('End', 0, 3)).toBe(2);
    expect(rowAfterKey('a', 0, 3)).toBeNull();
    expect(rowAfterKey('ArrowDown', 0, 0)).toBeNull();
  });
});
