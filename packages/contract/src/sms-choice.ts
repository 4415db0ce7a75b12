// Which of the network's SMS texts a workshop's customers receive (ADR 0027), shared by the server's
// notifications and the workshop's settings screen.
import { z } from 'zod';
import { TEST_TYPES } from './constants.ts';

/** `GET /Account/SmsTemplates` (workshop): the network's lists, in the administrator's order. */
export const smsTemplatesResponseSchema = z.object({
  readySMS: z.array(z.string()).describe('Texts sent when a purity is recorded (#d #c #n)'),
  waitSMS: z.array(z.string()).describe('Texts sent when a packet is registered without purity (#t)'),
  smsRey: z.string().describe('The follow-up (rey) text sent after the ready text of a melted-gold packet'),
});
export type SmsTemplatesResponse = z.infer<typeof smsTemplatesResponseSchema>;

export const SMS_CHOICE_MSG = {
  gone: 'این متن در فهرست پیامک‌های شبکه نیست؛ یکی از متن‌های فهرست را انتخاب کنید',
} as const;

/**
 * The text a workshop's message uses: the one its settings chose while the administrator still lists
 * it, else the list's first. Compared trimmed, as the lists are stored.
 */
export function pickTemplate(list: readonly string[], chosen: string | null | undefined): string | undefined {
  const wanted = chosen?.trim();
  if (wanted && list.includes(wanted)) return wanted;
  return list[0];
}

/**
 * The follow-up (rey) SMS goes to packets of this type: «آبشده», melted gold, whose assay docs/glossary.md
 * calls rey.
 */
export const REY_TEST_TYPE_ID: string = TEST_TYPES[4].id;
