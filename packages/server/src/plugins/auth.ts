import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import {
  AUDIENCES,
  PARTNER_KEY_HEADER,
  PARTNER_MSG,
  STAFF_MSG,
  hasRole,
  type Audience,
  type PartnerScope,
  type Role,
  type StaffRole,
} from '@ayar/contract';
import type { Actor } from '../lib/actor.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    audience?: Audience;
    /** The lab roles a `workshop`/`any-user` route allows (ADR 0049), from `ROUTE_PATHS`. */
    roles?: readonly StaffRole[];
    /** The scope a `partner` route's API key must have (ADR 0061), from `ROUTE_PATHS`. */
    scope?: PartnerScope;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** The partner whose API key a `partner` route was called with (ADR 0061). */
    partner: PartnerCaller | null;
  }
}

export interface SessionUser {
  /** The account the request acts for: the administrator, or the lab (the tenant, for its staff too). */
  id: string;
  role: Role;
  sessionId: string;
  /** Who is signed in: the administrator, the lab account, or one of the lab's staff (ADR 0049). */
  personId: string;
  /** A lab person's roles (the lab account: owner); empty for the administrator. */
  roles: readonly StaffRole[];
}

/** A partner system calling with its API key. */
export interface PartnerCaller {
  id: string;
  name: string;
  scopes: readonly PartnerScope[];
}

/**
 * What an API key is worth for a call from an address (the partners module's check, given by app.ts):
 * the partner, no valid key (401), or an address its allowlist does not hold (403).
 */
export type CheckPartnerKey = (
  key: string | undefined,
  ip: string,
) => Promise<{ partner: PartnerCaller } | 'unauthorized' | 'address'>;

/** The partner of a request whose route's audience is `partner`; never null there. */
export function currentPartner(request: FastifyRequest): PartnerCaller {
  if (!request.partner) throw unauthorized(PARTNER_MSG.keyMissing);
  return request.partner;
}

/** What the session store answers for a standing session: the tenant, the person and their roles. */
export interface ActiveSession {
  id: string;
  userId: string;
  role: Role;
  personId: string;
  roles: StaffRole[];
}

/**
 * The session a token names, if it still stands: the auth module's, given by app.ts, since plugins/
 * sits below the modules and imports none.
 */
export type FindSession = (sessionId: string, personId: string) => Promise<ActiveSession | undefined>;

/** Who acts in a request (ADR 0049): the tenant, the person, a lab person's roles, the address. */
export function actorOf(request: FastifyRequest): Actor {
  const user = currentUser(request);
  const roles = user.role === 'workshop' ? { roles: user.roles } : {};
  return { id: user.id, personId: user.personId, ip: request.ip, ...roles };
}

/** The user of a request whose route declared a signed-in audience; never null there. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Every token names who made it and what it is for, and only such tokens are taken: a key ever shared
 * with another service (or another product of ours) can then never mint a session here.
 */
const ISSUER = 'ayar';
const AUDIENCE = 'ayar:api';

/** How many verified tokens a process remembers (a few hundred bytes each). */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenSigner {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, with their claims and expiry: a counter sends the same token with every
   * request, and jose's HMAC goes through WebCrypto's thread pool each time (3 % of a lab list's CPU,
   * ADR 0034). Only the signature and claims are remembered; whether the session still stands is asked
   * of the database on every request, so sign-out and deactivation still end a token at once.
   */
  private readonly verified = new Map<string, { sub: string; sid: string; expMs: number }>();
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }
  sign(claims: { sub: string; sid: string; role: Role }, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sid, role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }
  /** A keyed digest (HMAC-SHA256) for short secrets such as one-time codes: useless without our key. */
  digest(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('base64url');
  }
  async verify(token: string): Promise<{ sub: string; sid: string } | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expMs) return { sub: known.sub, sid: known.sid };
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      if (typeof payload.exp === 'number') {
        // The oldest entry makes room (a Map iterates in insertion order).
        if (this.verified.size >= VERIFIED_CACHE_SIZE)
          this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { sub: payload.sub, sid: payload.sid, expMs: payload.exp * 1000 });
      }
      return { sub: payload.sub, sid: payload.sid };
    } catch {
      return null;
    }
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : null;
}

