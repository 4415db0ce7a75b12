import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth.ts';
import { decideNavigation } from './guard.ts';

/** Applies `decideNavigation` to every route; re-runs when the stored login changes (logout, 401). */
export function GuardOutlet() {
  const { pathname } = useLocation();
  const { token, user } = useAuth();
  const decision = decideNavigation({ pathname, token, role: user?.role ?? null });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
