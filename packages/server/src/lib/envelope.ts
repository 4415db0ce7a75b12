import type { Envelope } from '@ayar/contract';
import { MSG } from '@ayar/contract';

/** The success envelope. Routes return `ok(data)` or `ok(data, 'پیام')`. */
export function ok<T>(data: T, message: string = MSG.ok): Envelope<T> {
  return { successful: true, message, data };
}
