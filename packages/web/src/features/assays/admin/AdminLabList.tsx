import { useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Badge, Box, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ASSAY_PAGE_SIZE, toPersianDigits } from '@ayar/contract';
import type { LabListResponse, LabListRow } from '@ayar/contract';
import { ExportButton } from '../../../components/ui/ExportButton.tsx';
import { HoldToConfirmButton } from '../../../components/ui/HoldToConfirmButton.tsx';
import { ListCard, ListTable, OpenItem, clickableRow } from '../../../components/ui/ListTable.tsx';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { confirmThenRun, runAndReport } from '../../../components/ui/confirmThenRun.ts';
import { IconTrash } from '../../../components/ui/icons.tsx';
import { formatJalaliDateTime, SEP } from '../../../lib/format.ts';
import { ASSAY_KEYS, assayQueries, useManageDeleteTest } from '../api.ts';
import { WithdrawnBadge } from '../components/PurityBadge.tsx';
import { DeclineDeleteButton } from './DeclineDeleteButton.tsx';
import { LabFilters } from './LabFilters.tsx';
import type { AppliedLabFilter } from './LabFilters.tsx';
import { href } from '../../../lib/screens.ts';

export const DELETE_QUESTION = 'آیا از حذف این مورد اطمینان دارید؟';
const FOR_DELETE_BG = 'var(--mantine-color-red-0)';

/**
 * «۷۵۰», a «در انتظار» badge for a packet still waiting for its purity, or «باطل شده» for a withdrawn
 * result (ADR 0029: the public sees no purity, so neither does the list).
 */
export function PurityCell({ row }: { row: Pick<LabListRow, 'cutting' | 'resultStatus'> }) {
  if (row.resultStatus === 'withdrawn') return <WithdrawnBadge size="md" />;
  return row.cutting === null ? (
    <Badge color="orange" variant="light">
      در انتظار
    </Badge>
  ) : (
    <Text fw={700} span>
      <Ltr>{toPersianDigits(row.cutting)}</Ltr>
    </Text>
  );
}

const when = (iso: string | null) => (iso ? <Ltr>{formatJalaliDateTime(iso)}</Ltr> : '—');
const dateCell = (iso: string | null) => (
  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
    {when(iso)}
  </Text>
);

export interface AdminLabListProps {
  /** manage/labs-todelete: only packets whose deletion was requested (docs/product.md §2.14). */
  justForDelete: boolean;
}

interface AdminLabTableProps {
  justForDelete: boolean;
  data: LabListResponse | undefined;
  loading: boolean;
  error: boolean;
  filtered: boolean;
  page: number;
  onPage: (page: number) => void;
  /** `held`: the 2-second press and hold already was the confirmation. */
  onRemove: (row: LabListRow, held: boolean) => void;
  deleting: boolean;
}

