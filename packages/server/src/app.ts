import { generateKeyPairSync } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { z } from 'zod';
import { API_PREFIX, loadCommonPasswords } from '@ayar/contract';
import { fa } from 'zod/locales';
import type { Redis } from 'ioredis';
import type { TrustProxy } from './config.ts';
import type { Database } from './db/database.ts';
import { ReadReplica } from './db/read-replica.ts';
import { addressKey } from './lib/client-address.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { lazyRequestLoggers } from './lib/request-logger.ts';
import { AppError } from './lib/errors.ts';
import { MemoryLoginLimiter, RedisLoginLimiter, type LoginLimiter } from './lib/login-limiter.ts';
import type { AppDeps, SmsReceiveOptions } from './deps.ts';
import { localFileStore, type FileStore } from './modules/files/files.storage.ts';
import { assaysRoutes } from './modules/assays/assays.routes.ts';
import { backupsRoutes } from './modules/backups/backups.routes.ts';
import type { BackupRunner } from './modules/backups/backup-run.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { activeSession } from './modules/auth/auth.service.ts';
import { codesRoutes } from './modules/codes/codes.routes.ts';
import { creditsRoutes } from './modules/credits/credits.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import type { ExportOptions } from './modules/exports/exports.service.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { checkPartnerKey } from './modules/partners/partners.service.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import type { ProcessHealth } from './modules/health/health.service.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { statementRoutes } from './modules/payments/statement.routes.ts';
import { resultsRoutes } from './modules/results/results.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { siteInfoRoutes } from './modules/site-info/site-info.routes.ts';
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { systemSettingsRoutes } from './modules/system-settings/system-settings.routes.ts';
import { workshopsRoutes } from './modules/workshops/workshops.routes.ts';
import { registerAuth, TokenSigner } from './plugins/auth.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { frameworkErrorEnvelope, notFoundEnvelope, registerErrorHandling } from './plugins/errors.ts';
import { registerWeb } from './plugins/web.ts';
import { signingRoutes } from './modules/signing/signing.routes.ts';
import { watchSigningKey } from './modules/signing/key-state.service.ts';
import { statusListRoutes } from './modules/signing/status-list.routes.ts';
import { StatusLists } from './modules/signing/status-list.service.ts';
import { resultKeyFrom, type ResultKey } from './modules/signing/keys.lib.ts';
import { ResultSigner } from './modules/signing/signer.lib.ts';
import { registerKey } from './modules/signing/signing.repository.ts';
import { smsLookupRoutes } from './modules/sms-lookup/sms-lookup.routes.ts';
import { resultVersionsRoutes } from './modules/result-versions/result-versions.routes.ts';
import { offlineRoutes } from './modules/offline/offline.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { OfflineTokenKeys } from './modules/offline/public-tokens.lib.ts';
import { registerMetrics, type AppMetricsOptions } from './modules/metrics/metrics.routes.ts';

// Persian messages for every zod check that has no message of its own.
z.config(fa());

export interface AppOptions {
  db: Database;
  jwtSecret: string;
  version: string;
  /** A pino instance (the process's logger); tests leave it out and get no logs. */
  logger?: FastifyBaseLogger;
  webDist?: string;
  /** Where uploads are kept (main.ts: the configured store, ADR 0030); wins over `filesDir`. */
  fileStore?: FileStore;
  /** Uploads in this directory (the local store), when no `fileStore` is given: tests and the bench. */
  filesDir?: string;
  /** Requests per minute per address across the API; the login route has its own, lower limit. */
  globalRateLimit?: number;
  /** Public result lookups per minute per address (default 30; the bench lifts it). */
  lookupRateLimit?: number;
  /**
   * Who may say where a request came from (TRUST_PROXY): unset, the socket's peer is the client and
   * X-Forwarded-For is ignored; else a hop count or the addresses/CIDRs of the proxies in front.
   */
  trustProxy?: TrustProxy;
  /** Addresses no rate limit applies to (RATE_LIMIT_ALLOWLIST): a monitoring probe, the e2e runner. */
  rateLimitAllowList?: string[];
  /**
   * Where the rate limits and failed sign-ins are counted when several processes serve the app
   * (REDIS_URL, docs/product.md §11.3). The caller owns the connection. Without it, each process counts
   * alone.
   */
  redis?: Redis;
  /** Prefix of this app's Redis keys (default `ayar:`); tests give each app its own. */
  redisKeyPrefix?: string;
  /** Tests pass a limiter with their own clock; otherwise one in memory or in Redis. */
  loginLimiter?: LoginLimiter;
  /** The key that signs results (main.ts: RESULT_SIGNING_KEY or DATA_DIR's); tests get a new one. */
  resultKey?: ResultKey;
  /**
   * The result signer itself, instead of one made from `resultKey`: only bench/publish.ts sets it, to
   * measure what signing adds to publishing a purity against a signer that skips Ed25519.
   */
  resultSigner?: ResultSigner;
  /**
   * PUBLIC_URL (ADR 0041): a signed result names its status list under this origin; unset, the list's
   * address is path-absolute.
   */
  publicUrl?: string | undefined;
  /**
   * Where the reads that may lag go (DATABASE_READ_URL, ADR 0032); main.ts starts and stops it.
   * Unset: the primary for everything.
   */
  reads?: ReadReplica;
  /** The SMS provider's webhook for lookups by SMS; unset, it does not exist. */
  smsReceive?: SmsReceiveOptions;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS (ADR 0062) */ webhookAllowPrivateTargets?: boolean;
  /** Manual backups from the admin's screen (main.ts: createBackupRunner, ADR 0053). */
  backups?: BackupRunner;
  /** The Prometheus metrics on the public port and the request durations (ADR 0052). */
  metrics?: AppMetricsOptions;
  /** What readiness reads of the process around the app: the embedded database's state, draining (ADR 0051). */
  processHealth?: ProcessHealth;
  /** The exports' row limit, running exports per person and batch size (ADR 0055); tests lower them. */
  exports?: ExportOptions;
}

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.confirmPassword',
  '*.token',
];

