import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BOUND_TOKEN_SCHEME, formatGrams, toPersianDigits } from '@ayar/contract';
import { confirmAction } from '../../components/ui/confirm.tsx';
import { SlipLinks } from '../../components/ui/SlipLinks.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { IconReceipt } from '../../components/ui/icons.tsx';
import { alertSuccess } from '../../lib/alert.ts';
import { useAuth } from '../../lib/auth.ts';
import { formatJalaliDateTime, SEP } from '../../lib/format.ts';
import type { EntryState, QueueEntry } from './db.ts';
import { EntryFixForm } from './EntryFixForm.tsx';
import { listEntries } from './queue.ts';
import { ReprintNotices } from './ReprintNotices.tsx';
import { discardEntry, resendEntry } from './queueActions.ts';
import type { EntryFix } from './queueActions.ts';
import { syncAndTopUp, useOnline, useQueueList } from './runtime.ts';
import { href } from '../../lib/screens.ts';

const fa = (n: number) => toPersianDigits(n);

const STATES: Record<EntryState, { label: string; color: string }> = {
  waiting: { label: 'در انتظار ارسال', color: 'gray' },
  sending: { label: 'در حال ارسال', color: 'blue' },
  refused: { label: 'رد شد', color: 'red' },
};

export const slipPath = (key: string) => href('lab/slip/queued', { key });

/** Right after lab/add queued packets: their slips, ready to print (as lab/list after «ثبت»). */
function QueuedSlips({ added }: { added: { key: string; docNumber: number }[] }) {
  return (
    <SlipLinks
      title="در صف ارسال قرار گرفت؛ برگه‌ها آماده چاپ است"
      slips={added.map((p) => ({ to: slipPath(p.key), docNumber: p.docNumber }))}
    />
  );
}

/**
 * Whether the packet reaches the server with the QR code its slip was printed with: only a token this
 * device's key made is sent (ADR 0040); an earlier app's random one, or one the server refused, is not.
 */
const keepsItsQr = (entry: QueueEntry) =>
  entry.kind === 'addTest' &&
  entry.tokenScheme === BOUND_TOKEN_SCHEME &&
  entry.body.every((draft) => draft.publicToken !== undefined);

function EntryCard({
  entry,
  userId,
  onFix,
  onDiscard,
}: {
  entry: QueueEntry;
  userId: string;
  onFix: (fix: EntryFix) => void;
  onDiscard: () => void;
}) {
  const [fixing, setFixing] = useState(false);
  const { summary } = entry;
  const state = STATES[entry.state];
  const name = `${entry.kind === 'addCutting' ? 'عیار' : summary.titleName} ${fa(summary.docNumber)}`;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-label={name}
      bd={entry.state === 'refused' ? '1px solid var(--mantine-color-red-3)' : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>
              {entry.kind === 'addCutting' ? 'عیار' : summary.titleName} <Ltr>{fa(summary.docNumber)}</Ltr>
            </Text>
            <Badge variant="light" color={state.color}>
              {state.label}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            <Ltr>{formatJalaliDateTime(entry.createdAt)}</Ltr>
          </Text>
        </Group>
        <Text size="sm">
          {summary.customerName}
          {summary.weight !== null ? (
            <>
              {SEP}طلا <Ltr>{formatGrams(Math.round(summary.weight * 1000))}</Ltr> گرم
            </>
          ) : null}
          {SEP}عیار {summary.cutting !== null ? <Ltr>{fa(summary.cutting)}</Ltr> : 'در انتظار'}
        </Text>
        {entry.kind === 'addTest' && !keepsItsQr(entry) ? (
          <Text size="sm" fw={600}>
            کد QR این بسته هنگام ارسال عوض می‌شود: پس از ارسال، برگه تازه آن را چاپ کنید.
          </Text>
        ) : null}
        {entry.error ? (
          <Text
            size="sm"
            c={entry.state === 'refused' ? 'red.9' : 'dimmed'}
            role={entry.state === 'refused' ? 'alert' : undefined}
          >
            {entry.state === 'refused' ? 'دلیل: ' : 'آخرین تلاش: '}
            {entry.error.message}
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          {entry.kind === 'addTest' ? (
            <Button
              component={Link}
              to={slipPath(entry.key)}
              size="xs"
              variant="light"
              leftSection={<IconReceipt size={16} />}
            >
              برگه
            </Button>
          ) : null}
          {entry.state === 'refused' ? (
            <>
              <Button
                size="xs"
                variant={fixing ? 'default' : 'filled'}
                onClick={() => setFixing((f) => !f)}
                aria-expanded={fixing}
              >
                {fixing ? 'انصراف از اصلاح' : 'اصلاح و ارسال دوباره'}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={onDiscard}>
                حذف از صف
              </Button>
            </>
          ) : null}
        </Group>
        {fixing ? (
          <EntryFixForm
            entry={entry}
            userId={userId}
            onFix={(fix) => {
              setFixing(false);
              onFix(fix);
            }}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * lab/queue «صف ارسال» (ADR 0033): what this device registered offline and has not sent yet, in the
 * order it is sent; a refused entry shows the server's reason and is fixed and sent again, or
 * discarded after a confirmation. Nothing leaves the list otherwise but by reaching the server.
 */
export function QueuePage() {
  const { user } = useAuth();
  const userId = user?.userId ?? '';
  const entries = useQueueList(userId, listEntries, 'empty');
  const online = useOnline();
  const client = useQueryClient();
  const location = useLocation();
  // The packets lab/add just queued, while they are still here (a sent one prints from lab/list).
  const added = (
    (location.state as { added?: { key: string; docNumber: number }[] } | null)?.added ?? []
  ).filter((p) => entries?.some((e) => e.key === p.key));
  const sendNow = () => void syncAndTopUp(userId, client).catch(() => undefined);

  const fix = async (entry: QueueEntry, change: EntryFix) => {
    if (await resendEntry(userId, entry.key, change)) {
      alertSuccess('اصلاح شد و دوباره در صف ارسال است');
      sendNow();
    }
  };
  const discard = async (entry: QueueEntry) => {
    const ok = await confirmAction({
      title: 'حذف از صف ارسال',
      message: `${entry.kind === 'addCutting' ? 'عیار' : entry.summary.titleName} ${fa(entry.summary.docNumber)} هرگز به سرور نمی‌رسد و ثبت نمی‌شود. حذف شود؟`,
      confirmLabel: 'حذف',
      danger: true,
    });
    if (ok) await discardEntry(userId, entry.key);
  };

  const waiting = entries?.filter((e) => e.state !== 'refused').length ?? 0;
  return (
    <Stack gap="md" maw={960} mx="auto">
      {added.length > 0 ? <QueuedSlips added={added} /> : null}
      <ReprintNotices userId={userId} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          موارد به ترتیب ثبت ارسال می‌شوند؛ با وصل بودن اینترنت هر چند ثانیه دوباره امتحان می‌شود.
        </Text>
        {online && waiting > 0 ? (
          <Button variant="light" onClick={sendNow}>
            ارسال اکنون
          </Button>
        ) : null}
      </Group>
      {entries === null ? null : entries.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text c="dimmed">صف ارسال خالی است: همه چیز به سرور رسیده است.</Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="صف ارسال">
          {entries.map((entry) => (
            <EntryCard
              key={entry.key}
              entry={entry}
              userId={userId}
              onFix={(change) => void fix(entry, change)}
              onDiscard={() => void discard(entry)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
