import type { ReactNode } from 'react';
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { BackupRun } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { FOCUSABLE_SCROLL } from '../../../components/ui/tableScroll.ts';
import { formatJalaliDateTime } from '../../../lib/format.ts';
import { Size } from './Size.tsx';
import {
  CHECKSUM_COLORS,
  CHECKSUM_LABELS,
  METHOD_LABELS,
  OFFSITE_COLORS,
  OFFSITE_LABELS,
  STATE_COLORS,
  STATE_LABELS,
  STEP_LABELS,
  TRIGGER_LABELS,
  fileName,
  progressText,
} from '../format.ts';

// The list of backups on the backups screen (ADR 0053): a table on a desktop, which scrolls sideways by
// keyboard as well when narrower than its columns, and a card per backup on a phone.

const LIST_LABEL = 'فهرست پشتیبان‌ها';
const NONE = '—';
/** A badge keeps its whole word: Mantine's may shrink to an ellipsis in a table's narrow column. */
const WHOLE = { minWidth: 'max-content' } as const;

function StateBadge({ state }: { state: BackupRun['state'] }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light" radius="sm" style={WHOLE}>
      {STATE_LABELS[state]}
    </Badge>
  );
}

/** Why a backup failed, or its upload did: the server's words, which may be English (a tool's error). */
function ErrorLine({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
      <Ltr>{error}</Ltr>
    </Text>
  );
}

/**
 * The state, with the step while it runs (its bar is above the list, once: two bars of one backup would
 * be read out twice) and the reason when it failed.
 */
function State({ run }: { run: BackupRun }) {
  return (
    <Stack gap={4} align="flex-start">
      <StateBadge state={run.state} />
      {run.state === 'running' && run.progress ? (
        <Text size="xs" c="dimmed">
          {STEP_LABELS[run.progress.step]}: {progressText(run.progress)}
        </Text>
      ) : null}
      <ErrorLine error={run.error} />
    </Stack>
  );
}

const size = (run: BackupRun) => (run.bytes === null ? NONE : <Size bytes={run.bytes} />);
const method = (run: BackupRun) => (run.method ? <Ltr>{METHOD_LABELS[run.method]}</Ltr> : NONE);

function Checksum({ run }: { run: BackupRun }) {
  // A run that is still being made, or failed, has no file to check: no badge says otherwise.
  if (run.state !== 'ok') return <>{NONE}</>;
  return (
    <Badge color={CHECKSUM_COLORS[run.checksum]} variant="light" radius="sm" style={WHOLE}>
      {CHECKSUM_LABELS[run.checksum]}
    </Badge>
  );
}

/**
 * The copy in object storage: its state, when it arrived, the object's name, and whether it is encrypted.
 * At the cell's start in the table, at the line's end on a card (beside its label).
 */
function Offsite({ offsite, atEnd = false }: { offsite: BackupRun['offsite']; atEnd?: boolean }) {
  return (
    <Stack gap={2} align={atEnd ? 'flex-end' : 'flex-start'}>
      <Group gap={6} wrap="nowrap">
        <Badge color={OFFSITE_COLORS[offsite.state]} variant="light" radius="sm" style={WHOLE}>
          {OFFSITE_LABELS[offsite.state]}
        </Badge>
        {offsite.state !== 'off' ? (
          <Text size="xs" c="dimmed">
            {offsite.encrypted ? 'رمزشده' : 'بدون رمز'}
          </Text>
        ) : null}
      </Group>
      {offsite.at ? (
        <Text size="xs" c="dimmed">
          <Ltr>{formatJalaliDateTime(offsite.at)}</Ltr>
        </Text>
      ) : null}
      {offsite.key ? (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          <Ltr>{offsite.key}</Ltr>
        </Text>
      ) : null}
      <ErrorLine error={offsite.error} />
    </Stack>
  );
}

function File({ run }: { run: BackupRun }) {
  if (!run.file) return <>{NONE}</>;
  return (
    <Text size="xs" title={run.file} style={{ overflowWrap: 'anywhere' }}>
      <Ltr>{fileName(run.file)}</Ltr>
    </Text>
  );
}

const when = (run: BackupRun) => <Ltr>{formatJalaliDateTime(run.startedAt)}</Ltr>;

function RunsTable({ runs }: { runs: readonly BackupRun[] }) {
  return (
    <Table.ScrollContainer minWidth={980} {...FOCUSABLE_SCROLL}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={LIST_LABEL}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>زمان</Table.Th>
            <Table.Th>نوع</Table.Th>
            <Table.Th>وضعیت</Table.Th>
            <Table.Th>حجم</Table.Th>
            <Table.Th>روش</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>درستی فایل</Table.Th>
            <Table.Th>نسخه بیرون از سرور</Table.Th>
            <Table.Th>فایل</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={run.id} data-testid="backup-run">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(run)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{TRIGGER_LABELS[run.trigger]}</Table.Td>
              <Table.Td maw={260}>
                <State run={run} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{size(run)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{method(run)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Checksum run={run} />
              </Table.Td>
              <Table.Td maw={240}>
                <Offsite offsite={run.offsite} />
              </Table.Td>
              <Table.Td maw={200}>
                <File run={run} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A label and its value on a card; the value may be a badge (a block), so neither is a paragraph. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" ta="end" style={{ minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

function RunCard({ run }: { run: BackupRun }) {
  return (
    <Card withBorder radius="md" padding="sm" component="li" data-testid="backup-run">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm">
            {when(run)}
          </Text>
          <Text size="xs" c="dimmed">
            {TRIGGER_LABELS[run.trigger]}
          </Text>
        </Group>
        <State run={run} />
        <Row label="حجم">{size(run)}</Row>
        <Row label="روش">{method(run)}</Row>
        <Row label="درستی فایل">
          <Checksum run={run} />
        </Row>
        <Row label="نسخه بیرون از سرور">
          <Offsite offsite={run.offsite} atEnd />
        </Row>
        <Row label="فایل">
          <File run={run} />
        </Row>
      </Stack>
    </Card>
  );
}

/** The backups, newest first: a table (desktop) or cards (phone). */
export function BackupRuns({ runs, isDesktop }: { runs: readonly BackupRun[]; isDesktop: boolean }) {
  if (isDesktop) return <RunsTable runs={runs} />;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={LIST_LABEL}>
      {runs.map((run) => (
        <RunCard key={run.id} run={run} />
      ))}
    </Stack>
  );
}
