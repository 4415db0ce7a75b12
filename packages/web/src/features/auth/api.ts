import { ROUTES } from '@ayar/contract';
import { useApiMutation } from '../../lib/query.ts';

// The profile is read by the profile screen and a lab user's dashboard: its query lives in lib/queries.
export { accountQueries } from '../../lib/queries/account.ts';

export const useLogin = () => useApiMutation(ROUTES.account.login);
export const useRequestOtp = () => useApiMutation(ROUTES.account.disposableLogin);
export const useVerifyOtp = () => useApiMutation(ROUTES.account.disposableLoginOtp);
export const useChangePassword = () => useApiMutation(ROUTES.account.changePassword);
