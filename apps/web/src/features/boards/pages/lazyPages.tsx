import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';

/*
 * The board pages load on demand: the drag and drop library (dnd-kit) becomes a chunk of its own that /login and the
 * rest of the app never download.
 */
const BoardsPage = lazy(() => import('./BoardsPage').then((module) => ({ default: module.BoardsPage })));
const BoardPage = lazy(() => import('./BoardPage').then((module) => ({ default: module.BoardPage })));

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
          <Spin aria-label="Cargando" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

export function LazyBoardsPage() {
  return (
    <Loading>
      <BoardsPage />
    </Loading>
  );
}

export function LazyBoardPage() {
  return (
    <Loading>
      <BoardPage />
    </Loading>
  );
}