/** What a row and a card share: opening the packet, its link, its marks and its buttons. */
function useRowKit(props: AdminLabTableProps) {
  const { justForDelete } = props;
  const navigate = useNavigate();
  const editPath = (row: LabListRow) => href('manage/edit-lab', { id: row.id });
  const packet = (row: LabListRow) => `بسته ${toPersianDigits(row.docNumber)}`;
  /** The packet number is the link to the packet; a click elsewhere on the row or card (not on its buttons) as well. */
  const openRow = (row: LabListRow) => ({
    ...clickableRow(() => void navigate(editPath(row))),
    bg: !justForDelete && row.forDelete ? FOR_DELETE_BG : undefined,
  });
  const packetLink = (row: LabListRow) => (
    <OpenItem to={editPath(row)} label={`ویرایش ${packet(row)}`}>
      <Ltr>{toPersianDigits(row.docNumber)}</Ltr>
    </OpenItem>
  );

  const actions = (row: LabListRow) => (
    // A click between the buttons is a missed delete, not a wish to open the packet.
    <Group gap="xs" wrap="nowrap" justify="flex-end" onClick={(e) => e.stopPropagation()}>
      {justForDelete ? <DeclineDeleteButton packet={row} disabled={props.deleting} /> : null}
      {justForDelete ? (
        <HoldToConfirmButton
          color="red"
          disabled={props.deleting}
          aria-label={`حذف ${packet(row)}؛ برای حذف ۲ ثانیه نگه دارید`}
          onConfirm={() => props.onRemove(row, true)}
        >
          برای حذف نگه دارید
        </HoldToConfirmButton>
      ) : null}
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        disabled={props.deleting}
        aria-label={`حذف ${packet(row)}`}
        onClick={() => props.onRemove(row, false)}
      >
        <IconTrash size={20} />
      </ActionIcon>
    </Group>
  );

  const marks = (row: LabListRow): ReactNode =>
    !justForDelete && row.forDelete ? (
      <Badge color="red" variant="light" size="sm">
        درخواست حذف
      </Badge>
    ) : null;

  return { openRow, packetLink, actions, marks };
}
type RowKit = ReturnType<typeof useRowKit>;
type RowProps = { row: LabListRow; kit: RowKit; justForDelete: boolean };

