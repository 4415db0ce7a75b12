import { Alert, Stack, Text } from '@mantine/core';
import { PURITY_CORRECTION_MINUTES, toPersianDigits } from '@ayar/contract';
import type { LabDetail } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { formatJalaliDateTime } from '../../../lib/format.ts';

export const WITHDRAWN_NOTICE_TITLE = 'این نتیجه باطل شده است';

/** Until when the lab may still record a purity: its first purity's time plus the window (§5.3). */
function windowEnd(row: LabDetail): string | null {
  if (!row.purityAt) return null;
  return new Date(Date.parse(row.purityAt) + PURITY_CORRECTION_MINUTES * 60_000).toISOString();
}

/**
 * lab/edit on a withdrawn result (ADR 0029), saying exactly what the server allows the lab. A
 * different purity recorded while the lab may set one (waiting, or in its 60-minute window, §5.3)
 * reissues the result as a new signed version and needs a reason; the same purity leaves it withdrawn.
 * After the window only the administrator can reissue it, and the form offers no purity.
 */
export function WithdrawnResultNotice({ row, purityEditable }: { row: LabDetail; purityEditable: boolean }) {
  const end = row.waitFor ? null : windowEnd(row);
  return (
    <Alert color="red" variant="light" title={WITHDRAWN_NOTICE_TITLE}>
      <Stack gap={6}>
        <Text size="sm">
          مدیر شبکه این نتیجه را
          {row.resultAt ? (
            <>
              {' '}
              در <Ltr>{formatJalaliDateTime(row.resultAt)}</Ltr>
            </>
          ) : null}{' '}
          باطل کرده است؛ صفحه عمومی به جای عیار، باطل شدن آن و علتش را نشان می‌دهد.
        </Text>
        <Text size="sm" fw={600}>
          {purityEditable ? (
            <>
              ثبت عیاری
              {row.cutting !== null ? (
                <>
                  {' '}
                  غیر از <Ltr>{toPersianDigits(row.cutting)}</Ltr>
                </>
              ) : null}
              {end ? (
                <>
                  {' '}
                  تا <Ltr>{formatJalaliDateTime(end)}</Ltr>
                </>
              ) : null}{' '}
              نتیجه را با نسخه‌ای تازه دوباره منتشر می‌کند؛ «علت اصلاح» را برای آن بنویسید.
            </>
          ) : (
            <>مهلت اصلاح عیار گذشته است؛ فقط مدیر شبکه می‌تواند این نتیجه را دوباره منتشر کند.</>
          )}
        </Text>
      </Stack>
    </Alert>
  );
}
