import { Text } from '@mantine/core';
import type { SlipOutcome } from '@ayar/contract';
import { toPersianDigits } from '../../lib/format.ts';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { IconAlertTriangle, IconClock, IconInfo, IconShield } from '../../components/ui/icons.tsx';
import { Notice, WITHDRAWN_TITLE, When } from './ResultStanding.tsx';
import type { ResultItem } from './types.ts';

/**
 * What a printed slip is against the live result (ADR 0029): `POST /Tests/VerifySlip`'s answer, or
 * the same worked out on /r/<token>?v=<version> from the item itself. `unknown-version`: the address
 * names a version the result never had (a slip not made by the network).
 */
export interface Verdict {
  outcome: SlipOutcome | 'unknown-version';
  purity: number | null;
  version: number | null;
  changedAt: string | null;
  reason: string | null;
}

/** /r/<token>?v=N: the slip printed version N; the item is the result as it stands now. */
export function verdictOfVersion(item: ResultItem, printed: number): Verdict {
  const base = {
    purity: item.purity,
    version: item.version,
    changedAt: item.changedAt,
    reason: item.changeReason,
  };
  if (item.status === 'withdrawn') return { ...base, outcome: 'withdrawn', purity: null };
  if (item.status === 'pending') return { ...base, outcome: 'pending' };
  if (item.version === null || printed > item.version) return { ...base, outcome: 'unknown-version' };
  return { ...base, outcome: printed === item.version ? 'matches' : 'outdated' };
}

const Purity = ({ value }: { value: number | null }) =>
  value === null ? null : <Ltr>{toPersianDigits(value)}</Ltr>;
const Reason = ({ text }: { text: string | null }) => (text ? <Text size="sm">علت: {text}</Text> : null);

/**
 * The verdict in plain Persian. `onResultPage`: the result itself is shown below (/r/<token>), so a
 * withdrawal is named without repeating its reason.
 */
export function SlipVerdict({ verdict, onResultPage = false }: { verdict: Verdict; onResultPage?: boolean }) {
  const { outcome, purity, version, changedAt, reason } = verdict;
  const warning = <IconAlertTriangle size={18} />;
  switch (outcome) {
    case 'matches':
      return (
        <Notice
          color="green"
          role="status"
          icon={<IconShield size={18} />}
          title="این برگه با نتیجهٔ فعلی مطابقت دارد"
        >
          عیار <Purity value={purity} />
          {version !== null ? (
            <>
              {' '}
              — نسخهٔ <Ltr>{toPersianDigits(version)}</Ltr>
            </>
          ) : null}
        </Notice>
      );
    case 'outdated':
      // Without a change after the first publication the printed purity was never the result's.
      return changedAt ? (
        <Notice color="orange" role="alert" icon={warning} title="این برگه قدیمی است">
          <Text size="sm">
            نتیجه در <When at={changedAt} /> اصلاح شده است. عیار فعلی: <Purity value={purity} />
          </Text>
          <Reason text={reason} />
        </Notice>
      ) : (
        <Notice color="red" role="alert" icon={warning} title="عیار این برگه با نتیجهٔ ثبت‌شده یکی نیست">
          عیار ثبت‌شده در سامانه: <Purity value={purity} />
        </Notice>
      );
    case 'withdrawn':
      return onResultPage ? (
        <Notice color="red" role="alert" icon={warning} title="این برگه دیگر معتبر نیست">
          نتیجهٔ این بسته باطل شده است.
        </Notice>
      ) : (
        <Notice color="red" role="alert" icon={warning} title={WITHDRAWN_TITLE}>
          {changedAt ? (
            <Text size="sm">
              باطل شده در <When at={changedAt} />
            </Text>
          ) : null}
          <Reason text={reason} />
        </Notice>
      );
    case 'pending':
      return (
        <Notice
          color="blue"
          role="status"
          icon={<IconClock size={18} />}
          title="هنوز عیاری برای این بسته اعلام نشده است"
        >
          برگه‌ای که برای این بسته عیار نشان می‌دهد معتبر نیست.
        </Notice>
      );
    case 'not-found':
      return (
        <Notice color="red" role="alert" icon={<IconInfo size={18} />} title="بسته‌ای با این شماره پیدا نشد">
          شماره را دوباره بررسی کنید؛ برگه‌ای که شماره‌اش در سامانه نیست معتبر نیست.
        </Notice>
      );
    case 'unknown-version':
      return (
        <Notice color="red" role="alert" icon={warning} title="نسخهٔ این برگه در سامانه ثبت نشده است">
          این برگه با نتیجهٔ ثبت‌شده نمی‌خواند؛ به آن اعتماد نکنید.
        </Notice>
      );
  }
}
