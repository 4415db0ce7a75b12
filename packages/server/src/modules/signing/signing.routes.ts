import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { listKeys } from './signing.repository.ts';

const jwkSchema = z.looseObject({ kty: z.string(), kid: z.string() });
export const jwkSetSchema = z.object({ keys: z.array(jwkSchema) });

const EXAMPLE_KEY = {
  kty: 'OKP',
  crv: 'Ed25519',
  x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
  kid: 'r-2026-10',
  alg: 'EdDSA',
  use: 'sig',
};

/**
 * `/.well-known/jwks.json` (RFC 7517, RFC 8615): every key that ever signed a result, so the lookup
 * page, and anyone holding a slip, can check a signature without trusting the page that shows it; a
 * retired one with its `retiredAt` (ADR 0042).
 * Outside /api/v1.0 because its place is fixed by the standard, not by the API's version.
 */
export function signingRoutes(app: FastifyInstance, deps: { db: Database }): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/.well-known/jwks.json',
    config: { audience: 'public', example: { response: { keys: [EXAMPLE_KEY] } } },
    schema: {
      operationId: 'resultSigningKeys',
      tags: ['results'],
      summary: 'The public keys that sign results (JWK Set)',
      description:
        'Not the envelope: a JWK Set (RFC 7517) of Ed25519 public keys; `kid` names the key of a JWS. A ' +
        'retired key carries `retiredAt` (ISO 8601 UTC): refuse what it signed at or after that time ' +
        "(a result's `publishedAt`, a status list's `iat`); what it signed before still verifies.",
      response: { 200: jwkSetSchema },
    },
    handler: async (_request, reply) => {
      // Keys are added, never removed: five minutes of caching cannot hide one a fresh result needs
      // for longer than a rotation takes to reach every server. A retirement reaches a verifier within
      // the same five minutes (ADR 0042).
      reply.header('cache-control', 'public, max-age=300');
      return { keys: await listKeys(deps.db) };
    },
  });
}