/** `/<product>Embedded` (query allowed): the web app's isEmbeddedPath, on the server. */
const EMBEDDED_PAGE = /^\/[^/?#]+Embedded\/?(?:[?#]|$)/;

/** A hop count as Fastify applies it at run time (its types leave numbers out): the first n hops. */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // Every new password is checked against the common list (ADR 0043): loaded before any route can take one.
  await loadCommonPasswords();
  const answerHeaders = answerHeadersSetter();
  const app = Fastify({
    ...(options.logger
      ? { loggerInstance: options.logger, childLoggerFactory: lazyRequestLoggers }
      : { logger: false }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    // Undecodable URLs and over-long path parameters are answered by the router itself, before any
    // hook: as the envelope, with the headers every answer carries.
    frameworkErrors: (error, request, reply) => {
      answerHeaders(request, reply);
      frameworkErrorEnvelope(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks on every request take a callback rather than being async: a promise per hook per request
  // showed in the lookup's profile (ADR 0034). The headers are set before anything can answer, so no
  // answer hook is needed for them (ADR 0036).
  app.addHook('onRequest', (request, reply, done) => {
    answerHeaders(request, reply);
    done();
  });
  registerMetrics(app, { db: options.db, reads: options.reads }, options.metrics);

  const signer = new TokenSigner(options.jwtSecret);
  registerErrorHandling(app);
  registerAuth(app, {
    findSession: (sessionId, userId) => activeSession(options.db, sessionId, userId),
    signer,
    checkPartnerKey: (key, ip) => checkPartnerKey(options.db, key, ip),
  });

  await registerCompression(app);

  await registerRateLimits(app, options);

  await registerOpenApi(app, options.version);

  const deps = await appDeps(app, options, signer);
  healthRoutes(app, {
    db: options.db,
    version: options.version,
    files: deps.files,
    redis: options.redis,
    reads: deps.reads,
    ...options.processHealth,
  });
  // Nothing is signed with a retired key (ADR 0042): read now, then every few seconds.
  const keyState = await watchSigningKey(options.db, deps.resultSigner, app.log);
  app.addHook('onClose', (_app, done) => {
    keyState.stop();
    done();
  });
  signingRoutes(app, { db: options.db });
  statusListRoutes(app, {
    statusLists: new StatusLists({
      db: options.db,
      resultSigner: deps.resultSigner,
      publicUrl: options.publicUrl,
    }),
  });
  // One call per feature module (docs/product.md §11.2); each registers its routes from the
  // contract's ROUTES.
  for (const register of [
    authRoutes,
    workshopsRoutes,
    creditsRoutes,
    codesRoutes,
    systemSettingsRoutes,
    settingsRoutes,
    messagesRoutes,
    filesRoutes,
    customersRoutes,
    paymentsRoutes,
    statementRoutes,
    assaysRoutes,
    resultsRoutes,
    statisticsRoutes,
    backupsRoutes,
    siteInfoRoutes,
    smsLookupRoutes,
    resultVersionsRoutes,
    offlineRoutes,
    staffRoutes,
    exportsRoutes,
    importsRoutes,
    partnersRoutes,
  ]) {
    register(app, deps);
  }

  const hasWeb = options.webDist ? await registerWeb(app, options.webDist) : false;
  registerFallback(app, hasWeb);

  return app;
}

/**
 * What every answer carries: its request id, and the security headers (the content policy the web app
 * needs and nothing more for a page, the headers for data for an API answer).
 */
function answerHeadersSetter(): (request: FastifyRequest, reply: FastifyReply) => void {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // A lab's alert sound is fetched with the token and played from a blob: URL (ADR 0027).
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // pica (photo resizing in the browser) runs its workers from blob: URLs.
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The app is served over plain http on a lab's own machine as well; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
  });
  // An API answer is data, never a page: the headers OWASP's REST Security Cheat Sheet names for one
  // (nothing may run in, load from or frame it; no sniffing, no referrer) rather than a page's eleven:
  // fewer bytes and header checks on every answer (ADR 0035).
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  return (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.headers(request.url.startsWith(API_PREFIX) ? apiHeaders : headers);
  };
}

/** Compressed API answers (the web app's files are compressed at build time). */
async function registerCompression(app: FastifyInstance): Promise<void> {
  // A lab list page is ~96 KB of JSON and ~13 KB compressed: on a lab's mobile connection that is most of
  // the wait. Fast settings, in the request's own thread: compressing costs less CPU than writing the
  // uncompressed bytes. The web app's files are compressed at build time (@fastify/static preCompressed,
  // which this plugin leaves alone). Request bodies are never decompressed (nothing sends them so).
  await app.register(fastifyCompress, {
    encodings: ['zstd', 'br', 'gzip'],
    threshold: 1024,
    syncThreshold: 1024 * 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 1 },
    globalDecompression: false,
  });
}

/** The per-address limit on every API request, counted in Redis when there is one. */
async function registerRateLimits(app: FastifyInstance, options: AppOptions): Promise<void> {
  const allowed = new Set(options.rateLimitAllowList ?? []);
  const redisPrefix = options.redisKeyPrefix ?? 'ayar:';
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.globalRateLimit ?? 600,
    timeWindow: '1 minute',
    // Only the API counts: one page load fetches dozens of static files (lazy screens, fonts, icons),
    // and a lab's staff often share one address.
    allowList: (request) => !request.url.startsWith('/api/') || allowed.has(request.ip),
    keyGenerator: (request) => addressKey(request.ip),
    errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', 'تعداد درخواست‌ها بیش از حد مجاز است'),
    // An unreachable Redis lets requests through rather than stopping every lab's counter work.
    ...(options.redis ? { redis: options.redis, nameSpace: `${redisPrefix}rl:`, skipOnError: true } : {}),
  });
}

