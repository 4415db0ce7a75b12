import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { cuttingInput, packetNumberInput, toPersianDigits } from '@ayar/contract';
import type { CustomerSearchItem } from '@ayar/contract';
import { CustomerAutocomplete } from '../../components/search/CustomerAutocomplete.tsx';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import type { QueueEntry } from './db.ts';
import { nextFreeNumber } from './queueActions.ts';
import type { EntryFix } from './queueActions.ts';

const NO_FREE = 'این دستگاه شماره آزادی ندارد؛ شماره را بنویسید یا بعد از وصل شدن دوباره امتحان کنید';

/** The purity entry's fix: another purity. */
function PurityFix({ entry, onFix }: { entry: QueueEntry; onFix: (fix: EntryFix) => void }) {
  const [cutting, setCutting] = useState(String(entry.summary.cutting ?? ''));
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label={`اصلاح عیار ${toPersianDigits(entry.summary.docNumber)}`}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = cuttingInput.safeParse(cutting);
        if (!parsed.success || parsed.data === null)
          return setError(parsed.error?.issues[0]?.message ?? 'عیار الزامی است');
        onFix({ cutting: parsed.data });
      }}
    >
      <Group align="flex-end" gap="sm">
        <DigitsInput label="عیار" w={120} maxLength={3} value={cutting} onChange={setCutting} error={error} />
        <Button type="submit">ارسال دوباره</Button>
      </Group>
    </form>
  );
}

/**
 * A refused packet's fix (ADR 0033): another number — this device's next free one, or typed — and/or
 * another customer; the rest of the packet as typed. Fields left as they are stay unchanged.
 */
function PacketFix({
  entry,
  userId,
  onFix,
}: {
  entry: QueueEntry;
  userId: string;
  onFix: (fix: EntryFix) => void;
}) {
  const [docNumber, setDocNumber] = useState(String(entry.summary.docNumber));
  const [customer, setCustomer] = useState<CustomerSearchItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label={`اصلاح ${entry.summary.titleName} ${toPersianDigits(entry.summary.docNumber)}`}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = packetNumberInput.safeParse(docNumber);
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
        onFix({
          ...(parsed.data !== entry.summary.docNumber ? { docNumber: parsed.data } : {}),
          ...(customer ? { customer } : {}),
        });
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={4}>
            <DigitsInput
              label="شماره بسته"
              maxLength={12}
              value={docNumber}
              onChange={(value) => {
                setDocNumber(value);
                setError(null);
              }}
              error={error}
            />
            <Button
              variant="subtle"
              size="compact-sm"
              style={{ alignSelf: 'flex-start' }}
              onClick={() =>
                void nextFreeNumber(userId).then((next) => {
                  if (next === null) setError(NO_FREE);
                  else {
                    setDocNumber(String(next));
                    setError(null);
                  }
                })
              }
            >
              شماره بعدی این دستگاه
            </Button>
          </Stack>
          <CustomerAutocomplete
            label="مشتری"
            placeholder={entry.summary.customerName}
            value={customer}
            onChange={setCustomer}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          اگر شماره عوض شود، برگه این بسته را دوباره چاپ کنید.
        </Text>
        <Group>
          <Button type="submit">ارسال دوباره</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The fix of a refused entry, by its kind. */
export function EntryFixForm(props: { entry: QueueEntry; userId: string; onFix: (fix: EntryFix) => void }) {
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
      {props.entry.kind === 'addCutting' ? (
        <PurityFix entry={props.entry} onFix={props.onFix} />
      ) : (
        <PacketFix {...props} />
      )}
    </Paper>
  );
}
