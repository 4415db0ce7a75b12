import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { listKeys } from './signing.repository.ts';

const jwkSchema = z.looseObject({ kty: z.string(), kid: z.string() });

/**
 * `/.well-known/jwks.json` (RFC 7517, RFC 8615): every key that ever signed a result, so the lookup
 * page, and anyone holding a slip, can check a signature without trusting the page that shows it.
 * Outside /api/v1.0 because its place is fixed by the standard, not by the API's version.
 */
export function signingRoutes(app: FastifyInstance, deps: { db: Database }): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/.well-known/jwks.json',
    config: { audience: 'public' },
    schema: {
      tags: ['results'],
      summary: 'The public keys that sign results (JWK Set)',
      response: { 200: z.object({ keys: z.array(jwkSchema) }) },
    },
    handler: async (_request, reply) => {
      // Keys are added, never removed: five minutes of caching cannot hide one a fresh result needs
      // for longer than a rotation takes to reach every server.
      reply.header('cache-control', 'public, max-age=300');
      return { keys: await listKeys(deps.db) };
    },
  });
}