/** The store the app keeps uploads in: the one given, else a directory's. */
function fileStoreOf(options: AppOptions): FileStore {
  if (options.fileStore) return options.fileStore;
  if (options.filesDir) return localFileStore(options.filesDir);
  throw new Error('buildApp needs a fileStore or a filesDir');
}

/** What the route modules share: the database, the signers, the sign-in limiter, the file store. */
async function appDeps(app: FastifyInstance, options: AppOptions, signer: TokenSigner): Promise<AppDeps> {
  const redisPrefix = options.redisKeyPrefix ?? 'ayar:';
  const resultSigner =
    options.resultSigner ??
    new ResultSigner(options.resultKey ?? (await resultKeyFrom(generateKeyPairSync('ed25519').privateKey)));
  // Published before anything is signed with it, and kept after a rotation (ADR 0029).
  await registerKey(options.db, resultSigner.kid, resultSigner.key.publicJwk);
  // What a v2 result's payload needs besides the key: its status list's origin and the photos' bytes.
  resultSigner.publicUrl = options.publicUrl;
  resultSigner.files = fileStoreOf(options);
  return {
    db: options.db,
    // Without a replica every read is the primary's (a ReadReplica with none answers it).
    reads: options.reads ?? new ReadReplica({ primary: options.db, maxLagS: 10, logger: app.log }),
    signer,
    resultSigner,
    offlineTokens: new OfflineTokenKeys(options.jwtSecret),
    loginLimiter:
      options.loginLimiter ??
      (options.redis
        ? new RedisLoginLimiter(options.redis, `${redisPrefix}login:`, (err) =>
            app.log.error({ err }, 'Redis did not answer; the sign-in was not counted'),
          )
        : new MemoryLoginLimiter()),
    files: fileStoreOf(options),
    ...(options.lookupRateLimit ? { lookupRateLimit: options.lookupRateLimit } : {}),
    ...(options.smsReceive ? { smsReceive: options.smsReceive } : {}),
    ...(options.backups ? { backups: options.backups } : {}),
    ...(options.exports ? { exports: options.exports } : {}),
    webhookAllowPrivateTargets: options.webhookAllowPrivateTargets ?? false,
  };
}

/** Anything not an API route: the web app's shell (the embedded lookup may be framed), else a 404. */
function registerFallback(app: FastifyInstance, hasWeb: boolean): void {
  app.setNotFoundHandler(async (request, reply) => {
    // The API never falls back to the app: an unknown API path is an honest 404 envelope.
    if (request.url.startsWith('/api/') || request.url === '/api' || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send(notFoundEnvelope());
    }
    if (EMBEDDED_PAGE.test(request.url)) {
      // The embedded lookup (docs/product.md §2.2, `…Embedded`) exists to be framed by partner sites. It only
      // looks results up, and a parent page cannot steer the framed app anywhere else.
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', csp.replace("frame-ancestors 'self'", 'frame-ancestors *'));
      reply.removeHeader('x-frame-options');
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
