import type { KeyboardEvent } from 'react';
import { Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { toPersianDigits } from '@ayar/contract';
import type { LabListRow } from '@ayar/contract';
import { ListCard } from '../../../components/ui/ListTable.tsx';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { href } from '../../../lib/screens.ts';

// One purity of the «در انتظار تأیید» queue (ADR 0050): the packet, the purity waiting (and the published
// one it corrects), who recorded it, and «تأیید» / «برگشت»; a purity of one's own is shown, not offered.

const fa = (n: number) => toPersianDigits(n);

/** What a row needs from the queue's state. */
export interface VerifyRowKit {
  own: (row: LabListRow) => boolean;
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  /** The open «برگشت» forms' text, by packet. */
  returning: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  busy: boolean;
  accept: (row: LabListRow) => void;
  openReturn: (row: LabListRow) => void;
  typeReason: (row: LabListRow, text: string) => void;
  sendBack: (row: LabListRow) => void;
  closeReturn: (row: LabListRow) => void;
}

const nameOf = (row: LabListRow) => `${row.titleName} ${fa(row.docNumber)}`;

/** The purity waiting; for a correction, the published one it replaces first. */
function WaitingValue({ row }: { row: LabListRow }) {
  return (
    <Text fw={700} size="sm">
      {row.cutting !== null ? (
        <Text span inherit c="dimmed" fw={400}>
          <Ltr>{fa(row.cutting)}</Ltr> ←{' '}
        </Text>
      ) : null}
      <Ltr>{row.pendingCutting === null ? '—' : fa(row.pendingCutting)}</Ltr>
    </Text>
  );
}

/** Who recorded it and, for a correction of a published purity, why. */
function RecordedBy({ row }: { row: LabListRow }) {
  return (
    <>
      {row.pendingBy ? (
        <Text size="xs" c="dimmed">
          ثبت عیار: {row.pendingBy}
        </Text>
      ) : null}
      {row.pendingReason ? (
        <Text size="xs" c="orange.9" lineClamp={2}>
          علت اصلاح: {row.pendingReason}
        </Text>
      ) : null}
    </>
  );
}

/** The inline «برگشت»: its reason (required), sent with Enter, closed with Escape. */
function ReturnForm({ row, kit }: { row: LabListRow; kit: VerifyRowKit }) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      kit.sendBack(row);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      kit.closeReturn(row);
    }
  };
  return (
    <Stack gap={4}>
      <TextInput
        size="xs"
        label={`علت برگشت ${nameOf(row)}`}
        placeholder="چرا دوباره سنجیده شود؟"
        value={kit.returning[row.id] ?? ''}
        error={kit.errors[row.id] || undefined}
        onChange={(event) => kit.typeReason(row, event.currentTarget.value)}
        onKeyDown={onKeyDown}
        data-autofocus
        autoFocus
      />
      <Group gap={4}>
        <Button size="compact-xs" color="red" loading={kit.busy} onClick={() => kit.sendBack(row)}>
          ارسال برگشت
        </Button>
        <Button size="compact-xs" variant="subtle" onClick={() => kit.closeReturn(row)}>
          انصراف
        </Button>
      </Group>
    </Stack>
  );
}

/** «تأیید» and «برگشت», disabled with «عیار خودتان» on one's own purity (the server refuses it anyway). */
function RowActions({ row, kit }: { row: LabListRow; kit: VerifyRowKit }) {
  const own = kit.own(row);
  if (kit.returning[row.id] !== undefined) return <ReturnForm row={row} kit={kit} />;
  return (
    <Stack gap={2} align="flex-start">
      <Group gap={4} wrap="nowrap">
        <Button
          size="compact-sm"
          disabled={own || kit.busy}
          aria-label={`تأیید عیار ${nameOf(row)}`}
          onClick={() => kit.accept(row)}
        >
          تأیید
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          disabled={own || kit.busy}
          aria-label={`برگشت عیار ${nameOf(row)}`}
          onClick={() => kit.openReturn(row)}
        >
          برگشت
        </Button>
      </Group>
      {own ? (
        <Text size="xs" c="dimmed">
          عیار خودتان
        </Text>
      ) : null}
    </Stack>
  );
}

function SelectBox({ row, kit }: { row: LabListRow; kit: VerifyRowKit }) {
  return (
    <Checkbox
      aria-label={`انتخاب ${nameOf(row)}`}
      checked={kit.selected.has(row.id)}
      disabled={kit.own(row)}
      onChange={() => kit.toggle(row.id)}
    />
  );
}

function PacketLink({ row }: { row: LabListRow }) {
  return (
    <Link to={href('lab/edit', { id: row.id })} style={{ color: 'inherit', fontWeight: 700 }}>
      <Ltr>{fa(row.docNumber)}</Ltr>
    </Link>
  );
}

export function VerifyRow({ row, kit }: { row: LabListRow; kit: VerifyRowKit }) {
  return (
    <Table.Tr aria-label={nameOf(row)} data-own={kit.own(row) || undefined}>
      <Table.Td>
        <SelectBox row={row} kit={kit} />
      </Table.Td>
      <Table.Td>
        <PacketLink row={row} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={1}>
          {row.customerName}
        </Text>
        <RecordedBy row={row} />
      </Table.Td>
      <Table.Td>{row.typeName ?? '—'}</Table.Td>
      <Table.Td>
        <WaitingValue row={row} />
      </Table.Td>
      <Table.Td>
        <RowActions row={row} kit={kit} />
      </Table.Td>
    </Table.Tr>
  );
}

export function VerifyCard({ row, kit }: { row: LabListRow; kit: VerifyRowKit }) {
  return (
    <ListCard role="article" aria-label={nameOf(row)} data-own={kit.own(row) || undefined}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <SelectBox row={row} kit={kit} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm">
              {row.titleName} <PacketLink row={row} />
            </Text>
            <Text size="sm" lineClamp={1}>
              {row.customerName}
              {row.typeName ? ` · ${row.typeName}` : ''}
            </Text>
            <RecordedBy row={row} />
          </Stack>
        </Group>
        <WaitingValue row={row} />
      </Group>
      <Group justify="flex-end" mt="xs">
        <RowActions row={row} kit={kit} />
      </Group>
    </ListCard>
  );
}
