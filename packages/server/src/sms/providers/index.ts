import type { Config } from '../../config.ts';
import { createKavenegarProvider } from './kavenegar.ts';
import { createOutboxProvider } from './outbox.ts';
import type { SmsProvider } from './types.ts';

/** The provider SMS_PROVIDER names (docs/product.md §5.5); `outbox` unless configured otherwise. */
export function createSmsProvider(config: Config): SmsProvider {
  if (config.SMS_PROVIDER === 'kavenegar') {
    if (!config.KAVENEGAR_API_KEY)
      throw new Error('KAVENEGAR_API_KEY is required when SMS_PROVIDER=kavenegar');
    return createKavenegarProvider({
      apiKey: config.KAVENEGAR_API_KEY,
      baseUrl: config.KAVENEGAR_BASE_URL,
      sender: config.KAVENEGAR_SENDER,
      otpTemplate: config.KAVENEGAR_OTP_TEMPLATE,
    });
  }
  return createOutboxProvider();
}
