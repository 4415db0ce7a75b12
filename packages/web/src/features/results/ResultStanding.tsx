import type { ReactNode } from 'react';
import { Box, Group, Loader, Stack, Text } from '@mantine/core';
import { formatJalaliDateTime, toPersianDigits } from '../../lib/format.ts';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { IconAlertTriangle, IconInfo, IconShield } from '../../components/ui/icons.tsx';
import type { ShownResult } from '../../lib/resultSignature.ts';
import { useSignature } from './signature.ts';
import type { ResultItem } from './types.ts';

// Where a public result stands (ADR 0029): withdrawn, corrected, and whether the network signed what
// the page shows. Shared by the lookup's list and /r/<token>; loaded with the list, not the landing page.

export const WITHDRAWN_TITLE = 'این نتیجه باطل شده است';
export const SIGNATURE_VERIFIED = 'امضای دیجیتال شبکه تأیید شد';

/** A Jalali date and time, written left to right inside the sentence. */
export const When = ({ at }: { at: string | null }) => (at ? <Ltr>{formatJalaliDateTime(at)}</Ltr> : null);

type Tone = 'red' | 'orange' | 'green' | 'gray' | 'blue';
/**
 * The title's colour on its tinted box: darker than Mantine's shade 9 (orange.9 on orange.0 is 3.9:1),
 * so each keeps WCAG AA's 4.5:1.
 */
const TITLE_COLOR: Record<Tone, string> = {
  red: '#a61e1e',
  orange: '#8a3a00',
  green: '#1d6630',
  gray: 'var(--mantine-color-dark-7)',
  blue: '#124a7e',
};

/** A tinted box with an icon: the notices below share it, so each reads as one statement. */
export function Notice({
  color,
  icon,
  title,
  role,
  children,
}: {
  color: Tone;
  icon: ReactNode;
  title: ReactNode;
  role?: 'alert' | 'status';
  children?: ReactNode;
}) {
  return (
    <Box
      role={role}
      p="xs"
      my={6}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: `var(--mantine-color-${color}-0)`,
        border: `1px solid var(--mantine-color-${color}-3)`,
      }}
    >
      <Group gap={8} wrap="nowrap" align="flex-start">
        <Box c={TITLE_COLOR[color]} style={{ flexShrink: 0, lineHeight: 0, paddingBlockStart: 2 }}>
          {icon}
        </Box>
        <Stack gap={2} style={{ minInlineSize: 0 }}>
          <Text size="sm" fw={700} c={TITLE_COLOR[color]}>
            {title}
          </Text>
          {children ? (
            <Text size="sm" c="dark.7" component="div">
              {children}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Box>
  );
}

/** «علت: …» when a reason was given. */
const Reason = ({ text }: { text: string | null }) => (text ? <Text size="sm">علت: {text}</Text> : null);

/** A withdrawn result: no purity, only when and why (ADR 0029). */
export function WithdrawnNotice({ item }: { item: ResultItem }) {
  return (
    <Notice color="red" icon={<IconAlertTriangle size={18} />} title={WITHDRAWN_TITLE}>
      {item.changedAt ? (
        <Text size="sm">
          باطل شده در <When at={item.changedAt} />
        </Text>
      ) : null}
      <Reason text={item.changeReason} />
    </Notice>
  );
}

/** A result corrected after its first publication: when, why, and how many versions it has. */
export function CorrectionNotice({ item }: { item: ResultItem }) {
  return (
    <Notice
      color="orange"
      icon={<IconInfo size={18} />}
      title={
        <>
          اصلاح‌شده در <When at={item.changedAt ?? item.signedAt} />
        </>
      }
    >
      <Reason text={item.changeReason} />
      <Text size="sm">
        نسخهٔ <Ltr>{toPersianDigits(item.version ?? 1)}</Ltr> از این نتیجه؛ برگه‌های پیش از آن معتبر نیستند.
      </Text>
    </Notice>
  );
}

