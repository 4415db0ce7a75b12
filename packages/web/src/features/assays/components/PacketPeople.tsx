import { Group, Text } from '@mantine/core';
import { toPersianDigits } from '@ayar/contract';
import type { LabListRow } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';

// ADR 0050: who registered a packet, recorded and verified its purity; a purity waiting for a second
// person; and why the last one was sent back. Compact lines under what the row already shows.

type People = Pick<LabListRow, 'registeredBy' | 'purityBy' | 'verifiedBy'>;

/** «ثبت: زهرا کریمی · عیار: رضا احمدی · تأیید: …», the parts that are known. */
export function whoText(row: People): string {
  return [
    row.registeredBy ? `ثبت: ${row.registeredBy}` : null,
    row.purityBy ? `عیار: ${row.purityBy}` : null,
    row.verifiedBy ? `تأیید: ${row.verifiedBy}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The who-line of a row or a packet; nothing when no name is known. */
export function WhoLine({ row }: { row: People }) {
  const text = whoText(row);
  if (!text) return null;
  return (
    <Text size="xs" c="dimmed" lineClamp={1} data-testid="who-line">
      {text}
    </Text>
  );
}

/** «۷۵۰ در انتظار تأیید (ثبت: …)»: shown instead of a purity while a second person has not checked it. */
export function PendingPurity({
  row,
  layout = 'table',
}: {
  row: Pick<LabListRow, 'pendingCutting' | 'pendingBy'>;
  layout?: 'table' | 'card';
}) {
  if (row.pendingCutting === null) return null;
  return (
    <Group gap={4} wrap="wrap" justify={layout === 'card' ? 'flex-end' : 'flex-start'}>
      <Text size={layout === 'card' ? 'lg' : 'sm'} fw={700}>
        <Ltr>{toPersianDigits(row.pendingCutting)}</Ltr>
      </Text>
      <Text size="xs" c="orange.8">
        در انتظار تأیید{row.pendingBy ? ` (ثبت: ${row.pendingBy})` : ''}
      </Text>
    </Group>
  );
}

/** «برگشت خورد: …»: the verifier's reason, for the assayer to measure again. */
export function ReturnedReason({ row }: { row: Pick<LabListRow, 'returnedReason'> }) {
  if (!row.returnedReason) return null;
  return (
    <Text size="xs" c="red.8" lineClamp={2} data-testid="returned-reason">
      <Text span inherit fw={700}>
        برگشت خورد:
      </Text>{' '}
      {row.returnedReason}
    </Text>
  );
}

/** The packet page's lines: who did what, a purity waiting for its «تأیید», a purity sent back. */
export function PacketPeopleLines({ row }: { row: LabListRow }) {
  return (
    <>
      <WhoLine row={row} />
      {row.pendingCutting !== null ? (
        <Text size="xs" c="orange.8">
          عیار <Ltr>{toPersianDigits(row.pendingCutting)}</Ltr> در انتظار تأیید
          {row.pendingBy ? ` (ثبت: ${row.pendingBy})` : ''}
          {row.pendingReason ? ` · علت اصلاح: ${row.pendingReason}` : ''}
        </Text>
      ) : null}
      <ReturnedReason row={row} />
    </>
  );
}
