import { Fragment } from 'react';
import type { ComponentPropsWithoutRef, MouseEvent, ReactNode } from 'react';
import { Paper, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { PaperProps, TableProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
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

/** What inside a row or card handles its own click (a delete button, the item's own link, a field). */
const CONTROLS =
  'a[href], button, input, select, textarea, label, [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="combobox"]';

/**
 * Spread on a table row or a card that a click anywhere opens: a shortcut for the mouse and touch to what
 * its `OpenItem` does, the control keyboards and screen readers use. The row is no control itself (no role,
 * no place in the tab order), so the controls inside it stay reachable and keep their own names. A click on
 * one of them, one that ends a text selection, or one that bubbled up from a portal (a dialog) is left alone.
 */
export function clickableRow(open: () => void) {
  return {
    style: { cursor: 'pointer' },
    onClick: (e: MouseEvent<HTMLElement>) => {
      const row = e.currentTarget;
      const target = e.target instanceof Element ? e.target : null;
      if (!target || !row.contains(target)) return;
      const control = target.closest(CONTROLS);
      if (control && control !== row && row.contains(control)) return;
      if (window.getSelection()?.toString()) return;
      open();
    },
  };
}

interface OpenItemProps {
  /** The accessible name, which must contain the text shown, e.g. «مشخصات حسن طلافروش». */
  label: string;
  /** The item's main text (its name or number), which keeps the look of the text around it. */
  children: ReactNode;
  /** Where the item opens: a real link (new tab and middle click work) … */
  to?: string;
  /** … or what opens it in place (a dialog). */
  onOpen?: () => void;
}

/**
 * The control that opens a row's item: its main text made a link or a button, with no chrome but the focus
 * ring. A row or card around it may add `clickableRow` for the mouse.
 */
export function OpenItem({ label, children, to, onOpen }: OpenItemProps) {
  const look = { font: 'inherit', color: 'inherit' };
  return to !== undefined ? (
    <UnstyledButton component={Link} to={to} aria-label={label} style={look}>
      {children}
    </UnstyledButton>
  ) : (
    <UnstyledButton onClick={onOpen} aria-label={label} style={look}>
      {children}
    </UnstyledButton>
  );
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
      <Stack component="ul" gap="xs" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((item) => (
          <li key={item.id}>{card(item)}</li>
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