/** How the page names each field a signature may leave out (the rows' labels). */
const FIELD_LABELS: Partial<Record<keyof ShownResult, string>> = {
  customerName: 'نام مشتری',
  series: 'سری',
  rejeCode: 'کد مرجع',
  readyTime: 'زمان آماده‌سازی',
  images: 'عکس‌ها',
  changeReason: 'علت اصلاح',
  changedAt: 'تاریخ اصلاح',
  // The staff codes as the line under the purity names them (ADR 0050).
  assayerCode: 'عیارسنج',
  verifierCode: 'تأیید',
  method: 'روش',
  instrument: 'دستگاه',
};

export const UNSIGNED_TITLE = 'این موارد در امضای این نتیجه نیستند';

/**
 * Shown fields the signature does not cover (a result signed before ADR 0041, the staff codes under a
 * signature before ADR 0050's payload v3, or a photo version's earlier correction time): named apart
 * from the badge, so none reads as verified.
 */
function UnsignedNote({ fields }: { fields: (keyof ShownResult)[] }) {
  return (
    <Notice color="gray" icon={<IconInfo size={18} />} title={UNSIGNED_TITLE}>
      {fields.map((field) => FIELD_LABELS[field] ?? field).join('، ')}: شبکه این‌ها را امضا نکرده است؛ برای
      اطمینان از آن‌ها با آزمایشگاه تماس بگیرید.
    </Notice>
  );
}

/**
 * The browser's check of the network's signature: said plainly when it holds, a clear warning when it
 * does not. A result with nothing signed shows nothing (no badge, no warning).
 */
export function SignatureBadge({ item }: { item: ResultItem }) {
  const signature = useSignature(item);
  switch (signature.state) {
    case 'none':
      return null;
    case 'checking':
      return (
        <Group gap={6} py={6} role="status" c="dimmed">
          <Loader size={14} color="gray" />
          <Text size="sm">در حال بررسی امضای دیجیتال…</Text>
        </Group>
      );
    case 'verified':
      // One line, not a box: it confirms what is shown above it, and the panel is small.
      return (
        <>
          <Group gap={6} py={6} role="status" wrap="wrap" style={{ rowGap: 0 }}>
            <Box c={TITLE_COLOR.green} style={{ lineHeight: 0 }}>
              <IconShield size={18} />
            </Box>
            <Text size="sm" fw={700} c={TITLE_COLOR.green}>
              {SIGNATURE_VERIFIED}
            </Text>
            <Text size="xs" c="dimmed">
              برای {signature.lab}، امضا شده در <When at={signature.signedAt} />
            </Text>
          </Group>
          {signature.unsigned.length > 0 && <UnsignedNote fields={signature.unsigned} />}
        </>
      );
    case 'mismatch':
      return (
        <Notice
          color="red"
          role="alert"
          icon={<IconAlertTriangle size={18} />}
          title="هشدار: این صفحه با نتیجهٔ امضاشده یکی نیست"
        >
          آنچه این صفحه نشان می‌دهد با آنچه شبکه امضا کرده فرق دارد. به آن اعتماد نکنید و با آزمایشگاه تماس
          بگیرید.
        </Notice>
      );
    case 'invalid':
      return (
        <Notice
          color="red"
          role="alert"
          icon={<IconAlertTriangle size={18} />}
          title="هشدار: امضای دیجیتال این نتیجه تأیید نشد"
        >
          این نتیجه را شبکه امضا نکرده یا پس از امضا تغییر کرده است. به آن اعتماد نکنید.
        </Notice>
      );
    case 'unavailable':
      return (
        <Notice color="gray" role="status" icon={<IconInfo size={18} />} title="امضای دیجیتال بررسی نشد">
          کلیدهای شبکه دریافت نشد؛ اتصال را بررسی کنید و صفحه را دوباره باز کنید.
        </Notice>
      );
    case 'unsupported':
      return (
        <Notice color="gray" role="status" icon={<IconInfo size={18} />} title="امضای دیجیتال بررسی نشد">
          این مرورگر بررسی امضای دیجیتال را پشتیبانی نمی‌کند؛ مرورگر را به‌روز کنید.
        </Notice>
      );
  }
}