const allowed: Record<Exclude<Audience, 'public' | 'partner'>, Role[]> = {
  'any-user': ['admin', 'workshop'],
  workshop: ['workshop'],
  admin: ['admin'],
};

/**
 * Every route declares who may call it (docs/product.md §7.1). Routes are checked when the app is ready: one
 * without a valid audience stops the server from starting. Requests are then authenticated against
 * the session table, so logout, password change and deactivation end a token at once.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: { findSession: FindSession; signer: TokenSigner; checkPartnerKey: CheckPartnerKey },
): void {
  const routes: RouteOptions[] = [];
  app.decorateRequest('user', null);
  app.decorateRequest('partner', null);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const missing = routes
      .filter((r) => !AUDIENCES.includes(r.config?.audience as Audience))
      .map((r) => `${String(r.method)} ${r.url}`);
    if (missing.length > 0) {
      throw new Error(
        `Routes without a declared audience (public, workshop, admin, any-user):\n  ${missing.join('\n  ')}`,
      );
    }
    // A route open to a lab names the lab roles that may call it (ADR 0049): none is open by omission.
    const roleless = routes
      .filter((r) => ['workshop', 'any-user'].includes(r.config?.audience ?? '') && !r.config?.roles?.length)
      .map((r) => `${String(r.method)} ${r.url}`);
    if (roleless.length > 0) {
      throw new Error(`Lab routes without declared roles (ADR 0049):\n  ${roleless.join('\n  ')}`);
    }
    const unscoped = routes
      .filter((r) => r.config?.audience === 'partner' && !r.config?.scope)
      .map((r) => `${String(r.method)} ${r.url}`);
    if (unscoped.length > 0) {
      throw new Error(`Partner routes without a declared scope (ADR 0061):\n  ${unscoped.join('\n  ')}`);
    }
  });

  /** A partner route: the key of `X-Api-Key`, never a session (ADR 0061). */
  const authenticatePartner = async (request: FastifyRequest) => {
    const header = request.headers[PARTNER_KEY_HEADER];
    const checked = await deps.checkPartnerKey(typeof header === 'string' ? header : undefined, request.ip);
    if (checked === 'unauthorized') throw unauthorized(PARTNER_MSG.keyMissing);
    if (checked === 'address') throw forbidden(PARTNER_MSG.address403);
    request.partner = checked.partner;
    const scope = request.routeOptions.config?.scope;
    if (scope && !checked.partner.scopes.includes(scope)) throw forbidden(PARTNER_MSG.scope);
  };

  const authenticate = async (request: FastifyRequest, audience: Exclude<Audience, 'public' | 'partner'>) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await deps.signer.verify(token);
    if (!claims) throw unauthorized();
    const session = await deps.findSession(claims.sid, claims.sub);
    if (!session) throw unauthorized();
    request.user = {
      id: session.userId,
      role: session.role,
      sessionId: session.id,
      personId: session.personId,
      roles: session.roles,
    };
    if (!allowed[audience].includes(session.role)) throw forbidden();
    // A lab's person may call only what the route's roles allow (ADR 0049); the administrator is not one.
    const roles = request.routeOptions.config?.roles;
    if (session.role === 'workshop' && roles && !hasRole(session.roles, roles)) {
      throw forbidden(STAFF_MSG.forbiddenRole);
    }
  };
  // A callback hook: public routes (the lookup) pass without a promise (ADR 0034).
  app.addHook('onRequest', (request, reply, done) => {
    const audience = request.routeOptions.config?.audience;
    if (!audience || audience === 'public') return done();
    // Whatever a signed-in route answers (a profile, a ledger, or 401/403/404) is nobody else's to
    // keep: no browser or proxy cache may store it (ADR 0043). Set here, before anything can answer, so
    // errors carry it too and the public routes gain no work; a route may still set its own (a
    // private file's `private, max-age`).
    reply.header('cache-control', 'no-store');
    (audience === 'partner' ? authenticatePartner(request) : authenticate(request, audience)).then(
      () => done(),
      done,
    );
  });
}

/** Marks every route registered in this scope (plugins' own routes: docs, static files) as public. */
export function markScopePublic(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, audience: route.config?.audience ?? 'public' };
  });
}
