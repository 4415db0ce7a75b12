import { useEffect } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import type { ComponentType } from 'react';
import { setUnauthorizedHandler } from '../lib/api.ts';
import { GuardOutlet } from './Guard.tsx';
import { AppLayout } from './shell/AppLayout.tsx';
import { isEmbeddedPath } from './guard.ts';
import { AboutPage } from './pages/AboutPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { LandingPage } from '../features/results/LandingPage.tsx';
import { EmbeddedLookupPage } from '../features/results/EmbeddedLookupPage.tsx';
import { LabOwnersPage, RegisterPage } from '../features/workshops/publicPages.tsx';
import { LogoutPage } from '../features/auth/LogoutPage.tsx';
import { ProfilePage } from '../features/auth/pages.tsx';
import { DashboardPage, HomePage } from '../features/statistics/pages.tsx';
import { CodeAddPage, ManageCodesPage } from '../features/codes/pages.tsx';
import {
  LabAddPage,
  LabEditPage,
  LabListPage,
  ManageEditLabPage,
  ManageLabsPage,
  ManageLabsToDeletePage,
} from '../features/assays/pages.tsx';
import {
  CustomerAddPage,
  CustomerEditPage,
  CustomerListPage,
  ManageCustomersPage,
} from '../features/customers/pages.tsx';
import { UserSettingsPage } from '../features/settings/pages.tsx';
import { PayAddPage, StorePage } from '../features/payments/pages.tsx';
import { CreditAddPage, ManageCreditsPage } from '../features/credits/pages.tsx';
import { SystemSettingsPage } from '../features/system-settings/pages.tsx';
import { ManageMessagesPage } from '../features/messages/pages.tsx';
import { ManageAddUserPage, ManageEditUserPage, ManageLabOwnersPage } from '../features/workshops/pages.tsx';

/** The guarded screens inside the shell (SPEC.md 2.1); titles live in screens.ts. */
const SHELL_ROUTES: ReadonlyArray<readonly [string, ComponentType]> = [
  ['home', HomePage],
  ['dashboard', DashboardPage],
  ['code/add', CodeAddPage],
  ['lab/add', LabAddPage],
  ['lab/edit/:id', LabEditPage],
  ['lab/list/:search', LabListPage],
  ['lab/list', LabListPage],
  ['customer/add', CustomerAddPage],
  ['customer/edit/:id', CustomerEditPage],
  ['customer/list', CustomerListPage],
  ['user-settings/edit', UserSettingsPage],
  ['user/store', StorePage],
  ['profile', ProfilePage],
  ['credit/add', CreditAddPage],
  ['pay/add', PayAddPage],
  ['manage/labs', ManageLabsPage],
  ['manage/labs-todelete', ManageLabsToDeletePage],
  ['manage/customers', ManageCustomersPage],
  ['manage/credits', ManageCreditsPage],
  ['manage/credits/:search', ManageCreditsPage],
  ['manage/codes', ManageCodesPage],
  ['manage/edit-lab/:id', ManageEditLabPage],
  ['manage/system-setting', SystemSettingsPage],
  ['manage/messages', ManageMessagesPage],
  ['manage/lab-owners', ManageLabOwnersPage],
  ['manage/add-user', ManageAddUserPage],
  ['manage/edit-user/:id/:name', ManageEditUserPage],
];

/** Any single segment ending in «Embedded» (for example /ayarEmbedded) is the embedded lookup page. */
function CatchAll() {
  const { pathname } = useLocation();
  return isEmbeddedPath(pathname) ? <EmbeddedLookupPage /> : <NotFoundPage />;
}

/** A 401 anywhere clears the login (in the API client) and lands on '/'. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => navigate('/', { replace: true }));
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
          <Route index element={<LandingPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="lab-owners" element={<LabOwnersPage />} />
          <Route path="logout" element={<LogoutPage />} />
          <Route element={<AppLayout />}>
            {SHELL_ROUTES.map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          </Route>
          <Route path="*" element={<CatchAll />} />
        </Route>
      </Routes>
    </>
  );
}
