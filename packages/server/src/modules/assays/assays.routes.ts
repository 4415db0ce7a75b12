import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ASSAY_MSG, FIRE_MSG, RESULT_VERSION_MSG, ROUTES } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { plainJsonSerializerCompiler } from '../../plugins/plain-json-serializer.ts';
import { actorOf, currentUser } from '../../plugins/auth.ts';
import { deviceOf, idempotentReply } from '../offline/offline.service.ts';
import * as service from './assays.service.ts';
import { deleteRequestsRoutes } from './delete-requests.routes.ts';

export function assaysRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const actor = actorOf;

  // ————— Packet numbers —————

  r.route({
    ...api(ROUTES.tests.getCode),
    handler: async (request) => ok(await service.getCode(db, currentUser(request).id, deviceOf(request)), ''),
  });

  r.route({
    ...api(ROUTES.tests.checkCode),
    handler: async (request) =>
      ok(
        await service.checkCode(db, currentUser(request).id, request.body.code, deviceOf(request)),
        ASSAY_MSG.codeFree,
      ),
  });

  // ————— Registering and lists —————

  // With an `Idempotency-Key`, a resent request gets the first answer (ADR 0033).
  r.route({
    ...api(ROUTES.tests.addTest),
    handler: async (request, reply) => {
      const deviceId = deviceOf(request);
      return idempotentReply(db, request, reply, ASSAY_MSG.added, (transact) =>
        service.addTests(deps, actor(request), request.body, { deviceId, transact }),
      );
    },
  });

  r.route({
    ...api(ROUTES.tests.allTests),
    // A page is 100 plain rows: a compiled serializer writes it in 40 % of zod's time (ADR 0036).
    serializerCompiler: plainJsonSerializerCompiler,
    handler: async (request) => ok(await service.listTests(db, currentUser(request).id, request.query), ''),
  });

  r.route({
    ...api(ROUTES.tests.getTest),
    handler: async (request) =>
      ok(await service.getTest(db, currentUser(request).id, request.query.testId), ''),
  });

  // ————— Purity and edits —————

  r.route({
    ...api(ROUTES.tests.addCutting),
    handler: async (request, reply) =>
      idempotentReply(
        db,
        request,
        reply,
        (done) =>
          done.awaitingVerification > 0 ? ASSAY_MSG.purityAwaitsVerification : ASSAY_MSG.purityAdded,
        (transact) => service.addCutting(deps, actor(request), request.body, transact),
      ),
  });

  // A second person accepts or sends back recorded purities (ADR 0050); resent safely with a key.
  r.route({
    ...api(ROUTES.tests.verifyCutting),
    handler: async (request, reply) =>
      idempotentReply(db, request, reply, ASSAY_MSG.purityVerified, (transact) =>
        service.verifyCutting(deps, actor(request), request.body, transact),
      ),
  });

  // Fire assay duplicates (ADR 0059); resent safely with a key, as AddCutting.
  r.route({
    ...api(ROUTES.tests.addFireAssay),
    handler: async (request, reply) =>
      idempotentReply(
        db,
        request,
        reply,
        (done) =>
          done.outcome === 'repeat'
            ? FIRE_MSG.repeat
            : done.outcome === 'pending'
              ? ASSAY_MSG.purityAwaitsVerification
              : ASSAY_MSG.purityAdded,
        (transact) => service.addFireAssay(deps, actor(request), request.body, transact),
      ),
  });

  r.route({
    ...api(ROUTES.tests.purityHistory),
    handler: async (request) => ok(await service.purityHistory(db, actor(request), request.query.testId), ''),
  });

  r.route({
    ...api(ROUTES.tests.editTest),
    handler: async (request) => {
      await service.editTest(deps, actor(request), request.body);
      return ok(null, ASSAY_MSG.edited);
    },
  });

  // ————— Admin —————

  r.route({
    ...api(ROUTES.manage.allTests),
    // A page is 100 plain rows: a compiled serializer writes it in 40 % of zod's time (ADR 0036).
    serializerCompiler: plainJsonSerializerCompiler,
    handler: async (request) => ok(await service.manageListTests(db, request.query), ''),
  });

  r.route({
    ...api(ROUTES.manage.getTest),
    handler: async (request) => ok(await service.manageGetTest(db, request.query.testId), ''),
  });

  r.route({
    ...api(ROUTES.manage.testHistory),
    handler: async (request) => ok(await service.testHistory(db, request.query.testId), ''),
  });

  r.route({
    ...api(ROUTES.manage.editTest),
    handler: async (request) => {
      await service.manageEditTest(deps, actor(request), request.body);
      return ok(null, ASSAY_MSG.edited);
    },
  });

  r.route({
    ...api(ROUTES.manage.withdrawResult),
    handler: async (request) => {
      await service.withdrawResult(deps, actor(request), request.body);
      return ok(null, RESULT_VERSION_MSG.withdrawn);
    },
  });

  deleteRequestsRoutes(app, deps);
}
