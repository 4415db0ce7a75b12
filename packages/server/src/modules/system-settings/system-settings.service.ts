import {
  SYSTEM_SETTING_KEYS,
  joinTemplates,
  type SystemSettingEntry,
  type SystemSettingKey,
  type SystemSettingsPayload,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import {
  lockSystemSettings,
  readSystemSettings,
  upsertSystemSettings,
} from './system-settings.repository.ts';

const toEntries = (values: Map<string, string>): SystemSettingEntry[] =>
  SYSTEM_SETTING_KEYS.map((key) => ({ key, value: values.get(key) ?? '' }));

/** `GET /Account/SystemSettings`: every key of SPEC.md 3, in a fixed order, '' for a missing one. */
export async function getSystemSettings(db: Database): Promise<SystemSettingEntry[]> {
  return toEntries(await readSystemSettings(db));
}

/** `POST /Account/AddOrUpdateSystemSetting`: saves all keys at once and audits before and after. */
export async function saveSystemSettings(
  db: Database,
  payload: SystemSettingsPayload,
  actor: { id: string; ip: string | null },
): Promise<SystemSettingEntry[]> {
  const values: Record<SystemSettingKey, string> = {
    NumPrice: String(payload.price),
    AccountNumber: payload.AccNumber,
    AccountName: payload.AccName,
    ReadySMS: joinTemplates(payload.readySMS),
    WaitSMS: joinTemplates(payload.waitSMS),
    RaySMS: payload.smsRey,
  };
  return db.transaction().execute(async (trx) => {
    const before = Object.fromEntries(toEntries(await lockSystemSettings(trx)).map((e) => [e.key, e.value]));
    await upsertSystemSettings(trx, values, actor.id);
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
