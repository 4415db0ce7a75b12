import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Paper } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  DATE_RANGE_MSG,
  formatGrams,
  formatToman,
  gregorianToJalali,
  isGregorianDate,
  jalaliToGregorian,
  toEnglishDigits,
  toPersianDigits,
  todayGregorianInTehran,
} from '@ayar/contract';
import type { LabListRow } from '@ayar/contract';
import { Fact, Letterhead, PrintScreen, printClasses as c } from '../../components/print/PrintScreen.tsx';
import { JalaliDateInput } from '../../components/ui/JalaliDateInput.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { printQueries } from '../../lib/queries/print.ts';
import { href } from '../../lib/screens.ts';

const jalali = (gregorian: string) => toPersianDigits(gregorianToJalali(gregorian) ?? '');
const mg = (grams: number | null) => Math.round((grams ?? 0) * 1000);
/** The Tehran time of an instant, HH:mm with Persian digits. */
const timeOf = (iso: string) =>
  toPersianDigits(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tehran',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(iso)),
  );

/** A packet's fee as charged: toman for a fixed fee, grams of gold for a percentage. */
function fee(row: LabListRow) {
  if (row.vageType === 0)
    return (
      <>
        <Ltr>{formatGrams(mg(row.feeGold))}</Ltr> گرم
      </>
    );
  return (
    <>
      <Ltr>{formatToman(row.feeToman)}</Ltr> تومان
    </>
  );
}

function DayTable({ rows }: { rows: LabListRow[] }) {
  const weight = rows.reduce((sum, r) => sum + mg(r.weight), 0);
  const feeToman = rows.reduce((sum, r) => sum + (r.vageType === 1 ? r.feeToman : 0), 0);
  const feeGold = rows.reduce((sum, r) => sum + (r.vageType === 0 ? mg(r.feeGold) : 0), 0);
  return (
    <table className={c.table} aria-label="بسته‌های روز">
      <thead>
        <tr>
          <th>ردیف</th>
          <th>شماره</th>
          <th>مشتری</th>
          <th>نوع نمونه</th>
          <th>وزن طلا (گرم)</th>
          <th>عیار</th>
          <th>اجرت</th>
          <th>ساعت</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={row.id}>
            <td className={c.num}>
              <Ltr>{toPersianDigits(i + 1)}</Ltr>
            </td>
            <td className={c.num}>
              <Ltr>{toPersianDigits(row.docNumber)}</Ltr>
            </td>
            <td>{row.customerName}</td>
            <td>{row.typeName ?? ''}</td>
            <td className={c.num}>{row.weight === null ? '' : <Ltr>{formatGrams(mg(row.weight))}</Ltr>}</td>
            <td className={c.num}>
              {row.resultStatus === 'withdrawn' ? (
                'باطل شده'
              ) : row.cutting === null ? (
                'در انتظار'
              ) : (
                <Ltr>{toPersianDigits(row.cutting)}</Ltr>
              )}
            </td>
            <td className={c.num}>{fee(row)}</td>
            <td className={c.num}>
              <Ltr>{timeOf(row.date)}</Ltr>
            </td>
          </tr>
        ))}
        <tr>
          <td colSpan={4}>
            <strong>
              جمع <Ltr>{toPersianDigits(rows.length)}</Ltr> بسته
            </strong>
          </td>
          <td className={c.num}>
            <strong>
              <Ltr>{formatGrams(weight)}</Ltr>
            </strong>
          </td>
          <td />
          <td className={c.num} colSpan={2}>
            <strong>
              <Ltr>{formatToman(feeToman)}</Ltr> تومان
              {feeGold > 0 ? (
                <>
                  {' + '}
                  <Ltr>{formatGrams(feeGold)}</Ltr> گرم
                </>
              ) : null}
            </strong>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** The day to print: a Jalali date (today by default), not after today. */
function DayForm({ date }: { date: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(() => jalali(date));
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = jalaliToGregorian(toEnglishDigits(value));
    if (!next) return setError(DATE_RANGE_MSG.invalid);
    if (next > todayGregorianInTehran()) return setError('روز نمی‌تواند بعد از امروز باشد');
    setError(undefined);
    void navigate(href('lab/day', { date: next }));
  };
  return (
    <Paper withBorder radius="lg" p="md" component="form" onSubmit={onSubmit} noValidate aria-label="روز">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <JalaliDateInput
          label="روز"
          value={value}
          error={error}
          onChange={(v) => {
            setValue(v);
            setError(undefined);
          }}
        />
        <Button type="submit" variant="light" mt={26}>
          نمایش
        </Button>
      </Group>
    </Paper>
  );
}

/** lab/day/:date (docs/product.md §2.11): every packet registered on one Tehran day, with totals, A4. */
export function DayPacketsPrintPage() {
  const param = useParams().date ?? '';
  const date = isGregorianDate(param) ? param : todayGregorianInTehran();
  const day = useQuery(printQueries.day(date));
  const head = useQuery(printQueries.letterhead());
  const error = day.error ?? head.error;
  return (
    <PrintScreen
      title="بسته‌های روز"
      back={{ to: href('lab/list'), label: 'بازگشت به لیست' }}
      controls={<DayForm key={date} date={date} />}
      loading={day.isPending || head.isPending}
      error={error ? error.message : null}
    >
      {day.data && head.data ? (
        <>
          <Letterhead head={head.data} title="بسته‌های روز" printedAt={new Date(day.dataUpdatedAt)} />
          <div className={c.facts}>
            <Fact label="روز">
              <Ltr>{jalali(date)}</Ltr>
            </Fact>
            <Fact label="تعداد بسته">
              <Ltr>{toPersianDigits(day.data.length)}</Ltr>
            </Fact>
          </div>
          {day.data.length === 0 ? <p>در این روز بسته‌ای ثبت نشده است.</p> : <DayTable rows={day.data} />}
        </>
      ) : null}
    </PrintScreen>
  );
}
