import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  EXPORT_ROWS_HEADER,
  ROUTES,
  type ExportFormat,
  type ExportName,
  type RouteDef,
} from '@ayar/contract';
import { api } from '../../plugins/api.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import { Exporter, type ReadyExport } from './exports.service.ts';
import type { ExportQuery } from './sources.lib.ts';

/** RFC 5987's attr-char: what `encodeURIComponent` leaves that a `filename*` may not carry. */
const encodeFileName = (name: string) =>
  encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The answer's headers (ADR 0055): the Persian name in `filename*`, an ASCII one for old clients. */
function fileHeaders(ready: ReadyExport): Record<string, string> {
  return {
    'content-type': ready.mediaType,
    'content-disposition':
      `attachment; filename="${ready.asciiFileName}"; ` +
      `filename*=UTF-8''${encodeFileName(ready.fileName)}`,
    [EXPORT_ROWS_HEADER.toLowerCase()]: String(ready.total),
    'cache-control': 'no-store',
  };
}

export function exportsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const exporter = new Exporter(deps.db, deps.exports);

  for (const name of Object.keys(ROUTES.exports) as ExportName[]) {
    const def: RouteDef = ROUTES.exports[name];
    app.route({
      ...api(def),
      handler: async (request, reply) => {
        // Validated with this route's own schema, EXPORT_QUERIES[name] (api() gives it to Fastify).
        const query = request.query as ExportQuery<ExportName> & { format: ExportFormat };
        const ready = await exporter.prepare(currentUser(request), name, query);
        const out = new PassThrough({ highWaterMark: 1024 * 1024 });
        // writeInto catches its own failures (logged, the stream cut) and closes the snapshot.
        void ready.writeInto(out, request.log);
        return reply.headers(fileHeaders(ready)).send(out);
      },
    });
  }
}
