import {
  SYSTEM_SETTING_KEYS,
  joinTemplates,
  type SystemSettingEntry,
  type SystemSettingKey,
  type SystemSettingsPayload,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { writeAudit } from '../audit/audit.service.ts';
import * as repo from './system-settings.repository.ts';

/** Whether the network makes every lab's purities wait for a second person (ADR 0050). */
export async function networkRequiresSecondVerification(db: Database): Promise<boolean> {
  return (await repo.readSystemSettings(db)).get('RequireSecondVerification') === 'true';
}

const toEntries = (values: Map<string, string>): SystemSettingEntry[] =>
  SYSTEM_SETTING_KEYS.map((key) => ({ key, value: values.get(key) ?? '' }));

/** Every stored setting by key, for the modules that read them (the SMS texts a packet or a lab uses). */
export function readSystemSettings(db: Database): Promise<Map<string, string>> {
  return repo.readSystemSettings(db);
}

/**
 * Takes the settings' lock for the rest of the caller's transaction and reads them: saves of the
 * system settings and of the site information (kept in the same table) apply one after the other.
 */
export function lockSystemSettings(trx: Database): Promise<Map<string, string>> {
  return repo.lockSystemSettings(trx);
}

/**
 * `GET /Account/SystemSettings`: every key of docs/product.md §3.10, in a fixed order, '' for a missing one.
 */
export async function getSystemSettings(db: Database): Promise<SystemSettingEntry[]> {
  return toEntries(await repo.readSystemSettings(db));
}

/** `POST /Account/AddOrUpdateSystemSetting`: saves all keys at once and audits before and after. */
export async function saveSystemSettings(
  db: Database,
  payload: SystemSettingsPayload,
  actor: { id: string; ip: string | null },
): Promise<SystemSettingEntry[]> {
  return db.transaction().execute(async (trx) => {
    const stored = await repo.lockSystemSettings(trx);
    const before = Object.fromEntries(toEntries(stored).map((e) => [e.key, e.value]));
    const values: Record<SystemSettingKey, string> = {
      NumPrice: String(payload.price),
      AccountNumber: payload.AccNumber,
      AccountName: payload.AccName,
      ReadySMS: joinTemplates(payload.readySMS),
      WaitSMS: joinTemplates(payload.waitSMS),
      RaySMS: payload.smsRey,
      // The legacy form does not send it: absent keeps what is stored (ADR 0050).
      RequireSecondVerification:
        payload.requireSecondVerification === undefined
          ? (stored.get('RequireSecondVerification') ?? 'false')
          : String(payload.requireSecondVerification),
    };
    await repo.upsertSystemSettings(trx, values, actor.id);
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'update',
      entity: 'system_settings',
      entityId: null,
      before,
      after: values,
      ip: actor.ip,
    });
    return toEntries(new Map(Object.entries(values)));
  });
}
