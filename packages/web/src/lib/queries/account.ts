import { ROUTES } from '@ayar/contract';
import { apiQuery } from '../query.ts';

export const accountQueries = {
  /**
   * The signed-in user's profile (GET /Account/Profile): the profile screen shows it, a lab user's
   * dashboard reads its bench flag and alert sound. `silent` leaves a failure unannounced.
   */
  profile: ({ silent = false }: { silent?: boolean } = {}) =>
    apiQuery(['profile'], ROUTES.account.profile, { silent }),
};
