import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { toPersianDigits } from '@ayar/contract';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { IconAlertTriangle, IconReceipt } from '../../components/ui/icons.tsx';
import type { Reprint } from './db.ts';
import { dismissReprint, listReprints } from './reprints.ts';
import { useQueueList } from './runtime.ts';
import { SEP } from '../../lib/format.ts';
import { href } from '../../lib/screens.ts';

const fa = (n: number) => toPersianDigits(n);

const NO_REPRINTS: Reprint[] = [];

/** The user's reprint reminders, read again whenever the queue changes (here or in another tab). */
export function useReprints(userId: string): Reprint[] {
  return useQueueList(userId, listReprints, 'keep') ?? NO_REPRINTS;
}

function ReprintRow({ reprint, onDone }: { reprint: Reprint; onDone: () => void }) {
  const name = `${reprint.titleName} ${fa(reprint.docNumber)}`;
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={`برگه تازه ${name}`}>
      <Stack gap={6}>
        <Text fw={700}>
          {reprint.titleName} <Ltr>{fa(reprint.docNumber)}</Ltr>
          {SEP}
          {reprint.customerName}
        </Text>
        <Text size="sm">
          {reprint.printedNumber === null ? (
            'شماره بسته روی برگه قبلی همچنان جواب را پیدا می‌کند، ولی کد QR آن دیگر به جواب نمی‌رسد.'
          ) : (
            <>
              شماره روی برگه قبلی (<Ltr>{fa(reprint.printedNumber)}</Ltr>) دیگر شماره این بسته نیست.
            </>
          )}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            to={href('lab/slip', { id: reprint.id })}
            size="xs"
            leftSection={<IconReceipt size={16} />}
          >
            چاپ برگه تازه
          </Button>
          <Button size="xs" variant="subtle" onClick={onDone}>
            چاپ شد
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The packets that reached the server with another QR code than their slip printed offline (ADR
 * 0040): the clerk prints each new slip and gives it to the customer instead of the old one.
 */
export function ReprintNotices({ userId }: { userId: string }) {
  const reprints = useReprints(userId);
  if (reprints.length === 0) return null;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      bg="var(--mantine-color-orange-0)"
      aria-labelledby="reprints-title"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconAlertTriangle size={18} />
          <Text fw={700} id="reprints-title">
            برگه این بسته‌ها را دوباره چاپ کنید
          </Text>
        </Group>
        <Text size="sm">
          کد QR این بسته‌ها هنگام ارسال به سرور عوض شد، و کد QR برگه‌ای که پیش‌تر چاپ شده جواب را نشان
          نمی‌دهد. برگه تازه را چاپ کنید و به جای برگه قبلی به مشتری بدهید.
        </Text>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="برگه‌های تازه">
          {reprints.map((reprint) => (
            <ReprintRow
              key={reprint.key}
              reprint={reprint}
              onDone={() => void dismissReprint(userId, reprint.key)}
            />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
