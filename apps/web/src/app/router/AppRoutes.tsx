import { findRouteGuard, PUBLIC_ROUTES, ROUTE_GUARDS, type RouteGuard, SIMULATOR_ROUTE } from '@crm/shared';
import type { ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import {
  LazyAnalyticsAgentsPage,
  LazyAnalyticsPage,
  LazyPanelPage,
} from '../../features/analytics/pages/lazyPages';
import { LazyBoardPage, LazyBoardsPage } from '../../features/boards/pages/lazyPages';
import { AccountPage } from '../../pages/AccountPage';
import { AlbumPage } from '../../pages/AlbumPage';
import { BotPage } from '../../pages/BotPage';
import { BroadcastPage } from '../../pages/BroadcastPage';
import { CalendlyAuthPage } from '../../pages/CalendlyAuthPage';
import { ChangePasswordPage } from '../../pages/ChangePasswordPage';
import { ChatPage } from '../../pages/ChatPage';
import { ComingSoonPage } from '../../pages/ComingSoonPage';
import { ConfigPage } from '../../pages/ConfigPage';
import { ConfigPaymentPage } from '../../pages/ConfigPaymentPage';
import { ContactsPage } from '../../pages/ContactsPage';
import { EditCardPage } from '../../pages/EditCardPage';
import { EditPlanPage } from '../../pages/EditPlanPage';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { HelpPage } from '../../pages/HelpPage';
import { LinkWhatsappPage } from '../../pages/LinkWhatsappPage';
import { LoginPage } from '../../pages/LoginPage';
import { MaintenancePage } from '../../pages/MaintenancePage';
import { MultimediaPage } from '../../pages/MultimediaPage';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { OnboardingPage } from '../../pages/OnboardingPage';
import { PaymentPage } from '../../pages/PaymentPage';
import { PhoneSelectionPage } from '../../pages/PhoneSelectionPage';
import { PublicComingSoonPage } from '../../pages/PublicComingSoonPage';
import { QrCodePage } from '../../pages/QrCodePage';
import { QuickAnswerFormPage } from '../../pages/QuickAnswerFormPage';
import { QuickAnswersPage } from '../../pages/QuickAnswersPage';
import { RecoverPasswordPage } from '../../pages/RecoverPasswordPage';
import { ReferralCodeRoute, ReferralPage } from '../../pages/ReferralPage';
import { RootPage } from '../../pages/RootPage';
import { SelectPlanPage } from '../../pages/SelectPlanPage';
import { SimulatorPage } from '../../pages/SimulatorPage';
import { SpaceFormPage } from '../../pages/SpaceFormPage';
import { SpacesPage } from '../../pages/SpacesPage';
import { SuccessLinkPage } from '../../pages/SuccessLinkPage';
import { TeamPage } from '../../pages/TeamPage';
import { TeamUserFormPage } from '../../pages/TeamUserFormPage';
import { TemplateCreatePage } from '../../pages/TemplateCreatePage';
import { TwoFactorPage } from '../../pages/TwoFactorPage';
import { WhatsappLinkPage } from '../../pages/WhatsappLinkPage';
import { RequireAuth } from '../guards/RequireAuth';
import { guardedRouteTitle, publicRouteTitle } from './routeTitles';

// Public pages built so far; the other public routes of 01 §2.1 show a placeholder.
const PUBLIC_PAGES: Record<string, ReactElement> = {
  '/': <RootPage />,
  '/login': <LoginPage />,
  '/recoverPassword': <RecoverPasswordPage />,
  '/changePassword': <ChangePasswordPage />,
  '/qr-code': <QrCodePage />,
  '/two-factor': <TwoFactorPage />,
  '/select-plan': <SelectPlanPage />,
  // 01 §2.1: public in the route table (no shell), it loads the session itself: paying needs the signed-in user.
  '/payment': <PaymentPage />,
  '/forbidden': <ForbiddenPage />,
  '/phone-selection': <PhoneSelectionPage />,
  '/success-link': <SuccessLinkPage />,
  '/integrations/calendly_auth': <CalendlyAuthPage />,
  '/maintenance': <MaintenancePage />,
  '/onboarding/step/:currentStep': <OnboardingPage />,
  '/ref': <ReferralPage />,
};

// Authenticated pages built so far; every other guarded route shows its title and a notice.
const GUARDED_PAGES: Record<string, ReactElement> = {
  '/chat': <ChatPage />,
  '/chat/:chatId': <ChatPage />,
  [SIMULATOR_ROUTE]: <SimulatorPage />,
  '/config': <ConfigPage />,
  '/config/new-tag': <ConfigPage />,
  '/config/new-rol': <ConfigPage />,
  '/config/new-datasheet': <ConfigPage />,
  // 01 §2.2: the template creation flow has two spellings.
  '/config/new-whatsapp-template': <TemplateCreatePage />,
  '/config/new-whatsappTemplate': <TemplateCreatePage />,
  // The albums live under Multimedia, with its own guard (readMultimedia or writeMultimedia).
  '/config/album': <Navigate to="/multimedia" replace />,
  '/config/edit-plan': <EditPlanPage />,
  '/config/edit-card': <EditCardPage />,
  '/config/payment': <ConfigPaymentPage />,
  // 01 §2.1: /account also holds the update-subscription view (PAUSED / INACTIVE companies).
  '/account': <AccountPage />,
  '/contacts': <ContactsPage />,
  '/bot': <BotPage />,
  // 01 §2.7: the campaign table, the wizard's steps and the results page.
  '/broadcast': <Navigate to="/broadcast/table" replace />,
  '/broadcast/table': <BroadcastPage />,
  '/broadcast/:currentStep': <BroadcastPage />,
  '/quickAnswers': <QuickAnswersPage />,
  '/quickAnswers/new': <QuickAnswerFormPage />,
  '/multimedia/*': <MultimediaPage />,
  '/album/*': <AlbumPage kind="album" />,
  '/subAlbum/*': <AlbumPage kind="subAlbum" />,
  '/spaces': <SpacesPage />,
  '/spaces/new': <SpaceFormPage />,
  '/spaces/new-whatsapp': <WhatsappLinkPage />,
  '/users': <TeamPage />,
  '/users/new': <TeamUserFormPage />,
  // 01 §2.5: every linking page sits under this one guard row; the page routes among them.
  '/link-whatsapp/*': <LinkWhatsappPage />,
  '/help': <HelpPage />,
  // 01 §2.8: statistics, loaded on demand (the chart library is a chunk of its own).
  '/analytics': <LazyAnalyticsPage />,
  '/analytics/agents': <LazyAnalyticsAgentsPage />,
  '/panel': <LazyPanelPage />,
  // 02 §2 boards, loaded on demand (the drag and drop library is a chunk of its own); /board is an old spelling.
  '/boards': <LazyBoardsPage />,
  '/boards/:id': <LazyBoardPage />,
  '/board': <Navigate to="/boards" replace />,
};

// A public path that the guard table also lists (the WhatsApp linking pages) needs a session,
// so it is served inside the authenticated shell.
const publicPaths = PUBLIC_ROUTES.filter((path) => path in PUBLIC_PAGES || !findRouteGuard(path));
const guardedRoutes: readonly RouteGuard[] = ROUTE_GUARDS;

export function AppRoutes() {
  return (
    <Routes>
      {publicPaths.map((path) => (
        <Route
          key={path}
          path={path}
          element={PUBLIC_PAGES[path] ?? <PublicComingSoonPage title={publicRouteTitle(path)} />}
        />
      ))}
      {/* 01 §2.1 /{refCode}: a referral code for signed-out visitors; otherwise what an unknown address gives. */}
      <Route element={<ReferralCodeRoute />}>
        <Route path="/:refCode" element={<NotFoundPage />} />
      </Route>
      <Route element={<RequireAuth />}>
        {guardedRoutes.map((guard) => (
          <Route
            key={guard.path}
            path={guard.path}
            element={GUARDED_PAGES[guard.path] ?? <ComingSoonPage title={guardedRouteTitle(guard)} />}
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
