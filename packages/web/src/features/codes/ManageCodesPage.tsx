import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { ROUTES, allotCodesRequestSchema, formatToman, toPersianDigits } from '@ayar/contract';
import type { AdminCodeRange, AllCodesResponse, AllotCodesRequest, AllotCodesResponse } from '@ayar/contract';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { ListCard, ListTable } from '../../components/ui/ListTable.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { confirmThenRun } from '../../components/ui/confirmThenRun.ts';
import { IconSearch, IconSquarePlus, IconTrash } from '../../components/ui/icons.tsx';
import { ApiError } from '../../lib/api.ts';
import { alertSuccess } from '../../lib/alert.ts';
import { formatJalaliDate } from '../../lib/format.ts';
import { useApiMutation, useApiQuery } from '../../lib/query.ts';
import { UserAutocomplete } from '../workshops/components/UserAutocomplete.tsx';
import type { UserAutocompleteValue } from '../workshops/components/UserAutocomplete.tsx';

const PAGE_SIZE = 50;
const fa = (n: number) => toPersianDigits(n);

interface Filter {
  userId?: string;
  serialNo?: string;
  fromCode?: string;
  toCode?: string;
}
type FieldName = 'userId' | 'fromCode' | 'toCode' | 'serialNo';

/** manage/codes (SPEC.md 2.13): find ranges, allot one to a workshop, delete an unused one. */
export function ManageCodesPage() {
  const [workshop, setWorkshop] = useState<UserAutocompleteValue | null>(null);
  const [serialNo, setSerialNo] = useState('');
  const [fromCode, setFromCode] = useState('');
  const [toCode, setToCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);

  const ranges = useApiQuery<AllCodesResponse>(['codes', 'all'], ROUTES.manage.getAllCode, {
    query: { pageSize: PAGE_SIZE, pageNumber: page, ...filter },
  });
  const allot = useApiMutation<AllotCodesResponse, AllotCodesRequest>(ROUTES.manage.getCodes);
  const remove = useApiMutation<null, { id: string }>(ROUTES.manage.deleteCode);

  const clearError = (name: FieldName) => setErrors((e) => ({ ...e, [name]: undefined }));

  const applyFilter = () => {
    setErrors({});
    setPage(1);
    setFilter({
      userId: workshop?.id,
      serialNo: serialNo || undefined,
      fromCode: fromCode || undefined,
      toCode: toCode || undefined,
    });
  };

  const onAllot = async () => {
    const parsed = allotCodesRequestSchema.safeParse({
      userId: workshop?.id ?? '',
      fromCode,
      toCode,
      serialNo,
    });
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        next[name] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const result = await allot.mutateAsync(parsed.data);
      alertSuccess(result.message);
      setFromCode('');
      setToCode('');
      setSerialNo('');
      setPage(1);
      setFilter({ userId: parsed.data.userId });
      await ranges.refetch();
    } catch (error) {
      if (error instanceof ApiError) {
        const next: Partial<Record<FieldName, string>> = {};
        for (const { field, message } of error.fieldErrors) next[field as FieldName] = message;
        setErrors(next);
      }
    }
  };

  const onDelete = async (range: AdminCodeRange) => {
    const outcome = await confirmThenRun(
      {
        title: 'حذف بازه شماره',
        message: 'آیا از حذف این مورد اطمینان دارید؟',
        confirmLabel: 'حذف',
        danger: true,
      },
      () => remove.mutateAsync({ id: range.id }),
    );
    // After a refusal too (e.g. numbers of the range are in use): the list shows the server's ranges.
    if (outcome !== 'cancelled') await ranges.refetch();
  };

  const deleteButton = (range: AdminCodeRange) => (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`حذف بازه ${fa(range.fromCode)} تا ${fa(range.toCode)}`}
      onClick={() => void onDelete(range)}
      disabled={remove.isPending}
    >
      <IconTrash size={18} />
    </ActionIcon>
  );

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <div>
              <UserAutocomplete
                label="آزمایشگاه"
                value={workshop}
                onChange={(value) => {
                  setWorkshop(value);
                  clearError('userId');
                }}
              />
              {errors.userId ? (
                <Text size="xs" c="red" mt={4} role="alert">
                  {errors.userId}
                </Text>
              ) : null}
            </div>
            <DigitsInput
              label="سری"
              value={serialNo}
              onChange={(v) => {
                setSerialNo(v);
                clearError('serialNo');
              }}
              error={errors.serialNo}
            />
            <DigitsInput
              label="از شماره"
              value={fromCode}
              onChange={(v) => {
                setFromCode(v);
                clearError('fromCode');
              }}
              maxLength={12}
              error={errors.fromCode}
            />
            <DigitsInput
              label="تا شماره"
              value={toCode}
              onChange={(v) => {
                setToCode(v);
                clearError('toCode');
              }}
              maxLength={12}
              error={errors.toCode}
            />
          </SimpleGrid>
          <Group gap="sm" justify="flex-end">
            <Button variant="default" leftSection={<IconSearch size={18} />} onClick={applyFilter}>
              جستجو
            </Button>
            <Button
              leftSection={<IconSquarePlus size={18} />}
              loading={allot.isPending}
              onClick={() => void onAllot()}
            >
              اختصاص بازه به آزمایشگاه
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            برای اختصاص، آزمایشگاه و «از شماره» و «تا شماره» را وارد کنید؛ سری اختیاری است. جستجو با هر کدام
            از این فیلدها ممکن است.
          </Text>
        </Stack>
      </Paper>

      <ListTable
        rows={ranges.data?.list ?? []}
        loading={ranges.isPending}
        empty="بازه‌ای پیدا نشد."
        head={
          <>
            <Table.Th>آزمایشگاه</Table.Th>
            <Table.Th>تاریخ</Table.Th>
            <Table.Th>از شماره</Table.Th>
            <Table.Th>تا شماره</Table.Th>
            <Table.Th>سری</Table.Th>
            <Table.Th>تعداد</Table.Th>
            <Table.Th>استفاده شده</Table.Th>
            <Table.Th aria-label="حذف" />
          </>
        }
        row={(range) => (
          <Table.Tr>
            <Table.Td>{range.user}</Table.Td>
            <Table.Td>
              <Ltr>{formatJalaliDate(range.createDate)}</Ltr>
            </Table.Td>
            <Table.Td>
              <Ltr>{fa(range.fromCode)}</Ltr>
            </Table.Td>
            <Table.Td>
              <Ltr>{fa(range.toCode)}</Ltr>
            </Table.Td>
            <Table.Td>
              <Ltr>{fa(range.serialNo)}</Ltr>
            </Table.Td>
            <Table.Td>{formatToman(range.count)}</Table.Td>
            <Table.Td>{formatToman(range.used)}</Table.Td>
            <Table.Td>{deleteButton(range)}</Table.Td>
          </Table.Tr>
        )}
        card={(range) => (
          <ListCard>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4}>
                <Text fw={600}>{range.user}</Text>
                <Text size="sm">
                  <Ltr>{fa(range.fromCode)}</Ltr> تا <Ltr>{fa(range.toCode)}</Ltr>
                </Text>
                <Text size="sm" c="dimmed">
                  سری <Ltr>{fa(range.serialNo)}</Ltr> · {formatToman(range.count)} شماره · استفاده شده{' '}
                  {formatToman(range.used)} · <Ltr>{formatJalaliDate(range.createDate)}</Ltr>
                </Text>
              </Stack>
              {deleteButton(range)}
            </Group>
          </ListCard>
        )}
        paging={
          ranges.data ? { page, pageSize: PAGE_SIZE, total: ranges.data.totalCount, onChange: setPage } : null
        }
      />
    </Stack>
  );
}
