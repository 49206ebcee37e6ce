import { BrowserRouter } from 'react-router';
import { SessionEndRedirect } from './guards/SessionEndRedirect';
import { AppProviders } from './providers/AppProviders';
import { AppRoutes } from './router/AppRoutes';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <SessionEndRedirect />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
