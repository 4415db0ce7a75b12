import { useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import {
  ActionIcon,
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
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { ROUTES, toPersianDigits } from '@ayar/contract';
import type {
  AddUserRequest,
  DeleteUserRequest,
  EditUserInput,
  EditUserRequest,
  ManageLabOwner,
  Paged,
  WorkshopDetail,
} from '@ayar/contract';
import { CollapsibleFilter } from '../../components/ui/CollapsibleFilter.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { Paginator } from '../../components/ui/Paginator.tsx';
import { confirmAction } from '../../components/ui/confirm.tsx';
import { runAndReport } from '../../components/ui/confirmThenRun.ts';
import { OpenItem, clickableRow, useIsDesktop } from '../../components/ui/ListTable.tsx';
import { IconSquarePlus, IconTrash } from '../../components/ui/icons.tsx';
import { alertSuccess } from '../../lib/alert.ts';
import { useApiMutation, useApiQuery } from '../../lib/query.ts';
import { applyFieldErrors } from '../auth/applyFieldErrors.ts';
import { AddWorkshopForm, EditWorkshopForm, WORKSHOP_FORM_FIELDS } from './WorkshopForm.tsx';
import { StatusBadge, StatusSteps, WorkshopStatusCard } from './components/WorkshopStatus.tsx';

const ADMIN_PAGE_SIZE = 100;
const LIST_PATH = '/manage/lab-owners';

/** Rows waiting for the admin are marked (SPEC.md 2.14): inactive amber, new red. */
const ROW_BACKGROUND: Record<0 | 1 | 5, string | undefined> = {
  1: undefined,
  5: 'var(--mantine-color-yellow-0)',
  0: 'var(--mantine-color-red-0)',
};

const STATUS_OPTIONS = [
  { value: '', label: 'همه' },
  { value: '1', label: 'آزمایشگاه فعال' },
  { value: '5', label: 'آزمایشگاه غیرفعال' },
  { value: '0', label: 'جدید' },
];

function editPath(row: { id: string; fName: string }) {
  return `/manage/edit-user/${row.id}/${encodeURIComponent(row.fName || 'آزمایشگاه')}`;
}

/** The row's actions: a status step up or down and delete — each asks first (SPEC.md 4, 5; ADR 0025). */
function RowActions({ row, onChanged }: { row: ManageLabOwner; onChanged: () => void }) {
  const remove = useApiMutation<unknown, DeleteUserRequest>(ROUTES.manage.deleteUser);

  const onDelete = async (event: MouseEvent) => {
    event.stopPropagation();
    const sure = await confirmAction({
      title: 'حذف آزمایشگاه',
      message: `آیا از حذف «${row.fName}» اطمینان دارید؟`,
      confirmLabel: 'حذف',
      danger: true,
    });
    if (!sure) return;
    const force = await confirmAction({
      title: 'وابستگی‌ها',
      message: (
        <Stack gap="xs">
          <Text fw={600}>آیا همه وابستگی‌ها حذف شوند؟</Text>
          <Text size="sm" c="dimmed">
            بسته‌ها، مشتریان، بازه‌های کد، درخواست‌های شارژ و پرداخت‌های این آزمایشگاه. با «خیر»، آزمایشگاه
            فقط در صورتی حذف می‌شود که وابستگی نداشته باشد.
          </Text>
        </Stack>
      ),
      confirmLabel: 'بله، همه حذف شوند',
      cancelLabel: 'خیر',
      danger: true,
    });
    // A refusal («این آزمایشگاه ۳ مشتری … دارد») leaves the list as it was.
    if (await runAndReport(() => remove.mutateAsync({ id: row.id, force }))) onChanged();
  };

  const busy = remove.isPending;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <StatusSteps workshop={row} onChanged={onChanged} disabled={busy} />
      <Tooltip label="حذف آزمایشگاه" withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`حذف ${row.fName}`}
          onClick={onDelete}
          disabled={busy}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function CodeText({ code }: { code: number | null }) {
  return code === null ? (
    <Text span c="dimmed">
      —
    </Text>
  ) : (
    <Ltr>{toPersianDigits(code)}</Ltr>
  );
}

/** manage/lab-owners: the admin's workshop list (SPEC.md 2.14). */
export function ManageLabOwnersPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isDesktop = useIsDesktop();
  const [name, setName] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedName] = useDebouncedValue(name.trim(), 300);
  const query = useApiQuery<Paged<ManageLabOwner>>(['workshops', 'manage'], ROUTES.manage.labOwners, {
    query: { name: debouncedName, status, pageNumber: page, pageSize: ADMIN_PAGE_SIZE },
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['workshops'] });
  const data = query.data;
  const filtered = debouncedName !== '' || status !== '';
  /** The workshop's name is the link to its editor; a click elsewhere on the row or card (not on its buttons) as well. */
  const openRow = (row: ManageLabOwner) => clickableRow(() => void navigate(editPath(row)));
  const nameLink = (row: ManageLabOwner) => (
    <OpenItem to={editPath(row)} label={`ویرایش ${row.fName || 'آزمایشگاه'}`}>
      {row.fName}
    </OpenItem>
  );

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
  } else if (data && isDesktop) {
    body = (
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
            {data.list.map((row) => (
              <Table.Tr
                key={row.id}
                {...openRow(row)}
                bg={ROW_BACKGROUND[row.status]}
                data-status={row.status}
              >
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
  } else if (data) {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="آزمایشگاه‌ها">
        {data.list.map((row) => (
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
                <Ltr>{row.userName}</Ltr> · کد <CodeText code={row.code} />
              </Text>
              <RowActions row={row} onChanged={refresh} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <CollapsibleFilter
        id="lab-owners-filter"
        active={filtered}
        actions={
          <Button component={Link} to="/manage/add-user" leftSection={<IconSquarePlus size={18} />}>
            ایجاد آزمایشگاه
          </Button>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="نام"
            placeholder="نام آزمایشگاه، مدیر یا نام کاربری"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            label="وضعیت"
            data={STATUS_OPTIONS}
            value={status}
            allowDeselect={false}
            onChange={(value) => {
              setStatus(value ?? '');
              setPage(1);
            }}
          />
        </SimpleGrid>
      </CollapsibleFilter>
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

/** manage/add-user: «ایجاد آزمایشگاه»; success goes back to the list. */
export function ManageAddUserPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const add = useApiMutation<{ id: string }, AddUserRequest>(ROUTES.manage.addUser);
  return (
    <AddWorkshopForm
      pending={add.isPending}
      onSubmit={async (values, form) => {
        try {
          const envelope = await add.mutateAsync(values);
          alertSuccess(envelope.message);
          void queryClient.invalidateQueries({ queryKey: ['workshops'] });
          navigate(LIST_PATH);
        } catch (error) {
          applyFieldErrors(
            error,
            form.setError,
            WORKSHOP_FORM_FIELDS.filter((f) => f !== 'file'),
          );
        }
      }}
    />
  );
}

function toEditInput(detail: WorkshopDetail): EditUserInput {
  return {
    userId: detail.userId,
    fName: detail.fName,
    fullName: detail.fullName,
    cellPhone: detail.cellPhone ?? '',
    phone: detail.phone ?? '',
    rejeCode: detail.rejeCode ?? '',
    address: detail.address ?? '',
    userName: detail.userName,
    password: '',
    confirmPassword: '',
    isPublicUser: detail.isPublicUser,
    isLabOwner: detail.isLabOwner,
    file: detail.file,
  };
}

/** manage/edit-user/{id}/{name}: edit a workshop; the password stays unless both fields are filled. */
export function ManageEditUserPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useApiQuery<WorkshopDetail[]>(['workshops', 'detail', id], ROUTES.manage.userById, {
    query: { id },
    enabled: id !== '',
  });
  const edit = useApiMutation<null, EditUserRequest>(ROUTES.manage.editUser);
  const item = detail.data?.[0];

  if (detail.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  if (!item) {
    return (
      <Paper withBorder radius="lg" p="xl" ta="center" maw={560}>
        <Stack align="center">
          <Text c="dimmed">این آزمایشگاه پیدا نشد.</Text>
          <Button component={Link} to={LIST_PATH} variant="light">
            بازگشت به لیست آزمایشگاه‌ها
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <WorkshopStatusCard
        workshop={{ id: item.userId, fName: item.fName, status: item.status }}
        code={item.code}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: ['workshops'] })}
      />
      <EditWorkshopForm
        key={item.id}
        initial={toEditInput(item)}
        pending={edit.isPending}
        onSubmit={async (values, form) => {
          try {
            const envelope = await edit.mutateAsync(values);
            alertSuccess(envelope.message);
            void queryClient.invalidateQueries({ queryKey: ['workshops'] });
            navigate(LIST_PATH);
          } catch (error) {
            applyFieldErrors(error, form.setError, WORKSHOP_FORM_FIELDS);
          }
        }}
      />
    </Stack>
  );
}
