import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMPORT_LIMITS, IMPORT_MSG, ROUTES } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { addressKey } from '../../lib/client-address.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { multipartFormError } from '../../lib/multipart.ts';
import { api } from '../../plugins/api.ts';
import { actorOf } from '../../plugins/auth.ts';
import { applyImport } from './apply.service.ts';
import * as service from './imports.service.ts';

/** The preview's form: `mappingId`, then one file under `file`; a bigger file is refused as it streams. */
async function readPreviewForm(request: FastifyRequest) {
  let mappingId = '';
  let file: { bytes: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'mappingId') mappingId = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      file = { bytes: await part.toBuffer(), fileName: part.filename };
    }
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'TOO_LARGE', IMPORT_MSG.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw validation([{ field: 'file', message: IMPORT_MSG.oneFile }]);
    throw multipartFormError(error) ?? error;
  }
  if (!mappingId.trim()) throw validation([{ field: 'mappingId', message: IMPORT_MSG.mapping }]);
  if (!file) throw validation([{ field: 'file', message: IMPORT_MSG.noFile }]);
  return { mappingId: mappingId.trim(), ...file };
}

/** Previews per person a minute: each reads and keeps a file of up to 10,000 rows (docs/product.md §7.3). */
const PREVIEWS_PER_MINUTE = 20;

/** The instrument import's routes (ADR 0059); multipart lives only in the preview's scope. */
export function importsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.route({
    ...api(ROUTES.tests.importMappings),
    handler: async (request) => ok(await service.listMappings(db, actorOf(request)), ''),
  });
  r.route({
    ...api(ROUTES.tests.addImportMapping),
    handler: async (request) => ok(await service.addMapping(db, actorOf(request), request.body), ''),
  });
  r.route({
    ...api(ROUTES.tests.deleteImportMapping),
    handler: async (request) => ok(await service.deleteMapping(db, actorOf(request), request.body.id), ''),
  });
  r.route({
    ...api(ROUTES.tests.importApply),
    handler: async (request) => {
      const answer = await applyImport(deps, actorOf(request), request.body);
      return ok(answer, IMPORT_MSG.recorded(answer.recorded));
    },
  });
  r.route({
    ...api(ROUTES.tests.importFile),
    handler: async (request, reply) => {
      const file = await service.openImportFile(deps, actorOf(request), request.query.importId);
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });

  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 4, fieldSize: 200, parts: 6 },
    });
    const route = api(ROUTES.tests.importPreview);
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...route,
      config: {
        ...route.config,
        rateLimit: {
          max: PREVIEWS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => request.user?.personId ?? addressKey(request.ip),
        },
      },
      handler: async (request) => {
        const form = await readPreviewForm(request);
        return ok(await service.preview(deps, actorOf(request), form), IMPORT_MSG.previewed);
      },
    });
  });
}
