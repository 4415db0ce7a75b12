import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIO_MAX_BYTES, PHOTO_MAX_BYTES, PHOTO_MAX_FILES, ROUTES } from '@ayar/contract';
import { addressKey } from '../../lib/client-address.ts';
import { multipartFormError } from '../../lib/multipart.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { api } from '../../plugins/api.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import * as service from './files.service.ts';

/** Multipart's own failures, in the envelope's words: the upload's own limits, then the form's. */
function multipartError(error: unknown, kind: service.UploadKind | null): AppError | null {
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        413,
        'TOO_LARGE',
        kind === 'photo' ? service.FILE_MSG.photoTooLarge : service.FILE_MSG.tooLarge,
      );
    case 'FST_FILES_LIMIT':
      return kind === 'photo'
        ? new AppError(413, 'TOO_LARGE', service.FILE_MSG.tooManyPhotos)
        : validation([{ field: 'file', message: service.FILE_MSG.oneFile }]);
    default:
      return multipartFormError(error);
  }
}

/**
 * Reads the form: typeName and fileType, then the file(s) under `file` or `file[]`. The kind is checked
 * as soon as the first file part starts, so a refused upload is not read into memory. Audio takes one
 * file of at most 5 MB; photos up to PHOTO_MAX_FILES of at most PHOTO_MAX_BYTES each.
 */
async function readUpload(request: FastifyRequest): Promise<{ kind: service.UploadKind; files: Buffer[] }> {
  const user = currentUser(request);
  const fields: service.UploadFields = {};
  let kind: service.UploadKind | null = null;
  const files: Buffer[] = [];
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
      kind ??= service.checkUploadKind(user, fields);
      if (kind === 'audio' && files.length > 0)
        throw validation([{ field: 'file', message: service.FILE_MSG.oneFile }]);
      const bytes = await part.toBuffer();
      if (kind === 'audio' && bytes.length > AUDIO_MAX_BYTES)
        throw new AppError(413, 'TOO_LARGE', service.FILE_MSG.tooLarge);
      files.push(bytes);
    }
  } catch (error) {
    throw multipartError(error, kind) ?? error;
  }
  if (!kind || files.length === 0) {
    service.checkUploadKind(user, fields);
    throw validation([{ field: 'file', message: service.FILE_MSG.noFile }]);
  }
  return { kind, files };
}

export function filesRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Multipart lives only in this scope, so no other route accepts form uploads.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: Math.max(AUDIO_MAX_BYTES, PHOTO_MAX_BYTES),
        files: PHOTO_MAX_FILES,
        fields: 10,
        fieldSize: 1000,
        parts: PHOTO_MAX_FILES + 12,
      },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const route = api(ROUTES.tests.addFile);
    r.route({
      ...route,
      config: {
        ...route.config,
        // Uploads per user (docs/product.md §7.3); the user is known by now (the auth hook runs first).
        rateLimit: {
          max: 60,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => request.user?.id ?? addressKey(request.ip),
        },
      },
      handler: async (request) => {
        const upload = await readUpload(request);
        if (upload.kind === 'photo') {
          const addresses = await service.savePhotos(deps, currentUser(request), upload.files, request.ip);
          return ok(addresses.length === 1 ? addresses[0]! : addresses, service.FILE_MSG.photosUploaded);
        }
        const address = await service.saveAudio(deps, currentUser(request), upload.files[0]!, request.ip);
        return ok(address, service.FILE_MSG.uploaded);
      },
    });
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...api(ROUTES.files.get),
    handler: async (request, reply) => {
      const file = await service.openFile(
        deps,
        currentUser(request),
        request.params.id,
        request.query.thumb === true,
      );
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'private, max-age=3600')
        .send(file.stream);
    },
  });
}
