import { Fragment } from 'react';
import type { ComponentPropsWithoutRef, KeyboardEvent, ReactNode } from 'react';
import { Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { PaperProps, TableProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { UI } from '@ayar/contract';
import { Paginator } from './Paginator.tsx';
import type { PaginatorProps } from './Paginator.tsx';

/** Desktop layouts (tables, open filters) from `UI.desktopMinWidth` up; phones get cards. */
export function useIsDesktop(): boolean {
  return useMediaQuery(`(min-width: ${UI.desktopMinWidth}px)`) ?? false;
}

interface EmptyStateProps {
  /** Why there is nothing to show. */
  children: ReactNode;
  /** What to do about it, e.g. a link that adds the first row. */
  action?: ReactNode;
}

/** The framed, centred «nothing here» of a list. */
function EmptyState({ children, action }: EmptyStateProps) {
  const text = <Text c="dimmed">{children}</Text>;
  return (
    <Paper withBorder radius="md" p="xl" ta="center">
      {action ? (
        <Stack align="center" gap="sm">
          {text}
          {action}
        </Stack>
      ) : (
        text
      )}
    </Paper>
  );
}

/** A row's card on phones: the same frame in every list, the screen fills it. */
export function ListCard(props: PaperProps & ComponentPropsWithoutRef<'div'>) {
  return <Paper withBorder radius="md" p="sm" {...props} />;
}

/**
 * What makes a table row or a card open its item: a place in the tab order, a name, a pointer, a click,
 * and Enter on the row itself (Space as well when it is a `role="button"` card, as a button would). A key
 * pressed on a control inside it (a delete button) is that control's, not the row's; a click on one must
 * stop there itself.
 */
export function rowOpener(label: string, open: () => void, role?: 'button' | 'link') {
  return {
    role,
    tabIndex: 0,
    'aria-label': label,
    style: { cursor: 'pointer' },
    onClick: open,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.target !== e.currentTarget) return;
      if (e.key === 'Enter' || (role === 'button' && e.key === ' ')) {
        e.preventDefault();
        open();
      }
    },
  };
}

export interface ListTableProps<T extends { id: string }> {
  rows: readonly T[];
  /** The first answer has not come yet. */
  loading: boolean;
  /** Stands in while loading; a block of 180 px when left out. */
  skeleton?: ReactNode;
  /** Said when there are no rows; a list that failed to load has none either, so the screen picks the words. */
  empty: ReactNode;
  emptyAction?: ReactNode;
  /** The desktop table's header cells. */
  head: ReactNode;
  /** A row's `<Table.Tr>` on desktop. */
  row: (item: T) => ReactNode;
  /** A row's card (`ListCard`) on phones. */
  card: (item: T) => ReactNode;
  /** Names both the table and the card list for assistive technology. */
  label?: string;
  /** A wide table scrolls sideways inside its frame instead of widening the page. */
  scroll?: boolean;
  /** Overrides of the table's look (spacing, header styles). */
  tableProps?: Omit<TableProps, 'children'>;
  /** The page links under the list; null where the screen shows none (e.g. before the first answer). */
  paging?: PaginatorProps | null;
}

/**
 * The body of a paged list: a skeleton while the first page loads, an empty state, the rows (a table on
 * desktop, cards on a phone, where a table's columns do not fit) and the paginator under them.
 */
export function ListTable<T extends { id: string }>({
  rows,
  loading,
  skeleton,
  empty,
  emptyAction,
  head,
  row,
  card,
  label,
  scroll,
  tableProps,
  paging,
}: ListTableProps<T>) {
  const isDesktop = useIsDesktop();
  let body: ReactNode;
  if (loading) {
    body = skeleton ?? <Skeleton height={180} radius="md" />;
  } else if (rows.length === 0) {
    body = <EmptyState action={emptyAction}>{empty}</EmptyState>;
  } else if (isDesktop) {
    body = (
      <Paper withBorder radius="md" style={scroll ? { overflowX: 'auto' } : undefined}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={label} {...tableProps}>
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((item) => (
              <Fragment key={item.id}>{row(item)}</Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="xs" aria-label={label}>
        {rows.map((item) => (
          <Fragment key={item.id}>{card(item)}</Fragment>
        ))}
      </Stack>
    );
  }
  return (
    <>
      {body}
      {paging ? <Paginator {...paging} /> : null}
    </>
  );
}
