import type { ReactNode } from 'react';
import { Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { SectionCard } from '../../../components/ui/SectionCard.tsx';
import {
  ASSAY_AUDIT_ACTIONS,
  DELETE_DECLINE_ACTION,
  TEST_TYPES,
  formatGrams,
  formatToman,
  toPersianDigits,
} from '@ayar/contract';
import type { TestHistoryItem } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { formatJalaliDateTime, SEP } from '../../../lib/format.ts';
import { useQuery } from '@tanstack/react-query';
import { assayQueries } from '../api.ts';

type Shown = ReactNode;
interface FieldView {
  label: string;
  show: (value: unknown) => Shown;
}

const num = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
};
const plain = (value: unknown): Shown => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'بله' : 'خیر';
  if (typeof value === 'number') return <Ltr>{toPersianDigits(value)}</Ltr>;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};
const purity = (value: unknown): Shown => {
  const n = num(value);
  return n === null ? 'بدون عیار' : <Ltr>{toPersianDigits(n)}</Ltr>;
};
/** Weights in the log are grams, or milligrams under a `…Mg` key. */
const grams =
  (milligrams: boolean) =>
  (value: unknown): Shown => {
    const n = num(value);
    if (n === null) return '—';
    return (
      <>
        <Ltr>{formatGrams(milligrams ? n : Math.round(n * 1000))}</Ltr> گرم
      </>
    );
  };
const minutes = (value: unknown): Shown => {
  const n = num(value);
  return n === null ? (
    '—'
  ) : (
    <>
      <Ltr>{toPersianDigits(n)}</Ltr> دقیقه
    </>
  );
};
const when = (value: unknown): Shown =>
  typeof value === 'string' && value ? <Ltr>{formatJalaliDateTime(value)}</Ltr> : '—';
const testType = (value: unknown): Shown => TEST_TYPES.find((t) => t.id === value)?.name ?? plain(value);

const toman = (value: unknown): Shown => {
  const n = num(value);
  return n === null ? (
    '—'
  ) : (
    <>
      <Ltr>{formatToman(n)}</Ltr> تومان
    </>
  );
};
const mobile = (value: unknown): Shown =>
  typeof value === 'string' && value ? <Ltr>{toPersianDigits(value)}</Ltr> : '—';

/**
 * The packet fields the log may carry (the server's audit snapshot, or the API's names), with their
 * Persian names, in the order they are shown. Keys not listed (ids) are left out.
 */
const FIELDS: Record<string, FieldView> = {
  purity: { label: 'عیار', show: purity },
  cutting: { label: 'عیار', show: purity },
  goldWeightMg: { label: 'وزن طلا', show: grams(true) },
  weight: { label: 'وزن طلا', show: grams(false) },
  sampleWeightMg: { label: 'وزن نمونه', show: grams(true) },
  sampleWeight: { label: 'وزن نمونه', show: grams(false) },
  readyTime: { label: 'زمان آماده شدن', show: minutes },
  deleted: { label: 'وضعیت', show: (v) => (v ? 'حذف شده' : 'فعال') },
  deleteRequested: { label: 'درخواست حذف', show: (v) => (v ? 'ثبت شد' : 'ندارد') },
  reason: { label: 'دلیل', show: plain },
  deleteRequestedAt: { label: 'درخواست حذف', show: when },
  deletedAt: { label: 'زمان حذف', show: when },
  docNumber: { label: 'شماره بسته', show: plain },
  otherOwnerName: { label: 'صاحب نمونه', show: plain },
  testFullName: { label: 'صاحب نمونه', show: plain },
  otherOwnerMobile: { label: 'موبایل صاحب نمونه', show: mobile },
  testMobile: { label: 'موبایل صاحب نمونه', show: mobile },
  testTypeId: { label: 'نوع نمونه', show: testType },
  type: { label: 'نوع نمونه', show: testType },
  feeToman: { label: 'اجرت', show: toman },
  feeGoldMg: { label: 'اجرت طلا', show: grams(true) },
  description: { label: 'توضیحات', show: plain },
  desc: { label: 'توضیحات', show: plain },
  startDate: { label: 'ثبت‌شده‌های پیش از', show: plain },
  removed: { label: 'تعداد حذف‌شده', show: plain },
};

