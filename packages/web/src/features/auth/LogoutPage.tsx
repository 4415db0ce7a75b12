import { useEffect, useRef } from 'react';
import { Center, Loader } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ROUTES } from '@ayar/contract';
import { apiCall } from '../../lib/api.ts';
import { clearLogin } from '../../lib/auth.ts';
import { href } from '../../lib/screens.ts';

/** logout: tells the server (best-effort), clears token, user info and settings, then goes to '/'. */
export function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The request reads the token synchronously, so the login can be cleared at once without waiting.
    void apiCall(ROUTES.account.logout, { silent: true, background: true }).catch(() => undefined);
    clearLogin();
    void navigate(href('landing'), { replace: true });
  }, [navigate]);
  return (
    <Center h="60vh" role="status" aria-label="در حال خروج">
      <Loader color="gold" />
    </Center>
  );
}
