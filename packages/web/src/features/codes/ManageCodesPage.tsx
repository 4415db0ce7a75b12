import { useState } from 'react';
import { ExportButton } from '../../components/ui/ExportButton.tsx';
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { allotCodesRequestSchema, formatToman, toPersianDigits } from '@ayar/contract';
import type { AdminCodeRange, AllCodesResponse } from '@ayar/contract';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { ListCard, ListTable } from '../../components/ui/ListTable.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { confirmThenRun } from '../../components/ui/confirmThenRun.ts';
import { IconSearch, IconSquarePlus, IconTrash } from '../../components/ui/icons.tsx';
import { ApiError } from '../../lib/api.ts';
import { alertSuccess } from '../../lib/alert.ts';
import { SEP, formatJalaliDate } from '../../lib/format.ts';
import { UserAutocomplete } from '../../components/search/UserAutocomplete.tsx';
import type { UserAutocompleteValue } from '../../components/search/UserAutocomplete.tsx';
import { codeQueries, useAllotCodes, useDeleteCodeRange } from './api.ts';

const PAGE_SIZE = 50;
const fa = (n: number) => toPersianDigits(n);

interface Filter {
  userId?: string;
  serialNo?: string;
  fromCode?: string;
  toCode?: string;
}
type FieldName = 'userId' | 'fromCode' | 'toCode' | 'serialNo';
type Errors = Partial<Record<FieldName, string>>;

/** The fields that both search and allot: the lab, the series and the numbers, each with its error. */
function useRangeFields() {
  const [workshop, setWorkshop] = useState<UserAutocompleteValue | null>(null);
  const [serialNo, setSerialNo] = useState('');
  const [fromCode, setFromCode] = useState('');
  const [toCode, setToCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const typed = (set: (v: string) => void, name: FieldName) => (v: string) => {
    set(v);
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  return {
    values: { workshop, serialNo, fromCode, toCode },
    errors,
    setErrors,
    setWorkshop: (value: UserAutocompleteValue | null) => {
      setWorkshop(value);
      setErrors((e) => ({ ...e, userId: undefined }));
    },
    setSerialNo: typed(setSerialNo, 'serialNo'),
    setFromCode: typed(setFromCode, 'fromCode'),
    setToCode: typed(setToCode, 'toCode'),
    clearNumbers: () => {
      setFromCode('');
      setToCode('');
      setSerialNo('');
    },
  };
}
type RangeFields = ReturnType<typeof useRangeFields>;

function RangeForm(props: {
  fields: RangeFields;
  onSearch: () => void;
  onAllot: () => void;
  allotting: boolean;
}) {
  const { values, errors } = props.fields;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <div>
            <UserAutocomplete label="آزمایشگاه" value={values.workshop} onChange={props.fields.setWorkshop} />
            {errors.userId ? (
              <Text size="xs" c="red" mt={4} role="alert">
                {errors.userId}
              </Text>
            ) : null}
          </div>
          <DigitsInput
            label="سری"
            value={values.serialNo}
            onChange={props.fields.setSerialNo}
            error={errors.serialNo}
          />
          <DigitsInput
            label="از شماره"
            value={values.fromCode}
            onChange={props.fields.setFromCode}
            maxLength={12}
            error={errors.fromCode}
          />
          <DigitsInput
            label="تا شماره"
            value={values.toCode}
            onChange={props.fields.setToCode}
            maxLength={12}
            error={errors.toCode}
          />
        </SimpleGrid>
        <Group gap="sm" justify="flex-end">
          <Button variant="default" leftSection={<IconSearch size={18} />} onClick={props.onSearch}>
            جستجو
          </Button>
          <Button
            leftSection={<IconSquarePlus size={18} />}
            loading={props.allotting}
            onClick={props.onAllot}
          >
            اختصاص بازه به آزمایشگاه
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          برای اختصاص، آزمایشگاه و «از شماره» و «تا شماره» را وارد کنید؛ سری اختیاری است. جستجو با هر کدام از
          این فیلدها ممکن است.
        </Text>
      </Stack>
    </Paper>
  );
}

function DeleteRangeButton(props: {
  range: AdminCodeRange;
  onDelete: (range: AdminCodeRange) => void;
  disabled: boolean;
}) {
  const { range } = props;
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`حذف بازه ${fa(range.fromCode)} تا ${fa(range.toCode)}`}
      onClick={() => props.onDelete(range)}
      disabled={props.disabled}
    >
      <IconTrash size={18} />
    </ActionIcon>
  );
}

