import { useNavigate } from 'react-router';
import { MSG, loginResponseSchema } from '@ayar/contract';
import type { Envelope, LoginResponse } from '@ayar/contract';
import { alertError, alertSuccess } from '../../lib/alert.ts';
import { saveLogin } from '../../lib/auth.ts';
import { href } from '../../lib/screens.ts';

/**
 * After a successful login (password or one-time code): store it and go to the dashboard (docs/product.md
 * §4.1).
 */
export function useCompleteLogin(): (envelope: Envelope<LoginResponse>) => void {
  const navigate = useNavigate();
  return (envelope) => {
    const parsed = loginResponseSchema.safeParse(envelope.data);
    if (!parsed.success) {
      alertError(MSG.failed);
      return;
    }
    saveLogin(parsed.data);
    alertSuccess(envelope.message || MSG.loggedIn);
    void navigate(href('dashboard'), { replace: true });
  };
}