function AdminLabRow({ row, kit, justForDelete }: RowProps) {
  const { openRow, packetLink, marks, actions } = kit;
  return (
    <Table.Tr {...openRow(row)}>
      <Table.Td>
        <Text fw={600} size="sm">
          {row.customerName}
        </Text>
        {row.customerCode !== null ? (
          <Text size="xs" c="dimmed">
            کد <Ltr>{toPersianDigits(row.customerCode)}</Ltr>
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{row.labName}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm">
            {packetLink(row)}
          </Text>
          {marks(row)}
        </Group>
        {row.typeName ? (
          <Text size="xs" c="dimmed">
            {row.typeName}
          </Text>
        ) : null}
      </Table.Td>
      {justForDelete ? null : (
        <Table.Td>
          <PurityCell row={row} />
        </Table.Td>
      )}
      <Table.Td>{dateCell(row.date)}</Table.Td>
      <Table.Td>{row.userFullName}</Table.Td>
      {justForDelete ? (
        <>
          <Table.Td>
            <PurityCell row={row} />
          </Table.Td>
          <Table.Td>{dateCell(row.forDeleteDate)}</Table.Td>
        </>
      ) : null}
      <Table.Td>{actions(row)}</Table.Td>
    </Table.Tr>
  );
}

function AdminLabCard({ row, kit, justForDelete }: RowProps) {
  const { openRow, packetLink, marks, actions } = kit;
  return (
    <ListCard {...openRow(row)}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Box style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text fw={700}>{packetLink(row)}</Text>
              {marks(row)}
            </Group>
            <Text size="sm" fw={600} truncate>
              {row.customerName}
            </Text>
          </Box>
          <PurityCell row={row} />
        </Group>
        <Text size="sm" c="dimmed">
          {row.labName}
          {SEP}
          {row.userFullName}
        </Text>
        <Text size="xs" c="dimmed">
          ثبت: {when(row.date)}
          {justForDelete && row.forDeleteDate ? (
            <>
              {SEP}درخواست حذف: {when(row.forDeleteDate)}
            </>
          ) : null}
        </Text>
        {actions(row)}
      </Stack>
    </ListCard>
  );
}

/** The packets as a table on desktop and cards on phones; a row opens the packet. */
function AdminLabTable(props: AdminLabTableProps) {
  const { justForDelete, data } = props;
  const kit = useRowKit(props);
  const list = data?.list ?? [];
  const empty = props.error
    ? 'فهرست بارگذاری نشد.'
    : justForDelete
      ? props.filtered
        ? 'درخواست حذفی با این فیلترها پیدا نشد.'
        : 'درخواست حذفی در انتظار بررسی نیست.'
      : props.filtered
        ? 'بسته‌ای با این فیلترها پیدا نشد.'
        : 'هنوز بسته‌ای ثبت نشده است.';

  return (
    <ListTable
      rows={list}
      loading={props.loading}
      skeleton={
        <Stack gap="xs" role="status" aria-busy="true" aria-label="در حال بارگذاری">
          <Skeleton height={48} radius="md" />
          <Skeleton height={48} radius="md" />
          <Skeleton height={48} radius="md" />
        </Stack>
      }
      empty={empty}
      label="بسته‌ها"
      scroll
      tableProps={{ styles: { th: { whiteSpace: 'nowrap' } } }}
      head={
        <>
          <Table.Th>مشتری</Table.Th>
          <Table.Th>آزمایشگاه</Table.Th>
          <Table.Th>شماره بسته</Table.Th>
          {justForDelete ? null : <Table.Th>عیار</Table.Th>}
          <Table.Th>تاریخ</Table.Th>
          <Table.Th>ثبت‌کننده</Table.Th>
          {justForDelete ? (
            <>
              <Table.Th>عیار</Table.Th>
              <Table.Th>درخواست حذف</Table.Th>
            </>
          ) : null}
          <Table.Th aria-label="عملیات" />
        </>
      }
      row={(row) => <AdminLabRow row={row} kit={kit} justForDelete={justForDelete} />}
      card={(row) => <AdminLabCard row={row} kit={kit} justForDelete={justForDelete} />}
      paging={
        data && list.length > 0
          ? { page: props.page, pageSize: ASSAY_PAGE_SIZE, total: data.totalCount, onChange: props.onPage }
          : null
      }
    />
  );
}

/**
 * The admin's packet lists (docs/product.md §2.14): every workshop's packets (manage/labs) or only those
 * whose deletion a workshop asked for (manage/labs-todelete), 100 a page, filtered by workshop, type and
 * value and Jalali dates. A row opens manage/edit-lab/{id}; delete asks first, and on the delete-request list
 * a 2-second press and hold deletes as well, while «رد درخواست» keeps the packet and tells the lab why
 * (ADR 0025). Cards on phones, a table on desktop.
 */
export function AdminLabList({ justForDelete }: AdminLabListProps) {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<AppliedLabFilter>({});
  const [page, setPage] = useState(1);
  const labs = useQuery(
    assayQueries.manageList({
      pageSize: ASSAY_PAGE_SIZE,
      pageNumber: page,
      justForDelete: justForDelete || undefined,
      ...filter,
    }),
  );
  const del = useManageDeleteTest();

  /** `held`: the 2-second press and hold already was the confirmation. */
  const remove = async (row: LabListRow, held: boolean) => {
    const change = () => del.mutateAsync({ id: row.id });
    if (held) {
      await runAndReport(change);
    } else {
      const question = (
        <Stack gap={4}>
          <Text>{DELETE_QUESTION}</Text>
          <Text size="sm" c="dimmed">
            بسته <Ltr>{toPersianDigits(row.docNumber)}</Ltr> — {row.customerName} ({row.labName})
          </Text>
        </Stack>
      );
      const outcome = await confirmThenRun(
        { title: 'حذف بسته', message: question, confirmLabel: 'حذف', danger: true },
        change,
      );
      if (outcome === 'cancelled') return;
    }
    await queryClient.invalidateQueries({ queryKey: ASSAY_KEYS.all });
  };

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <LabFilters
        onApply={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      <Group justify="flex-end">
        <ExportButton name="manageTests" filters={{ justForDelete: justForDelete || undefined, ...filter }} />
      </Group>
      <AdminLabTable
        justForDelete={justForDelete}
        data={labs.data}
        loading={labs.isPending}
        error={labs.isError}
        filtered={Object.values(filter).some(Boolean)}
        page={page}
        onPage={setPage}
        onRemove={(row, held) => void remove(row, held)}
        deleting={del.isPending}
      />
    </Stack>
  );
}