function RangesTable(props: {
  data: AllCodesResponse | undefined;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  onDelete: (range: AdminCodeRange) => void;
  deleting: boolean;
}) {
  const { data } = props;
  const deleteButton = (range: AdminCodeRange) => (
    <DeleteRangeButton range={range} onDelete={props.onDelete} disabled={props.deleting} />
  );
  return (
    <ListTable
      rows={data?.list ?? []}
      loading={props.loading}
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
                سری <Ltr>{fa(range.serialNo)}</Ltr>
                {SEP}
                {formatToman(range.count)} شماره{SEP}استفاده شده {formatToman(range.used)}
                {SEP}
                <Ltr>{formatJalaliDate(range.createDate)}</Ltr>
              </Text>
            </Stack>
            {deleteButton(range)}
          </Group>
        </ListCard>
      )}
      paging={
        data
          ? { page: props.page, pageSize: PAGE_SIZE, total: data.totalCount, onChange: props.onPage }
          : null
      }
    />
  );
}

/** What the fields narrow the list to; an empty field narrows nothing. */
function filterOf(values: RangeFields['values']): Filter {
  const { workshop, serialNo, fromCode, toCode } = values;
  return {
    userId: workshop?.id,
    serialNo: serialNo || undefined,
    fromCode: fromCode || undefined,
    toCode: toCode || undefined,
  };
}

/** Field errors, the first for each field, each to go under its field. */
function errorsOf(issues: readonly { field: string; message: string }[]): Errors {
  const next: Errors = {};
  for (const { field, message } of issues) next[field as FieldName] ??= message;
  return next;
}

/** manage/codes (docs/product.md §2.14): find ranges, allot one to a workshop, delete an unused one. */
export function ManageCodesPage() {
  const fields = useRangeFields();
  const { workshop, serialNo, fromCode, toCode } = fields.values;
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const ranges = useQuery(codeQueries.all({ pageSize: PAGE_SIZE, pageNumber: page, ...filter }));
  const allot = useAllotCodes();
  const remove = useDeleteCodeRange();

  const applyFilter = () => {
    fields.setErrors({});
    setPage(1);
    setFilter(filterOf(fields.values));
  };

  const onAllot = async () => {
    const parsed = allotCodesRequestSchema.safeParse({
      userId: workshop?.id ?? '',
      fromCode,
      toCode,
      serialNo,
    });
    if (!parsed.success) {
      fields.setErrors(
        errorsOf(parsed.error.issues.map((i) => ({ field: String(i.path[0]), message: i.message }))),
      );
      return;
    }
    fields.setErrors({});
    try {
      const result = await allot.mutateAsync(parsed.data);
      alertSuccess(result.message);
      fields.clearNumbers();
      setPage(1);
      setFilter({ userId: parsed.data.userId });
      await ranges.refetch();
    } catch (error) {
      // The server's last word on a field stands.
      if (error instanceof ApiError) fields.setErrors(errorsOf([...error.fieldErrors].reverse()));
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

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <RangeForm
        fields={fields}
        onSearch={applyFilter}
        onAllot={() => void onAllot()}
        allotting={allot.isPending}
      />
      <Group justify="flex-end">
        <ExportButton name="manageCodes" filters={filter} />
      </Group>
      <RangesTable
        data={ranges.data}
        loading={ranges.isPending}
        page={page}
        onPage={setPage}
        onDelete={(range) => void onDelete(range)}
        deleting={remove.isPending}
      />
    </Stack>
  );
}
