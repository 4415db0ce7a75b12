import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { STORE_STATUS_TEXT, formatGrams, formatToman, toPersianDigits } from '@ayar/contract';
import type { StoreResponse } from '@ayar/contract';
import { Fact, Letterhead, PrintScreen, printClasses as c } from '../../../components/print/PrintScreen.tsx';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { printQueries } from '../../../lib/queries/print.ts';
import { href } from '../../../lib/screens.ts';

/** `:year` is a Jalali year, or `all` for all time. */
export function storeYearOf(param: string | undefined): number | undefined {
  const year = Number(param);
  return Number.isInteger(year) && year >= 1300 && year <= 1500 ? year : undefined;
}

function StoreTable({ data }: { data: StoreResponse }) {
  return (
    <table className={c.table} aria-label="گزارش صندوق">
      <thead>
        <tr>
          <th>ردیف</th>
          <th>مشتری</th>
          <th>کد</th>
          <th>مانده طلا (گرم)</th>
          <th>مانده مبلغ (تومان)</th>
          <th>تعداد آزمایش</th>
          <th>وضعیت</th>
        </tr>
      </thead>
      <tbody>
        {data.list.map((row, i) => (
          <tr key={row.customerId}>
            <td className={c.num}>
              <Ltr>{toPersianDigits(i + 1)}</Ltr>
            </td>
            <td>
              {row.customerFullName}
              {row.deleted ? ' (حذف شده)' : ''}
            </td>
            <td className={c.num}>
              <Ltr>{toPersianDigits(row.customerCode)}</Ltr>
            </td>
            <td className={c.num}>
              <Ltr>{formatGrams(row.goldRemain)}</Ltr>
            </td>
            <td className={c.num}>
              <Ltr>{formatToman(row.moneyRemain)}</Ltr>
            </td>
            <td className={c.num}>
              <Ltr>{toPersianDigits(row.testCount)}</Ltr>
            </td>
            <td>{STORE_STATUS_TEXT[row.status]}</td>
          </tr>
        ))}
        <tr>
          <td colSpan={3}>
            <strong>جمع کل</strong>
          </td>
          <td className={c.num}>
            <strong>
              <Ltr>{formatGrams(data.totalGoldRemain)}</Ltr>
            </strong>
          </td>
          <td className={c.num}>
            <strong>
              <Ltr>{formatToman(data.totalMoneyRemain)}</Ltr>
            </strong>
          </td>
          <td className={c.num}>
            <strong>
              <Ltr>{toPersianDigits(data.totalTestCount)}</Ltr>
            </strong>
          </td>
          <td />
        </tr>
      </tbody>
    </table>
  );
}

/** user/store/print/:year (docs/product.md §2.13, §5.7): every row of the fund report and its totals, A4. */
export function StorePrintPage() {
  const year = storeYearOf(useParams().year);
  const store = useQuery(printQueries.store(year));
  const head = useQuery(printQueries.letterhead());
  const error = store.error ?? head.error;
  const period = year ? `سال ${toPersianDigits(year)}` : 'همه سال‌ها';
  return (
    <PrintScreen
      title="گزارش صندوق"
      back={{ to: href('user/store'), label: 'بازگشت به گزارش صندوق' }}
      loading={store.isPending || head.isPending}
      error={error ? error.message : null}
    >
      {store.data && head.data ? (
        <>
          <Letterhead
            head={head.data}
            title="گزارش صندوق (مانده حساب)"
            printedAt={new Date(store.dataUpdatedAt)}
          />
          <div className={c.facts}>
            <Fact label="دوره">{period}</Fact>
            <Fact label="تعداد مشتریان">
              <Ltr>{toPersianDigits(store.data.totalCount)}</Ltr>
            </Fact>
          </div>
          {store.data.list.length === 0 ? (
            <p>در این دوره آزمایش یا دریافت و پرداختی برای مشتریان ثبت نشده است.</p>
          ) : (
            <StoreTable data={store.data} />
          )}
          <p className={c.note}>
            مانده = اجرت آزمایش‌ها − دریافت‌ها + پرداخت‌ها. مانده مثبت یعنی مشتری بدهکار است.
          </p>
        </>
      ) : null}
    </PrintScreen>
  );
}
