import { Group, Pagination, Text } from '@mantine/core';
import { pageCount, toPersianDigits } from '@ayar/contract';
import { Ltr } from './LtrText.tsx';

export interface PaginatorProps {
  /** The current page, from 1. */
  page: number;
  pageSize: number;
  /** Rows in the whole list (the response's `totalCount`). */
  total: number;
  onChange: (page: number) => void;
}

/**
 * «صفحه x از y» with the total («مجموع: n») and the page links of every paged list (docs/product.md §6.5:
 * pages = total / size rounded up, at least one). Persian digits; the links follow the RTL direction.
 */
export function Paginator({ page, pageSize, total, onChange }: PaginatorProps) {
  const pages = pageCount(total, pageSize);
  const current = Math.min(Math.max(1, page), pages);
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap" py="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        صفحه <Ltr>{toPersianDigits(current)}</Ltr> از <Ltr>{toPersianDigits(pages)}</Ltr>
        {' — '}
        مجموع: <Ltr>{toPersianDigits(total)}</Ltr>
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={current}
          onChange={onChange}
          size="sm"
          siblings={1}
          boundaries={1}
          getItemProps={(p) => ({ 'aria-label': `صفحه ${toPersianDigits(p)}`, children: toPersianDigits(p) })}
          getControlProps={(control) => ({
            'aria-label': CONTROL_LABELS[control],
          })}
        />
      )}
    </Group>
  );
}

const CONTROL_LABELS: Record<'first' | 'previous' | 'last' | 'next', string> = {
  first: 'صفحه اول',
  previous: 'صفحه قبل',
  next: 'صفحه بعد',
  last: 'صفحه آخر',
};
