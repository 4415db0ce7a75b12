import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  Button,
  Card,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ManageLabOwner, WorkshopStatus } from '@ayar/contract';
import { CollapsibleFilter } from '../../components/ui/CollapsibleFilter.tsx';
import { ExportButton } from '../../components/ui/ExportButton.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { Paginator } from '../../components/ui/Paginator.tsx';
import { OpenItem, clickableRow, useIsDesktop } from '../../components/ui/ListTable.tsx';
import { IconSquarePlus } from '../../components/ui/icons.tsx';
import { WORKSHOPS_KEY, workshopQueries } from './api.ts';
import { editPath } from './links.ts';
import { CodeText, RowActions } from './components/RowActions.tsx';
import { StatusBadge } from './components/WorkshopStatus.tsx';
import { SEP } from '../../lib/format.ts';
import { href } from '../../lib/screens.ts';

const ADMIN_PAGE_SIZE = 100;

/**
 * Rows not at work are marked (docs/product.md §2.14) in their badge's colour (ADR 0044): new blue,
 * inactive amber, suspended red.
 */
const ROW_BACKGROUND: Record<WorkshopStatus, string | undefined> = {
  1: undefined,
  5: 'var(--mantine-color-yellow-0)',
  0: 'var(--mantine-color-blue-0)',
  9: 'var(--mantine-color-red-0)',
};

const STATUS_OPTIONS = [
  { value: '', label: 'همه' },
  { value: '1', label: 'آزمایشگاه فعال' },
  { value: '5', label: 'آزمایشگاه غیرفعال' },
  { value: '0', label: 'جدید' },
  { value: '9', label: 'تعلیق‌شده' },
];

/** The status filter from the address (`?status=0`, the dashboard's link to new labs); anything else is «همه». */
const statusFromAddress = (value: string | null) =>
  STATUS_OPTIONS.some((option) => option.value === value) ? (value ?? '') : '';

interface ListProps {
  rows: readonly ManageLabOwner[];
  onChanged: () => void;
}

/** The workshop's name is the link to its editor; a click elsewhere on the row or card (not on its buttons) as well. */
function useOpenRow() {
  const navigate = useNavigate();
  const openRow = (row: ManageLabOwner) => clickableRow(() => void navigate(editPath(row)));
  const nameLink = (row: ManageLabOwner) => (
    <OpenItem to={editPath(row)} label={`ویرایش ${row.fName || 'آزمایشگاه'}`}>
      {row.fName}
    </OpenItem>
  );
  return { openRow, nameLink };
}

function LabOwnersTable({ rows, onChanged }: ListProps) {
  const { openRow, nameLink } = useOpenRow();
  const refresh = onChanged;
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="آزمایشگاه‌ها">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>نام</Table.Th>
            <Table.Th>نام کاربری</Table.Th>
            <Table.Th>کد</Table.Th>
            <Table.Th>وضعیت</Table.Th>
            <Table.Th ta="end">عملیات</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} {...openRow(row)} bg={ROW_BACKGROUND[row.status]} data-status={row.status}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {nameLink(row)}
                </Text>
                {row.fullName && (
                  <Text size="xs" c="dimmed">
                    {row.fullName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Ltr>{row.userName}</Ltr>
              </Table.Td>
              <Table.Td>
                <CodeText code={row.code} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>
                <RowActions row={row} onChanged={refresh} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function LabOwnersCards({ rows, onChanged }: ListProps) {
  const { openRow, nameLink } = useOpenRow();
  const refresh = onChanged;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="آزمایشگاه‌ها">
      {rows.map((row) => (
        <Card
          component="li"
          key={row.id}
          withBorder
          radius="md"
          padding="sm"
          {...openRow(row)}
          bg={ROW_BACKGROUND[row.status]}
          data-status={row.status}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>{nameLink(row)}</Text>
              {row.fullName && (
                <Text size="sm" c="dimmed">
                  {row.fullName}
                </Text>
              )}
            </div>
            <StatusBadge status={row.status} />
          </Group>
          <Group justify="space-between" mt={8} wrap="nowrap">
            <Text size="sm" c="dimmed">
              <Ltr>{row.userName}</Ltr>
              {SEP}کد <CodeText code={row.code} />
            </Text>
            <RowActions row={row} onChanged={refresh} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** The name and status the list is narrowed to, and «ایجاد آزمایشگاه». */
function LabOwnersFilter(props: {
  name: string;
  onName: (name: string) => void;
  status: string;
  onStatus: (status: string) => void;
  active: boolean;
}) {
  return (
    <CollapsibleFilter
      id="lab-owners-filter"
      active={props.active}
      actions={
        <Group gap="sm">
          <ExportButton name="manageLabs" filters={{ name: props.name.trim(), status: props.status }} />
          <Button component={Link} to={href('manage/add-user')} leftSection={<IconSquarePlus size={18} />}>
            ایجاد آزمایشگاه
          </Button>
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="نام"
          placeholder="نام آزمایشگاه، مدیر یا نام کاربری"
          value={props.name}
          onChange={(event) => props.onName(event.currentTarget.value)}
        />
        <Select
          label="وضعیت"
          data={STATUS_OPTIONS}
          value={props.status}
          allowDeselect={false}
          onChange={(value) => props.onStatus(value ?? '')}
        />
      </SimpleGrid>
    </CollapsibleFilter>
  );
}

/** manage/lab-owners: the admin's workshop list (docs/product.md §2.14). */
export function ManageLabOwnersPage() {
  const queryClient = useQueryClient();
  const isDesktop = useIsDesktop();
  const [name, setName] = useState('');
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusFromAddress(searchParams.get('status'));
  const setStatus = (value: string) =>
    setSearchParams(
      (params) => {
        if (value === '') params.delete('status');
        else params.set('status', value);
        return params;
      },
      { replace: true },
    );
  const [page, setPage] = useState(1);
  const [debouncedName] = useDebouncedValue(name.trim(), 300);
  const query = useQuery(
    workshopQueries.manageList({ name: debouncedName, status, pageNumber: page, pageSize: ADMIN_PAGE_SIZE }),
  );
  const refresh = () => void queryClient.invalidateQueries({ queryKey: WORKSHOPS_KEY });
  const data = query.data;
  const filtered = debouncedName !== '' || status !== '';

  let body: ReactNode = null;
  if (query.isPending) {
    body = (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  } else if (data && data.list.length === 0) {
    body = (
      <Paper withBorder radius="lg" p="xl" ta="center">
        <Text c="dimmed">
          {filtered ? 'آزمایشگاهی با این فیلتر پیدا نشد.' : 'هنوز آزمایشگاهی ثبت نشده است.'}
        </Text>
      </Paper>
    );
  } else if (data) {
    body = isDesktop ? (
      <LabOwnersTable rows={data.list} onChanged={refresh} />
    ) : (
      <LabOwnersCards rows={data.list} onChanged={refresh} />
    );
  }

  return (
    <Stack gap="md">
      <LabOwnersFilter
        name={name}
        onName={(value) => {
          setName(value);
          setPage(1);
        }}
        status={status}
        onStatus={(value) => {
          setStatus(value);
          setPage(1);
        }}
        active={filtered}
      />
      {data && (
        <Paginator page={data.currPage} pageSize={data.pageSize} total={data.totalCount} onChange={setPage} />
      )}
      {body}
      {data && data.totalCount > data.pageSize && (
        <Paginator page={data.currPage} pageSize={data.pageSize} total={data.totalCount} onChange={setPage} />
      )}
    </Stack>
  );
}
