import { useState } from 'react';
import { Anchor, Card, Group, Loader, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { UI } from '@ayar/contract';
import type { PublicLabOwner } from '@ayar/contract';
import { PublicLayout } from '../../components/layout/PublicLayout.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { Paginator } from '../../components/ui/Paginator.tsx';
import { IconPhone, IconSearch } from '../../components/ui/icons.tsx';
import { toPersianDigits } from '../../lib/format.ts';
import { workshopQueries } from './api.ts';

const PUBLIC_PAGE_SIZE = 100;

function PhoneLink({ number }: { number: string | null }) {
  if (!number)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <Anchor href={`tel:${number.replace(/[^\d+]/g, '')}`} c="ink.7">
      <Ltr>{toPersianDigits(number)}</Ltr>
    </Anchor>
  );
}

function PublicLabsTable({ rows }: { rows: readonly PublicLabOwner[] }) {
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>نام - نام مدیر</Table.Th>
            <Table.Th>تلفن</Table.Th>
            <Table.Th>موبایل</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={`${row.fName}-${index}`}>
              <Table.Td>
                <Text fw={600} span>
                  {row.fName}
                </Text>
                {row.fullName && (
                  <Text span c="dimmed">
                    {' - '}
                    {row.fullName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <PhoneLink number={row.phone} />
              </Table.Td>
              <Table.Td>
                <PhoneLink number={row.cellPhone} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function PublicLabsCards({ rows }: { rows: readonly PublicLabOwner[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row, index) => (
        <Card component="li" key={`${row.fName}-${index}`} withBorder radius="md" padding="sm">
          <Text fw={600}>{row.fName}</Text>
          {row.fullName && (
            <Text size="sm" c="dimmed">
              مدیر: {row.fullName}
            </Text>
          )}
          <Group gap="lg" mt={6}>
            <Group gap={4} wrap="nowrap">
              <IconPhone size={16} />
              <Text size="sm" span>
                تلفن: <PhoneLink number={row.phone} />
              </Text>
            </Group>
            <Text size="sm" span>
              موبایل: <PhoneLink number={row.cellPhone} />
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** lab-owners (docs/product.md §2.4): the public list of labs, 100 a page, active ones first. */
export function LabOwnersPage() {
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedName] = useDebouncedValue(name.trim(), 300);
  const isDesktop = useMediaQuery(`(min-width: ${UI.desktopMinWidth}px)`) ?? false;
  const query = useQuery(
    workshopQueries.publicList({ name: debouncedName, pageNumber: page, pageSize: PUBLIC_PAGE_SIZE }),
  );
  const data = query.data;

  return (
    <PublicLayout title="لیست آزمایشگاه‌ها">
      <Stack gap="md">
        <TextInput
          label="جستجوی نام آزمایشگاه یا مدیر"
          placeholder="مثلاً: زرین"
          leftSection={<IconSearch size={18} />}
          rightSection={query.isFetching ? <Loader size={16} /> : null}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setPage(1);
          }}
        />
        {data && (
          <Paginator
            page={data.currPage}
            pageSize={data.pageSize}
            total={data.totalCount}
            onChange={setPage}
          />
        )}
        {query.isPending && (
          <Group justify="center" py="xl">
            <Loader />
          </Group>
        )}
        {data && data.list.length === 0 && (
          <Paper withBorder radius="lg" p="xl" ta="center">
            <Text c="dimmed">
              {debouncedName ? 'آزمایشگاهی با این نام پیدا نشد.' : 'هنوز آزمایشگاهی ثبت نشده است.'}
            </Text>
          </Paper>
        )}
        {data && data.list.length > 0 && isDesktop && <PublicLabsTable rows={data.list} />}
        {data && data.list.length > 0 && !isDesktop && <PublicLabsCards rows={data.list} />}
        {data && data.totalCount > data.pageSize && (
          <Paginator
            page={data.currPage}
            pageSize={data.pageSize}
            total={data.totalCount}
            onChange={setPage}
          />
        )}
      </Stack>
    </PublicLayout>
  );
}
