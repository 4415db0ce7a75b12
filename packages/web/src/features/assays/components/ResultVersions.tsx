import { Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { SectionCard } from '../../../components/ui/SectionCard.tsx';
import { useQuery } from '@tanstack/react-query';
import type { ResultVersion } from '@ayar/contract';
import { useIsDesktop } from '../../../components/ui/ListTable.tsx';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { FOCUSABLE_SCROLL } from '../../../components/ui/tableScroll.ts';
import { formatJalaliDateTime, SEP, toPersianDigits } from '../../../lib/format.ts';
import type { assayQueries } from '../api.ts';

const STATUS: Record<ResultVersion['status'], { label: string; color: string }> = {
  published: { label: 'منتشر شده', color: 'green' },
  withdrawn: { label: 'باطل شده', color: 'red' },
  deleted: { label: 'حذف شده', color: 'gray' },
};

const BY_ROLE: Record<'admin' | 'workshop', string> = { admin: 'مدیر', workshop: 'آزمایشگاه' };

function VersionRow({ version, current }: { version: ResultVersion; current: boolean }) {
  const status = STATUS[version.status];
  return (
    <Table.Tr>
      <Table.Td>
        <Ltr>{toPersianDigits(version.version)}</Ltr>
      </Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
        {current ? (
          <Text span size="xs" c="dimmed" ms={6}>
            (فعلی)
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{version.purity === null ? '—' : <Ltr>{toPersianDigits(version.purity)}</Ltr>}</Table.Td>
      <Table.Td>
        <Ltr>{formatJalaliDateTime(version.at)}</Ltr>
      </Table.Td>
      <Table.Td>{version.byRole ? BY_ROLE[version.byRole] : '—'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'normal', minInlineSize: 160 }}>{version.reason ?? '—'}</Table.Td>
    </Table.Tr>
  );
}

/** A version on a phone: what the table's row says, in three short lines. */
function VersionItem({ version, current }: { version: ResultVersion; current: boolean }) {
  const status = STATUS[version.status];
  return (
    <Stack component="li" gap={2} py="xs" style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={700}>
            نسخهٔ <Ltr>{toPersianDigits(version.version)}</Ltr>
          </Text>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
          {current ? (
            <Text span size="xs" c="dimmed">
              (فعلی)
            </Text>
          ) : null}
        </Group>
        <Text size="sm" fw={700}>
          {version.purity === null ? (
            '—'
          ) : (
            <>
              عیار <Ltr>{toPersianDigits(version.purity)}</Ltr>
            </>
          )}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        <Ltr>{formatJalaliDateTime(version.at)}</Ltr>
        {version.byRole ? `${SEP}${BY_ROLE[version.byRole]}` : ''}
      </Text>
      {version.reason ? <Text size="sm">علت: {version.reason}</Text> : null}
    </Stack>
  );
}

/** The versions as a table on a desktop, a list on a phone (six columns do not fit 390 px). */
function VersionsView({ list }: { list: readonly ResultVersion[] }) {
  const desktop = useIsDesktop();
  const isCurrent = (index: number) => index === list.length - 1;
  if (!desktop) {
    return (
      <Stack
        component="ul"
        gap={0}
        aria-labelledby="result-versions"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {list.map((version, index) => (
          <VersionItem key={version.version} version={version} current={isCurrent(index)} />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={620} {...FOCUSABLE_SCROLL}>
      <Table striped verticalSpacing="xs" aria-labelledby="result-versions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>نسخه</Table.Th>
            <Table.Th>وضعیت</Table.Th>
            <Table.Th>عیار</Table.Th>
            <Table.Th>زمان</Table.Th>
            <Table.Th>توسط</Table.Th>
            <Table.Th>علت</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((version, index) => (
            <VersionRow key={version.version} version={version} current={isCurrent(index)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The result's signed versions (ADR 0029: labs and admins see the whole history, old values included):
 * each version, its status, purity, when, by whom and why. The public sees only the current one.
 */
export function ResultVersions({
  query,
}: {
  query: ReturnType<typeof assayQueries.versions> | ReturnType<typeof assayQueries.manageVersions>;
}) {
  const versions = useQuery(query);
  const list = versions.data?.list ?? [];
  return (
    <SectionCard id="result-versions" title="نسخه‌های نتیجه">
      {versions.isPending ? (
        <Skeleton height={72} role="status" aria-label="در حال بارگذاری نسخه‌ها" />
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {versions.isError ? 'نسخه‌ها بارگذاری نشد.' : 'هنوز نتیجه‌ای منتشر نشده است.'}
        </Text>
      ) : (
        <VersionsView list={list} />
      )}
    </SectionCard>
  );
}
