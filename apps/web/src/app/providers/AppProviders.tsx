import { TOAST_DURATION_MS } from '@crm/shared';
import { App as AntApp, ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import type { ReactNode } from 'react';
import { ConnectionWatcher } from './ConnectionWatcher';
import { ToastBridge } from './ToastBridge';
import { TOAST_TOP, theme } from './theme';

dayjs.locale('es');

// No GraphQL client here: the pages that use it get it from ApolloScope (issue 22, /login without Apollo).
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={esES} theme={theme}>
      {/* 01 §9: toasts at the top centre, 10 s by default, below the top bar (issue 19). */}
      <AntApp
        message={{ top: TOAST_TOP, duration: TOAST_DURATION_MS / 1000, maxCount: 3 }}
        notification={{ top: TOAST_TOP }}
      >
        <ToastBridge />
        <ConnectionWatcher />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
