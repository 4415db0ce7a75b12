import type { z } from 'zod';
import { editSettingsRequestSchema } from '../settings.ts';
import { smsTemplatesResponseSchema } from '../sms-choice.ts';
import { systemSettingsPayloadSchema, systemSettingsResponseSchema } from '../system-settings.ts';
import { userSettingsSchema } from '../auth.ts';
import { DEFAULT_USER_SETTINGS } from '../user-settings.ts';
import { routesOf } from './define.ts';
import { ROUTE_PATHS as P } from './paths.ts';

const route = routesOf('settings');
const system = routesOf('system-settings');

const READY = 'آزمایش بسته #d با عیار #c در #n آماده است';
const WAIT = 'بسته شما ثبت شد و حدود #t دقیقه دیگر آماده می‌شود';
const REY = 'برای دیدن نتیجه ری به آزمایشگاه مراجعه کنید';

const settings = {
  ...DEFAULT_USER_SETTINGS,
  labType: 1,
  sendSMS: true,
  vage: 50_000,
  readySms: READY,
  waitSms: WAIT,
} as const;

const stored = [
  { key: 'NumPrice', value: '5000' },
  { key: 'AccountNumber', value: '6037-9975-0000-1111' },
  { key: 'AccountName', value: 'شبکه آزمایشگاه‌های عیار' },
  { key: 'ReadySMS', value: READY },
  { key: 'WaitSMS', value: WAIT },
  { key: 'RaySMS', value: REY },
] satisfies z.input<typeof systemSettingsResponseSchema>;

export const editSettings = route(P.account.editSettings, {
  summary: "Saves the workshop's settings: lab type, SMS, the fee, what slips and the public result show",
  description:
    '`settings` is the object or its JSON string (as the original client keeps it in `userSanapass`). ' +
    '`labType` 0 ingot numbers, 1 packets (ready time asked). `vageType` 1 a fixed fee in whole toman, 0 a ' +
    'percentage (0–100, two decimals) of the gold weight. The `show…ForReport` flags decide which fields ' +
    "the public result shows. `readySms`/`waitSms` must be one of the network's texts " +
    '(`/Account/SmsTemplates`), null for the first. The answer is the settings as stored.',
  body: editSettingsRequestSchema,
  response: userSettingsSchema,
  example: { request: { settings }, response: settings },
});

export const smsTemplates = route(P.account.smsTemplates, {
  summary: "The network's SMS texts a workshop may choose from",
  description: 'Placeholders: #d packet number, #c purity, #n lab name, #t ready time (minutes).',
  response: smsTemplatesResponseSchema,
  example: { response: { readySMS: [READY], waitSMS: [WAIT], smsRey: REY } },
});

export const systemSettings = system(P.account.systemSettings, {
  summary: "The network's settings: price of a packet number, bank account, SMS texts",
  description:
    'Key/value entries: NumPrice (whole toman per packet number), AccountNumber, AccountName, and the ' +
    "SMS lists ReadySMS and WaitSMS (texts joined by '-=-') and RaySMS.",
  response: systemSettingsResponseSchema,
  example: {
    response: stored,
  },
});

export const addOrUpdateSystemSetting = system(P.account.addOrUpdateSystemSetting, {
  summary: "Saves the network's settings (the names the original client sends)",
  description:
    '`price` is whole toman per packet number; `readySMS` and `waitSMS` are lists of at least one text ' +
    "(at most 20, 500 characters each, never containing '-=-'); `smsRey` the follow-up text of " +
    'melted-gold packets (empty sends none). `smsText` and `smsTextWait` are accepted and ignored. The ' +
    'answer is the settings as stored.',
  body: systemSettingsPayloadSchema,
  response: systemSettingsResponseSchema,
  example: {
    request: {
      AccNumber: '6037-9975-0000-1111',
      AccName: 'شبکه آزمایشگاه‌های عیار',
      price: 5000,
      readySMS: [READY],
      waitSMS: [WAIT],
      smsRey: REY,
    },
    response: stored,
  },
});
