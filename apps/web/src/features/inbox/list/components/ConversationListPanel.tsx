import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../layout/hooks/useDocumentTitle';
import { SimulatorShortcut } from '../../../simulator/components/SimulatorShortcut';
import type { FilterOptions } from '../hooks/useFilterOptions';
import type { InboxFilterControls } from '../hooks/useInboxFilter';
import { useNow } from '../hooks/useNow';
import type { InboxListState } from '../inboxListState';
import { ConversationFilters } from './ConversationFilters';
import { ConversationRows } from './ConversationRows';
import '../list.css';

export const INBOX_TITLE = 'Bandeja de entrada';

interface ConversationListPanelProps {
  state: InboxListState;
  filters: InboxFilterControls;
  options: FilterOptions;
  canSeePhoneNumber: boolean;
  loadMore: () => void;
  reload: () => void;
}

function ListFooter({ state, onRetry }: { state: InboxListState; onRetry: () => void }) {
  if (state.loadingMore) {
    return (
      <div className="conv-list-footer" data-testid="conversation-list-loading-more">
        <Spin size="small" /> <span>Cargando más conversaciones…</span>
      </div>
    );
  }
  if (state.loadMoreFailed) {
    return (
      <div className="conv-list-footer">
        <span>No se pudieron cargar más conversaciones.</span>
        <Button size="small" type="link" onClick={onRetry}>
          Reintentar
        </Button>
      </div>
    );
  }
  return null;
}

/** 02 §2 / §4: the left column of the inbox: filters and the windowed, live conversation list. */
export function ConversationListPanel({
  state,
  filters,
  options,
  canSeePhoneNumber,
  loadMore,
  reload,
}: ConversationListPanelProps) {
  useDocumentTitle(INBOX_TITLE);
  const now = useNow();
  const { items, selectedId } = state.list;
  const canLoadMore =
    state.status === 'fetched' && state.hasMore && !state.loadingMore && !state.loadMoreFailed;

  let body: ReactNode;
  if (state.status === 'error') {
    body = (
      <div className="conv-list-state" role="alert" data-testid="conversation-list-error">
        <Typography.Text type="danger">
          {state.errorMessage ?? 'No se pudieron cargar las conversaciones.'}
        </Typography.Text>
        <Button icon={<ReloadOutlined />} onClick={reload}>
          Reintentar
        </Button>
      </div>
    );
  } else if (state.status === 'fetching' && items.length === 0) {
    body = (
      <div className="conv-list-state" data-testid="conversation-list-loading">
        <Spin />
        <Typography.Text type="secondary">Cargando conversaciones…</Typography.Text>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="conv-list-state" data-testid="conversation-list-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No hay conversaciones" />
        <SimulatorShortcut variant="emptyInbox" />
      </div>
    );
  } else {
    body = (
      <ConversationRows
        key={state.generation}
        conversations={items}
        selectedId={selectedId}
        now={now}
        canSeePhoneNumber={canSeePhoneNumber}
        onEndReached={canLoadMore ? loadMore : undefined}
        footer={
          state.loadingMore || state.loadMoreFailed ? <ListFooter state={state} onRetry={loadMore} /> : null
        }
      />
    );
  }

  return (
    <section className="conv-list-panel" aria-label="Lista de conversaciones">
      <header className="conv-list-header">
        <Typography.Title level={4} className="conv-list-title">
          {INBOX_TITLE}
        </Typography.Title>
      </header>
      <ConversationFilters
        draft={filters.draft}
        onChange={filters.change}
        tags={options.tags}
        agents={options.agents}
        channels={options.channels}
      />
      <div
        className="conv-list"
        data-testid="conversation-list"
        data-status={state.status}
        aria-busy={state.status === 'fetching'}
      >
        {body}
      </div>
    </section>
  );
}
