import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIO_MAX_BYTES, MSG, ROUTES, envelopeSchema } from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { api, currentUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import * as service from './files.service.ts';

/** Multipart's own failures, in the envelope's words. */
function multipartError(error: unknown): AppError | null {
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'TOO_LARGE', service.FILE_MSG.tooLarge);
    case 'FST_FILES_LIMIT':
      return validation([{ field: 'file', message: service.FILE_MSG.oneFile }]);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'TOO_LARGE', MSG.tooLarge);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MSG.unsupportedMedia);
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError(400, 'VALIDATION', MSG.validation);
    default:
      return null;
  }
}

/**
 * Reads the form: typeName and fileType, then one file under `file` (or `file[]`). The kind is checked
 * as soon as the file part starts, so a refused upload is not read into memory.
 */
async function readUpload(request: FastifyRequest): Promise<{ kind: 'audio'; bytes: Buffer }> {
  const user = currentUser(request);
  const fields: service.UploadFields = {};
  let upload: { kind: 'audio'; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'typeName' || part.fieldname === 'fileType')
          fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' && part.fieldname !== 'file[]') {
        part.file.resume();
        continue;
      }
      const kind = service.checkUploadKind(user, fields);
      upload = { kind, bytes: await part.toBuffer() };
    }
  } catch (error) {
    throw multipartError(error) ?? error;
  }
  if (!upload) {
    service.checkUploadKind(user, fields);
    throw validation([{ field: 'file', message: service.FILE_MSG.noFile }]);
  }
  return upload;
}

export function filesRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Multipart lives only in this scope, so no other route accepts form uploads.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: AUDIO_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const route = api(ROUTES.tests.addFile);
    r.route({
      ...route,
      config: {
        ...route.config,
        // Uploads per user (DESIGN.md 6); the user is known by now (the auth hook runs first).
        rateLimit: {
          max: 60,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
        },
      },
      schema: {
        tags: ['files'],
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(z.string()) },
      },
      handler: async (request) => {
        const upload = await readUpload(request);
        const address = await service.saveAudio(deps, currentUser(request), upload.bytes, request.ip);
        return ok(address, service.FILE_MSG.uploaded);
      },
    });
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...api(ROUTES.files.get),
    schema: { tags: ['files'], params: z.object({ id: z.string().max(100) }) },
    handler: async (request, reply) => {
      const file = await service.openFile(deps, currentUser(request), request.params.id);
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'private, max-age=3600')
        .send(file.stream);
    },
  });
}