const isBlank = (value: unknown) => value === null || value === 0 || value === '';
const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

interface Change {
  key: string;
  label: string;
  before: Shown | null;
  after: Shown | null;
}

/**
 * What changed in one log row: the known fields whose value differs (or, for a row with only one side,
 * the values it records). Unknown keys are left out: the log is for people, not a JSON dump.
 */
export function changesOf(item: Pick<TestHistoryItem, 'before' | 'after'>): Change[] {
  const before = asRecord(item.before);
  const after = asRecord(item.after);
  const changes: Change[] = [];
  const seenLabels = new Set<string>();
  for (const [key, view] of Object.entries(FIELDS)) {
    const hasBefore = before !== null && key in before;
    const hasAfter = after !== null && key in after;
    if (!hasBefore && !hasAfter) continue;
    const b = hasBefore ? before[key] : undefined;
    const a = hasAfter ? after[key] : undefined;
    if (hasBefore && hasAfter && JSON.stringify(b) === JSON.stringify(a)) continue;
    // A row with one side (a registration, a delete) shows only the values it has.
    if (hasBefore !== hasAfter && isBlank(hasBefore ? b : a)) continue;
    if (seenLabels.has(view.label)) continue;
    seenLabels.add(view.label);
    changes.push({
      key,
      label: view.label,
      before: hasBefore ? view.show(b) : null,
      after: hasAfter ? view.show(a) : null,
    });
  }
  return changes;
}

const actionLabel = (item: TestHistoryItem) =>
  item.actionLabel || (ASSAY_AUDIT_ACTIONS as Record<string, string>)[item.action] || item.action;
const actionColor = (action: string) =>
  action === DELETE_DECLINE_ACTION
    ? 'orange'
    : action.includes('delete') || action.includes('remove')
      ? 'red'
      : action.includes('purity')
        ? 'green'
        : action === 'assay.add'
          ? 'blue'
          : 'gray';

/** The packet's history (`GET /Manage/TestHistory`): who changed what and when, oldest first. */
export function PacketHistory({ testId }: { testId: string }) {
  const history = useQuery(assayQueries.history(testId));
  const list = history.data?.list ?? [];

  return (
    <SectionCard id="packet-history" title="تاریخچه بسته" gap="md">
      {history.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="در حال بارگذاری تاریخچه">
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {history.isError ? 'تاریخچه بارگذاری نشد.' : 'تغییری برای این بسته ثبت نشده است.'}
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={list.length - 1}>
          {list.map((item) => {
            const changes = changesOf(item);
            return (
              <Timeline.Item
                key={item.id}
                color={actionColor(item.action)}
                title={
                  <Text fw={600} size="sm">
                    {actionLabel(item)}
                  </Text>
                }
              >
                <Text size="xs" c="dimmed">
                  <Ltr>{formatJalaliDateTime(item.at)}</Ltr>
                  {SEP}
                  {item.actorName ?? 'سیستم'}
                </Text>
                {changes.length > 0 ? (
                  <Stack gap={2} mt={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {changes.map((c) => (
                      <Text key={c.key} size="sm" component="li">
                        {c.label}:{' '}
                        {c.before !== null && c.after !== null ? (
                          <>
                            <Text span c="dimmed" td="line-through">
                              {c.before}
                            </Text>{' '}
                            ←{' '}
                            <Text span fw={600}>
                              {c.after}
                            </Text>
                          </>
                        ) : (
                          <Text span fw={600}>
                            {c.after ?? c.before}
                          </Text>
                        )}
                      </Text>
                    ))}
                  </Stack>
                ) : null}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </SectionCard>
  );
}
