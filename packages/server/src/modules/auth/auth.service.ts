import {
  DEFAULT_USER_SETTINGS,
  MSG,
  ROLE_IDS,
  WORKSHOP_STATUS,
  userSettingsSchema,
  type LoginRequest,
  type LoginResponse,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { AppError, rateLimited, unauthorized } from '../../lib/errors.ts';
import type { LoginLimiter } from '../../lib/login-limiter.ts';
import { dummyPasswordHash, generatePassword, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { TokenSigner } from '../../plugins/auth.ts';
import * as repo from './auth.repository.ts';

const SESSION_DAYS = 30;

export interface AuthDeps {
  db: Database;
  signer: TokenSigner;
  loginLimiter: LoginLimiter;
}

/** Stored settings merged over the defaults of SPEC.md 3, so old rows gain new keys. */
export function effectiveSettings(stored: unknown) {
  const parsed = userSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_USER_SETTINGS;
}

export async function login(
  deps: AuthDeps,
  input: LoginRequest,
  client: { ip: string; userAgent: string | null },
): Promise<LoginResponse> {
  const key = input.userName.toLowerCase();
  if (deps.loginLimiter.isLocked(key)) throw rateLimited();

  const user = await repo.findUserByUsername(deps.db, input.userName);
  // Unknown user and wrong password take the same time and get the same answer.
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid) {
    deps.loginLimiter.recordFailure(key);
    throw unauthorized(MSG.badCredentials);
  }
  deps.loginLimiter.reset(key);
  if (user.role === 'workshop' && user.status === WORKSHOP_STATUS.new) {
    throw new AppError(403, 'FORBIDDEN', MSG.notActivated);
  }

  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600_000);
  const sessionId = await repo.createSession(deps.db, {
    userId: user.id,
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  const token = await deps.signer.sign({ sub: user.id, sid: sessionId, role: user.role }, expiresAt);
  const testTypes = await repo.listTestTypes(deps.db);
  return {
    token,
    userUsername: user.username,
    userId: user.id,
    userRoleId: ROLE_IDS[user.role],
    userFname: user.role === 'admin' ? user.fullName || 'مدیر سامانه' : user.fName,
    nationalId: user.nationalId,
    userSanapass: JSON.stringify(effectiveSettings(user.settings)),
    role: user.role,
    testTypes,
  };
}

export async function logout(db: Database, sessionId: string): Promise<void> {
  await repo.revokeSession(db, sessionId);
}

/**
 * On first start, creates the administrator from ADMIN_USERNAME / ADMIN_PASSWORD. Without a password
 * a random one is generated and returned so the caller can print it once; it is never logged.
 */
export async function ensureAdmin(
  db: Database,
  username: string,
  password: string | undefined,
): Promise<{ created: boolean; generatedPassword?: string }> {
  if (await repo.adminExists(db, username)) return { created: false };
  const secret = password ?? generatePassword();
  await repo.insertUser(db, {
    username,
    passwordHash: await hashPassword(secret),
    role: 'admin',
    fullName: 'مدیر سامانه',
    status: WORKSHOP_STATUS.active,
    workshopCode: null,
  });
  return password ? { created: true } : { created: true, generatedPassword: secret };
}
