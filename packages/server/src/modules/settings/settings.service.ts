import {
  SMS_CHOICE_MSG,
  splitTemplates,
  type EditSettingsRequest,
  type FieldError,
  type SmsTemplatesResponse,
  type UserSettings,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { notFound, validation } from '../../lib/errors.ts';
import { readSystemSettings } from '../system-settings/system-settings.service.ts';
import * as repo from './settings.repository.ts';

/** `GET /Account/SmsTemplates`: the network's texts a workshop may choose from (ADR 0027). */
export async function smsTemplates(db: Database): Promise<SmsTemplatesResponse> {
  const settings = await readSystemSettings(db);
  return {
    readySMS: splitTemplates(settings.get('ReadySMS')),
    waitSMS: splitTemplates(settings.get('WaitSMS')),
    smsRey: settings.get('RaySMS') ?? '',
  };
}

/**
 * Stores a workshop's preferences (docs/product.md §3.2); login hands them back in `userSanapass`. A chosen
 * SMS text must be one the administrator lists now; a text removed since is the list's first again.
 */
export async function editSettings(
  db: Database,
  workshopId: string,
  input: EditSettingsRequest,
): Promise<UserSettings> {
  const { readySms, waitSms } = input.settings;
  if (readySms !== null || waitSms !== null) {
    const lists = await smsTemplates(db);
    const issues: FieldError[] = [];
    if (readySms !== null && !lists.readySMS.includes(readySms))
      issues.push({ field: 'settings.readySms', message: SMS_CHOICE_MSG.gone });
    if (waitSms !== null && !lists.waitSMS.includes(waitSms))
      issues.push({ field: 'settings.waitSms', message: SMS_CHOICE_MSG.gone });
    if (issues.length > 0) throw validation(issues);
  }
  if (!(await repo.saveSettings(db, workshopId, input.settings))) throw notFound();
  return input.settings;
}
