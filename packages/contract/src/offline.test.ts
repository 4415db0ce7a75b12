import { describe, expect, it } from 'vitest';
import {
  MAX_RESERVED_PER_DEVICE,
  OFFLINE_MSG,
  deviceIdSchema,
  idempotencyKeySchema,
  releaseCodesSchema,
  reserveCodesSchema,
} from './offline.ts';

const DEVICE = 'q3Zt0nW8bYc1xLr5Ua7eKg';

describe('idempotencyKeySchema', () => {
  it('takes 16 to 64 base64url characters and nothing else', () => {
    expect(idempotencyKeySchema.safeParse('a'.repeat(16)).success).toBe(true);
    expect(idempotencyKeySchema.safeParse('a'.repeat(64)).success).toBe(true);
    expect(idempotencyKeySchema.safeParse(crypto.randomUUID().replaceAll('-', '')).success).toBe(true);
    for (const bad of [
      'a'.repeat(15),
      'a'.repeat(65),
      `${'a'.repeat(16)}.`,
      `${'a'.repeat(16)} `,
      'کلید'.repeat(5),
    ]) {
      const r = idempotencyKeySchema.safeParse(bad);
      expect(r.error?.issues[0]?.message).toBe(OFFLINE_MSG.keyInvalid);
    }
  });
});

describe('deviceIdSchema', () => {
  it('takes 22 to 64 base64url characters', () => {
    expect(deviceIdSchema.safeParse(DEVICE).success).toBe(true);
    expect(deviceIdSchema.safeParse('d'.repeat(64)).success).toBe(true);
    expect(deviceIdSchema.safeParse(DEVICE.slice(1)).error?.issues[0]?.message).toBe(
      OFFLINE_MSG.deviceInvalid,
    );
    expect(deviceIdSchema.safeParse('d'.repeat(65)).success).toBe(false);
    expect(releaseCodesSchema.safeParse({}).error?.issues[0]?.message).toBe(OFFLINE_MSG.deviceRequired);
  });
});

describe('reserveCodesSchema', () => {
  it('takes 1 to 200 numbers, Persian digits too', () => {
    expect(reserveCodesSchema.parse({ deviceId: DEVICE, count: 1 }).count).toBe(1);
    expect(reserveCodesSchema.parse({ deviceId: DEVICE, count: '۲۰۰' }).count).toBe(MAX_RESERVED_PER_DEVICE);
    for (const count of [0, 201, 1.5, 'abc']) {
      const r = reserveCodesSchema.safeParse({ deviceId: DEVICE, count });
      expect(r.error?.issues.map((i) => i.message)).toEqual([OFFLINE_MSG.countRange]);
    }
  });
});
