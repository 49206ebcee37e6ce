import { ApolloProvider } from '@apollo/client/react';
import { TOAST_DURATION_MS } from '@crm/shared';
import { App as AntApp, ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import type { ReactNode } from 'react';
import { apolloClient } from '../../lib/apollo';
import { ConnectionWatcher } from './ConnectionWatcher';
import { ToastBridge } from './ToastBridge';
import { TOAST_TOP, theme } from './theme';

dayjs.locale('es');

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
        <ApolloProvider client={apolloClient}>{children}</ApolloProvider>
      </AntApp>
    </ConfigProvider>
  );
}
