import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { alertInfo } from '../lib/alert.ts';
import { useAuth } from '../lib/auth.ts';
import { rolesOf } from '../lib/roles.ts';
import { decideNavigation } from './guard.ts';

/** Goes where the guard says, telling why when it has a reason (a screen not of the person's roles). */
function Redirect({ to, notice }: { to: string; notice: string | undefined }) {
  useEffect(() => {
    if (notice) alertInfo(notice);
  }, [notice]);
  return <Navigate to={to} replace />;
}

/** Applies `decideNavigation` to every route; re-runs when the stored login changes (logout, 401). */
export function GuardOutlet() {
  const { pathname } = useLocation();
  const { token, user } = useAuth();
  const decision = decideNavigation({ pathname, token, role: user?.role ?? null, roles: rolesOf(user) });
  if (decision.kind === 'redirect') return <Redirect to={decision.to} notice={decision.notice} />;
  return <Outlet />;
}
