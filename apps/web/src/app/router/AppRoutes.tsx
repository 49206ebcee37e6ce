import { findRouteGuard, PUBLIC_ROUTES, ROUTE_GUARDS, type RouteGuard, SIMULATOR_ROUTE } from '@crm/shared';
import { type ReactElement, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullPageLoader } from '../../features/layout/components/FullPageLoader';
import { LoginPage } from '../../pages/LoginPage';
import { RootPage } from '../../pages/RootPage';
import { LazyRequireAuth } from '../guards/LazyRequireAuth';
import { LazyChatPage } from './lazyChatPage';
import { lazyPage } from './lazyPage';
import { guardedRouteTitle, publicRouteTitle } from './routeTitles';

// Every page but the login form is loaded on demand (issue 22): /login downloads what the app needs to start and
// the form, in one chunk and without a second round trip; the shell and the other pages come when first opened.
const AccountPage = lazyPage(() => import('../../pages/AccountPage').then((m) => m.AccountPage));
const AlbumPage = lazyPage(() => import('../../pages/AlbumPage').then((m) => m.AlbumPage));
const BotPage = lazyPage(() => import('../../pages/BotPage').then((m) => m.BotPage));
const BroadcastPage = lazyPage(() => import('../../pages/BroadcastPage').then((m) => m.BroadcastPage));
const CalendlyAuthPage = lazyPage(() =>
  import('../../pages/CalendlyAuthPage').then((m) => m.CalendlyAuthPage),
);
const ChangePasswordPage = lazyPage(() =>
  import('../../pages/ChangePasswordPage').then((m) => m.ChangePasswordPage),
);
const ComingSoonPage = lazyPage(() => import('../../pages/ComingSoonPage').then((m) => m.ComingSoonPage));
const ConfigPage = lazyPage(() => import('../../pages/ConfigPage').then((m) => m.ConfigPage));
const ConfigPaymentPage = lazyPage(() =>
  import('../../pages/ConfigPaymentPage').then((m) => m.ConfigPaymentPage),
);
const ContactsPage = lazyPage(() => import('../../pages/ContactsPage').then((m) => m.ContactsPage));
const EditCardPage = lazyPage(() => import('../../pages/EditCardPage').then((m) => m.EditCardPage));
const EditPlanPage = lazyPage(() => import('../../pages/EditPlanPage').then((m) => m.EditPlanPage));
const ForbiddenPage = lazyPage(() => import('../../pages/ForbiddenPage').then((m) => m.ForbiddenPage));
const HelpPage = lazyPage(() => import('../../pages/HelpPage').then((m) => m.HelpPage));
const LinkWhatsappPage = lazyPage(() =>
  import('../../pages/LinkWhatsappPage').then((m) => m.LinkWhatsappPage),
);
const MaintenancePage = lazyPage(() => import('../../pages/MaintenancePage').then((m) => m.MaintenancePage));
const MultimediaPage = lazyPage(() => import('../../pages/MultimediaPage').then((m) => m.MultimediaPage));
const NotFoundPage = lazyPage(() => import('../../pages/NotFoundPage').then((m) => m.NotFoundPage));
const OnboardingPage = lazyPage(() => import('../../pages/OnboardingPage').then((m) => m.OnboardingPage));
const PaymentPage = lazyPage(() => import('../../pages/PaymentPage').then((m) => m.PaymentPage));
const PhoneSelectionPage = lazyPage(() =>
  import('../../pages/PhoneSelectionPage').then((m) => m.PhoneSelectionPage),
);
const PublicComingSoonPage = lazyPage(() =>
  import('../../pages/PublicComingSoonPage').then((m) => m.PublicComingSoonPage),
);
const QrCodePage = lazyPage(() => import('../../pages/QrCodePage').then((m) => m.QrCodePage));
const QuickAnswerFormPage = lazyPage(() =>
  import('../../pages/QuickAnswerFormPage').then((m) => m.QuickAnswerFormPage),
);
const QuickAnswersPage = lazyPage(() =>
  import('../../pages/QuickAnswersPage').then((m) => m.QuickAnswersPage),
);
const RecoverPasswordPage = lazyPage(() =>
  import('../../pages/RecoverPasswordPage').then((m) => m.RecoverPasswordPage),
);
const ReferralCodeRoute = lazyPage(() => import('../../pages/ReferralPage').then((m) => m.ReferralCodeRoute));
const ReferralPage = lazyPage(() => import('../../pages/ReferralPage').then((m) => m.ReferralPage));
const SelectPlanPage = lazyPage(() => import('../../pages/SelectPlanPage').then((m) => m.SelectPlanPage));
const SimulatorPage = lazyPage(() => import('../../pages/SimulatorPage').then((m) => m.SimulatorPage));
const SpaceFormPage = lazyPage(() => import('../../pages/SpaceFormPage').then((m) => m.SpaceFormPage));
const SpacesPage = lazyPage(() => import('../../pages/SpacesPage').then((m) => m.SpacesPage));
const SuccessLinkPage = lazyPage(() => import('../../pages/SuccessLinkPage').then((m) => m.SuccessLinkPage));
const TeamPage = lazyPage(() => import('../../pages/TeamPage').then((m) => m.TeamPage));
const TeamUserFormPage = lazyPage(() =>
  import('../../pages/TeamUserFormPage').then((m) => m.TeamUserFormPage),
);
const TemplateCreatePage = lazyPage(() =>
  import('../../pages/TemplateCreatePage').then((m) => m.TemplateCreatePage),
);
const TwoFactorPage = lazyPage(() => import('../../pages/TwoFactorPage').then((m) => m.TwoFactorPage));
const WhatsappLinkPage = lazyPage(() =>
  import('../../pages/WhatsappLinkPage').then((m) => m.WhatsappLinkPage),
);
// Statistics: the chart library (@ant-design/plots) is a chunk of its own that only these pages load (issue 20).
const AnalyticsPage = lazyPage(() =>
  import('../../features/analytics/pages/AnalyticsPage').then((m) => m.AnalyticsPage),
);
const AnalyticsAgentsPage = lazyPage(() =>
  import('../../features/analytics/pages/AnalyticsAgentsPage').then((m) => m.AnalyticsAgentsPage),
);
const PanelPage = lazyPage(() => import('../../features/analytics/pages/PanelPage').then((m) => m.PanelPage));
// Boards: the drag and drop library (dnd-kit) is a chunk of its own that only these pages load (issue 21).
const BoardsPage = lazyPage(() => import('../../features/boards/pages/BoardsPage').then((m) => m.BoardsPage));
const BoardPage = lazyPage(() => import('../../features/boards/pages/BoardPage').then((m) => m.BoardPage));

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
  '/chat': <LazyChatPage />,
  '/chat/:chatId': <LazyChatPage />,
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
  // 01 §2.8: statistics.
  '/analytics': <AnalyticsPage />,
  '/analytics/agents': <AnalyticsAgentsPage />,
  '/panel': <PanelPage />,
  // 02 §2 boards; /board is an old spelling.
  '/boards': <BoardsPage />,
  '/boards/:id': <BoardPage />,
  '/board': <Navigate to="/boards" replace />,
};

// A public path that the guard table also lists (the WhatsApp linking pages) needs a session,
// so it is served inside the authenticated shell.
const publicPaths = PUBLIC_ROUTES.filter((path) => path in PUBLIC_PAGES || !findRouteGuard(path));
const guardedRoutes: readonly RouteGuard[] = ROUTE_GUARDS;

export function AppRoutes() {
  return (
    // Outside the shell a page on its way (or the shell itself) shows the full-page loader.
    <Suspense fallback={<FullPageLoader />}>
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
        <Route element={<LazyRequireAuth />}>
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
    </Suspense>
  );
}
