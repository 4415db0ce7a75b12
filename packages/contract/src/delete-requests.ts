// Schemas of the admin's answer to a lab's delete request (manage/labs-todelete, ADR 0025): the admin
// deletes the packet (`/Manage/DeleteTest`) or declines the request with a reason the lab reads.
import { z } from 'zod';
import { normalizedText } from './common/inputs.ts';

export const DELETE_REQUEST_MSG = {
  reasonRequired: 'دلیل رد درخواست را بنویسید',
  reasonShort: 'دلیل رد درخواست باید دست‌کم ۳ نویسه باشد',
  reasonLong: 'دلیل رد درخواست حداکثر ۵۰۰ نویسه است',
  idInvalid: 'شناسه معتبر نیست',
  declined: 'درخواست حذف رد شد؛ آزمایشگاه دلیل آن را روی بسته می‌بیند',
  noRequest: 'این بسته درخواست حذف در انتظاری ندارد؛ شاید پیش‌تر بررسی شده است',
} as const;

export const DELETE_REASON_MAX = 500;

/** The audit action of a declined request; its `after` carries the reason. */
export const DELETE_DECLINE_ACTION = 'assay.delete.decline';

/** `POST /Manage/DeclineDeleteTest`: the packet stays, its request is closed with a reason. */
export const declineDeleteSchema = z.object({
  id: z.string().trim().pipe(z.uuid(DELETE_REQUEST_MSG.idInvalid)),
  // Shown to the lab as written: its digits are kept, and a reason may run over a few lines.
  reason: normalizedText({
    multiline: true,
    keepDigits: true,
    error: DELETE_REQUEST_MSG.reasonRequired,
  }).pipe(
    z
      .string()
      .min(1, { message: DELETE_REQUEST_MSG.reasonRequired, abort: true })
      .min(3, DELETE_REQUEST_MSG.reasonShort)
      .max(DELETE_REASON_MAX, DELETE_REQUEST_MSG.reasonLong),
  ),
});
export type DeclineDeleteRequest = z.output<typeof declineDeleteSchema>;
export type DeclineDeleteInput = z.input<typeof declineDeleteSchema>;

/** On a packet whose last delete request the admin declined (until the lab asks again). */
export const deleteDeclineSchema = z.object({
  /** ISO instant. */
  at: z.string(),
  reason: z.string(),
});
export type DeleteDecline = z.infer<typeof deleteDeclineSchema>;
