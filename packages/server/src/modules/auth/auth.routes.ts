import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, ROUTES } from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { api, noStore } from '../../plugins/api.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './auth.service.ts';
import * as otp from './otp.service.ts';
import type { AppDeps } from '../../deps.ts';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The database is closed after the app: codes already answered for are queued first.
  app.addHook('onClose', otp.otpDeliveriesSettled);
  const route = api(ROUTES.account.login);

  r.route({
    ...route,
    // Per address; the per-account limit lives in the service and counts failures only.
    config: { ...route.config, rateLimit: { max: 30, timeWindow: '1 minute' } },
    // A public route that answers a session's token: stored nowhere, as a signed-in route's answers.
    onRequest: noStore,
    handler: async (request) => {
      const data = await service.login(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return ok(data, MSG.loggedIn);
    },
  });

  r.route({
    ...api(ROUTES.account.logout),
    handler: async (request) => {
      await service.logout(deps.db, currentUser(request).sessionId);
      return ok(null, MSG.loggedOut);
    },
  });

  const otpRequest = api(ROUTES.account.disposableLogin);
  r.route({
    ...otpRequest,
    config: { ...otpRequest.config, rateLimit: { max: 10, timeWindow: '1 minute' } },
    // Answered before the account is looked up; the code is queued after (ADR 0043).
    handler: async (request) => {
      const data = otp.requestOtp(deps, request.body, (err) =>
        app.log.error({ err }, 'a one-time code could not be queued'),
      );
      return ok(data, otp.otpSentMessage());
    },
  });

  const otpVerify = api(ROUTES.account.disposableLoginOtp);
  r.route({
    ...otpVerify,
    config: { ...otpVerify.config, rateLimit: { max: 30, timeWindow: '1 minute' } },
    onRequest: noStore,
    handler: async (request) => {
      const data = await otp.verifyOtp(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return ok(data, MSG.loggedIn);
    },
  });

  r.route({
    ...api(ROUTES.account.profile),
    handler: async (request) => ok(await service.profile(deps.db, currentUser(request)), ''),
  });

  r.route({
    ...api(ROUTES.account.changePassword),
    handler: async (request) => {
      const user = currentUser(request);
      await service.changePassword(
        deps,
        // The person's own password: a staff member's, never their lab's (ADR 0049).
        { userId: user.personId, sessionId: user.sessionId },
        request.body,
        request.ip,
      );
      return ok(null, 'رمز عبور تغییر کرد؛ از همه دستگاه‌های دیگر خارج شدید و این دستگاه وارد می‌ماند.');
    },
  });
}
