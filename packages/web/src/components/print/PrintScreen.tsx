import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Letterhead as LetterheadData } from '@ayar/contract';
import { Ltr } from '../ui/LtrText.tsx';
import { formatJalaliDateTime, toPersianDigits } from '../../lib/format.ts';
import classes from './print.module.css';

export { classes as printClasses };

/**
 * The A4 page box of every paper, with «صفحه ۱ از ۳» at the foot of each page (CSS paged media margin
 * boxes, which Chromium prints since version 131; `persian` is CSS's own counter style).
 */
const PAGE_CSS = `@page {
  size: A4 portrait;
  margin: 14mm 12mm 16mm;
  @bottom-center {
    content: "صفحه " counter(page, persian) " از " counter(pages, persian);
    font-family: Vazirmatn, Tahoma, sans-serif;
    font-size: 8.5pt;
    color: #333;
    direction: rtl;
  }
}`;

/**
 * A printable paper's screen, outside the shell like the slip (frame `slip`): a toolbar (hidden in
 * print) with the title, «بازگشت», the paper's own controls and «چاپ»; then the A4 sheet, or why there
 * is none.
 */
export function PrintScreen({
  title,
  back,
  controls,
  loading,
  error,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  controls?: ReactNode;
  loading: boolean;
  error: string | null;
  children: ReactNode;
}) {
  const ready = !loading && error === null;
  return (
    <main className={classes.page}>
      <style>{PAGE_CSS}</style>
      <Stack className={classes.toolbar} gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text component="h1" fw={700} fz="lg" m={0}>
            {title}
          </Text>
          <Group gap="xs">
            <Button component={Link} to={back.to} variant="subtle" size="sm">
              {back.label}
            </Button>
            <Button onClick={() => window.print()} disabled={!ready} size="sm">
              چاپ
            </Button>
          </Group>
        </Group>
        {controls}
      </Stack>
      {loading ? (
        <Group justify="center" py="xl" gap="sm" role="status">
          <Loader size="sm" />
          <Text c="dimmed">در حال دریافت...</Text>
        </Group>
      ) : error !== null ? (
        <Alert color="red" variant="light" role="alert" maw={560} mx="auto">
          {error}
        </Alert>
      ) : (
        <article className={classes.sheet} aria-label={title}>
          {children}
        </article>
      )}
    </main>
  );
}

/**
 * The lab's letterhead at the top of a paper: its name, manager, address, phones and codes from the
 * workshop's own record, and the paper's title with the Jalali date and time it was printed.
 */
export function Letterhead({
  head,
  title,
  printedAt,
}: {
  head: LetterheadData;
  title: string;
  printedAt: Date;
}) {
  const phones = [head.phone, head.cellPhone].filter((p): p is string => Boolean(p));
  return (
    <header className={classes.letterhead}>
      <div>
        <div className={classes.labName}>{head.labName}</div>
        <div className={classes.headLines}>
          {head.managerName ? <div>مدیر: {head.managerName}</div> : null}
          {head.address ? <div>نشانی: {toPersianDigits(head.address)}</div> : null}
          {phones.length > 0 ? (
            <div>
              تلفن:{' '}
              {phones.map((p, i) => (
                <span key={p}>
                  {i > 0 ? '، ' : null}
                  <Ltr>{toPersianDigits(p)}</Ltr>
                </span>
              ))}
            </div>
          ) : null}
          <div>
            {head.workshopCode !== null ? (
              <>
                کد آزمایشگاه: <Ltr>{toPersianDigits(head.workshopCode)}</Ltr>
              </>
            ) : null}
            {head.rejeCode ? (
              <>
                {head.workshopCode !== null ? ' | ' : null}
                کد مرجع: <Ltr>{toPersianDigits(head.rejeCode)}</Ltr>
              </>
            ) : null}
          </div>
        </div>
      </div>
      <div className={classes.paperTitle}>
        <h2>{title}</h2>
        <div className={classes.printedAt}>
          تاریخ چاپ: <Ltr>{formatJalaliDateTime(printedAt)}</Ltr>
        </div>
      </div>
    </header>
  );
}

/** One «label: value» of the facts under the letterhead. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <span>{label}:</span>
      <span>{children}</span>
    </div>
  );
}
