import { Suspense, useEffect } from 'react';
import type { ComponentType } from 'react';
import { Center, Loader } from '@mantine/core';
import { Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api.ts';
import { useAuth } from '../lib/auth.ts';
import { allScreens, href } from '../lib/screens.ts';
import type { Frame, ScreenId } from '../lib/screens.ts';
import { GuardOutlet } from './Guard.tsx';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';
import { isEmbeddedPath } from './guard.ts';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { AdminDashboardFrame } from './pages/DashboardFrame.tsx';
import { LandingPage as ResultsLandingPage } from '../features/results/LandingPage.tsx';
import { EmbeddedLookupPage } from '../features/results/EmbeddedLookupPage.tsx';
import { preloadAllScreens, preloadable } from './preloadable.tsx';

/**
 * Only the landing page (the public lookup) is in the first download; every other screen, the shell
 * and every feature behind sign-in load on demand (the landing budget: bench/web-size.ts).
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return preloadable(load, name) as ComponentType & { preload: () => Promise<void> };
}

const AboutPage = page(() => import('./pages/AboutPage.tsx'), 'AboutPage');
const AppLayout = page(() => import('./shell/AppLayout.tsx'), 'AppLayout');
const SlipLayout = page(() => import('./shell/OfflineLayer.tsx'), 'SlipLayout');
const PublicResultPage = page(() => import('../features/results/PublicResultPage.tsx'), 'PublicResultPage');
const SlipPage = page(() => import('../features/results/SlipPage.tsx'), 'SlipPage');
const workshopsPublic = () => import('../features/workshops/publicPages.tsx');
const LabOwnersPage = page(workshopsPublic, 'LabOwnersPage');
const RegisterPage = page(workshopsPublic, 'RegisterPage');
const LogoutPage = page(() => import('../features/auth/LogoutPage.tsx'), 'LogoutPage');
const ProfilePage = page(() => import('../features/auth/pages.tsx'), 'ProfilePage');
const statistics = () => import('../features/statistics/pages.tsx');
const DashboardPage = page(() => import('./pages/DashboardPage.tsx'), 'DashboardPage');
const HomePage = page(statistics, 'HomePage');
const codes = () => import('../features/codes/pages.tsx');
const CodeAddPage = page(codes, 'CodeAddPage');
const ManageCodesPage = page(codes, 'ManageCodesPage');
const LabAddPage = page(() => import('../features/assays/LabAddPage.tsx'), 'LabAddPage');
const LabEditPage = page(() => import('../features/assays/LabEditPage.tsx'), 'LabEditPage');
const LabListPage = page(() => import('../features/assays/LabListPage.tsx'), 'LabListPage');
const VerifyQueuePage = page(() => import('../features/assays/VerifyQueuePage.tsx'), 'VerifyQueuePage');
const ImportPage = page(() => import('../features/imports/ImportPage.tsx'), 'ImportPage');
const OfflineScreen = page(() => import('./shell/offlineScreens.tsx'), 'OfflineScreen');
const ManageEditLabPage = page(
  () => import('../features/assays/admin/ManageEditLabPage.tsx'),
  'ManageEditLabPage',
);
const ManageLabsPage = page(() => import('../features/assays/admin/ManageLabsPage.tsx'), 'ManageLabsPage');
const ManageLabsToDeletePage = page(
  () => import('../features/assays/admin/ManageLabsToDeletePage.tsx'),
  'ManageLabsToDeletePage',
);
const customers = () => import('../features/customers/pages.tsx');
const CustomerAddPage = page(customers, 'CustomerAddPage');
const CustomerEditPage = page(customers, 'CustomerEditPage');
const CustomerListPage = page(customers, 'CustomerListPage');
const ManageCustomersPage = page(customers, 'ManageCustomersPage');
const StaffPage = page(() => import('../features/staff/pages.tsx'), 'StaffPage');
const StaffStatisticsPage = page(() => import('../features/staff/pages.tsx'), 'StaffStatisticsPage');
const UserSettingsPage = page(() => import('../features/settings/pages.tsx'), 'UserSettingsPage');
const payments = () => import('../features/payments/pages.tsx');
const PayAddPage = page(payments, 'PayAddPage');
const StorePage = page(payments, 'StorePage');
const StatementPrintPage = page(payments, 'StatementPrintPage');
const StorePrintPage = page(payments, 'StorePrintPage');
const ReceiptPrintPage = page(payments, 'ReceiptPrintPage');
const DayPacketsPrintPage = page(
  () => import('../features/assays/DayPacketsPrintPage.tsx'),
  'DayPacketsPrintPage',
);
const credits = () => import('../features/credits/pages.tsx');
const CreditAddPage = page(credits, 'CreditAddPage');
const ManageCreditsPage = page(credits, 'ManageCreditsPage');
const SystemSettingsPage = page(() => import('../features/system-settings/pages.tsx'), 'SystemSettingsPage');
const ManageMessagesPage = page(() => import('../features/messages/pages.tsx'), 'ManageMessagesPage');
const BackupsPage = page(() => import('../features/backups/pages.tsx'), 'BackupsPage');
const workshops = () => import('../features/workshops/pages.tsx');
const ManageAddUserPage = page(workshops, 'ManageAddUserPage');
const ManageEditUserPage = page(workshops, 'ManageEditUserPage');
const ManageLabOwnersPage = page(workshops, 'ManageLabOwnersPage');

// The landing page's login forms (modes 0 and 2) load when chosen: the first download is the lookup alone.
const LoginForm = preloadable(() => import('../features/auth/LoginForm.tsx'), 'LoginForm');
const OtpLoginForm = preloadable(() => import('../features/auth/OtpLoginForm.tsx'), 'OtpLoginForm');

/** '': the results feature's cover page, with the auth feature's login forms. */
function LandingPage() {
  return <ResultsLandingPage loginForm={LoginForm} otpLoginForm={OtpLoginForm} />;
}

// Tests render screens and look at them at once, as before the screens were split off.
if (import.meta.env.MODE === 'test') await preloadAllScreens();

/**
 * What shows while a screen's code arrives (usually a fraction of a second). The admin's dashboard, whose
 * direct load waits for the shell and then the screen, shows its frame instead, and its code is asked for
 * alongside the shell's rather than after it.
 */
function ScreenLoading() {
  const { pathname } = useLocation();
  const { user } = useAuth();
  const adminDashboard = pathname === href('dashboard') && user?.role === 'admin';
  useEffect(() => {
    if (adminDashboard) void DashboardPage.preload().catch(() => undefined);
  }, [adminDashboard]);
  if (adminDashboard) return <AdminDashboardFrame />;
  return (
    <Center mih="40vh" role="status" aria-label="در حال بارگذاری صفحه">
      <Loader size="md" color="gold.6" />
    </Center>
  );
}

/**
 * A lazily loaded screen keeps whatever is around it (the shell) while its code loads, and a screen
 * that fails to render shows an error in its place rather than blanking the app.
 */
function Lazy() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary resetKey={pathname}>
      <Suspense fallback={<ScreenLoading />}>
        <Outlet />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/**
 * Each screen of the table (lib/screens.ts, ADR 0046) and what it renders: a screen with no page here is a
 * type error. The table says where each sits (its frame); titles, access and menus are there too.
 */
const PAGES: Record<ScreenId, ComponentType> = {
  landing: LandingPage,
  register: RegisterPage,
  about: AboutPage,
  'lab-owners': LabOwnersPage,
  r: PublicResultPage,
  logout: LogoutPage,
  'lab/slip': SlipPage,
  'lab/slip/queued': OfflineScreen,
  'customer/statement': StatementPrintPage,
  'user/store/print': StorePrintPage,
  'pay/receipt': ReceiptPrintPage,
  'lab/day': DayPacketsPrintPage,
  home: HomePage,
  dashboard: DashboardPage,
  'code/add': CodeAddPage,
  'lab/add': LabAddPage,
  'lab/edit': LabEditPage,
  'lab/list/search': LabListPage,
  'lab/list': LabListPage,
  'lab/verify': VerifyQueuePage,
  'lab/import': ImportPage,
  'lab/queue': OfflineScreen,
  'customer/add': CustomerAddPage,
  'customer/edit': CustomerEditPage,
  'customer/list': CustomerListPage,
  'user-settings/edit': UserSettingsPage,
  'user/store': StorePage,
  profile: ProfilePage,
  'credit/add': CreditAddPage,
  'pay/add': PayAddPage,
  staff: StaffPage,
  'staff/statistics': StaffStatisticsPage,
  'manage/labs': ManageLabsPage,
  'manage/labs-todelete': ManageLabsToDeletePage,
  'manage/customers': ManageCustomersPage,
  'manage/credits/search': ManageCreditsPage,
  'manage/credits': ManageCreditsPage,
  'manage/codes': ManageCodesPage,
  'manage/edit-lab': ManageEditLabPage,
  'manage/system-setting': SystemSettingsPage,
  'manage/messages': ManageMessagesPage,
  'manage/backups': BackupsPage,
  'manage/lab-owners': ManageLabOwnersPage,
  'manage/add-user': ManageAddUserPage,
  'manage/edit-user': ManageEditUserPage,
};

/** The routes of the screens in one frame; the landing page's empty path is the index route. */
function routesIn(frame: Frame) {
  return allScreens()
    .filter((screen) => screen.frame === frame)
    .map(({ id, path }) => {
      const Page = PAGES[id];
      return path === '' ? (
        <Route key={id} index element={<Page />} />
      ) : (
        <Route key={id} path={path} element={<Page />} />
      );
    });
}

/** Any single segment ending in «Embedded» (for example /ayarEmbedded) is the embedded lookup page. */
function CatchAll() {
  const { pathname } = useLocation();
  return isEmbeddedPath(pathname) ? <EmbeddedLookupPage /> : <NotFoundPage />;
}

/** A 401 anywhere clears the login (in the API client) and lands on '/'. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    // BrowserRouter's navigate returns nothing (only a data router's returns a promise): void says so.
    setUnauthorizedHandler(() => void navigate(href('landing'), { replace: true }));
    return () => setUnauthorizedHandler(null);
  }, [navigate]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <UnauthorizedRedirect />
      <Routes>
        <Route element={<GuardOutlet />}>
          {routesIn('landing')}
          <Route element={<Lazy />}>
            {routesIn('bare')}
            <Route element={<SlipLayout />}>{routesIn('slip')}</Route>
            <Route element={<AppLayout />}>
              <Route element={<Lazy />}>{routesIn('shell')}</Route>
            </Route>
          </Route>
          <Route path="*" element={<CatchAll />} />
        </Route>
      </Routes>
    </>
  );
}
