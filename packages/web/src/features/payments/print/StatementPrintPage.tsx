import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  STATEMENT_KIND_TEXT,
  formatGrams,
  formatToman,
  gregorianToJalali,
  isGregorianDate,
  jalaliToGregorian,
  toPersianDigits,
  todayGregorianInTehran,
  todayJalali,
} from '@ayar/contract';
import type { GoldMoney, StatementEntry, StatementResponse } from '@ayar/contract';
import { Fact, Letterhead, PrintScreen, printClasses as c } from '../../../components/print/PrintScreen.tsx';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { printQueries } from '../../../lib/queries/print.ts';
import { href } from '../../../lib/screens.ts';
import { StatementRangeForm } from './StatementRangeForm.tsx';
import { Owed } from './owed.tsx';

const jalali = (gregorian: string) => toPersianDigits(gregorianToJalali(gregorian) ?? '');
const grams = (mg: number) => <Ltr>{formatGrams(mg)}</Ltr>;
const toman = (value: number) => <Ltr>{formatToman(value)}</Ltr>;

/** The range in the address (?from=&to=, Gregorian), else this Jalali year up to today. */
function useRange() {
  const [params, setParams] = useSearchParams();
  const today = todayGregorianInTehran();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const given = isGregorianDate(from) && isGregorianDate(to);
  const range = given
    ? { from, to }
    : { from: jalaliToGregorian(`${todayJalali().slice(0, 4)}/01/01`) ?? today, to: today };
  return { range, apply: (next: { from: string; to: string }) => setParams(next) };
}

function describe(entry: StatementEntry) {
  const what = STATEMENT_KIND_TEXT[entry.kind];
  if (entry.kind === 'fee' && entry.docNumber !== null)
    return (
      <>
        {what} بسته <Ltr>{toPersianDigits(entry.docNumber)}</Ltr>
      </>
    );
  return entry.desc ? `${what}: ${toPersianDigits(entry.desc)}` : what;
}

function BalanceRow({ label, balance }: { label: string; balance: GoldMoney }) {
  return (
    <tr>
      <td colSpan={5}>
        <strong>{label}</strong>
      </td>
      <td className={c.num}>
        <strong>{grams(balance.goldMg)}</strong>
      </td>
      <td className={c.num}>
        <strong>{toman(balance.money)}</strong>
      </td>
    </tr>
  );
}

/** The statement's rows: the opening balance, each entry with the balance after it, the closing. */
function StatementTable({ data }: { data: StatementResponse }) {
  return (
    <table className={c.table} aria-label="ردیف‌های صورت‌حساب">
      <thead>
        <tr>
          <th>ردیف</th>
          <th>تاریخ</th>
          <th>شرح</th>
          <th>طلا (گرم)</th>
          <th>مبلغ (تومان)</th>
          <th>مانده طلا (گرم)</th>
          <th>مانده مبلغ (تومان)</th>
        </tr>
      </thead>
      <tbody>
        <BalanceRow label={`مانده از قبل (پیش از ${jalali(data.from)})`} balance={data.opening} />
        {data.entries.map((entry, i) => (
          <tr key={`${entry.kind}-${entry.id}`}>
            <td className={c.num}>
              <Ltr>{toPersianDigits(i + 1)}</Ltr>
            </td>
            <td className={c.num}>
              <Ltr>{jalali(entry.date)}</Ltr>
            </td>
            <td>{describe(entry)}</td>
            <td className={c.num}>{entry.goldMg === 0 ? '' : grams(entry.goldMg)}</td>
            <td className={c.num}>{entry.money === 0 ? '' : toman(entry.money)}</td>
            <td className={c.num}>{grams(entry.goldBalance)}</td>
            <td className={c.num}>{toman(entry.moneyBalance)}</td>
          </tr>
        ))}
        <BalanceRow label={`مانده پایان دوره (${jalali(data.to)})`} balance={data.closing} />
      </tbody>
    </table>
  );
}

/** The paper: letterhead, the customer and range, the totals, the rows, and what the signs mean. */
export function Statement({ data, printedAt }: { data: StatementResponse; printedAt: Date }) {
  const { totals } = data;
  return (
    <>
      <Letterhead head={data.letterhead} title="صورت‌حساب مشتری" printedAt={printedAt} />
      <div className={c.facts}>
        <Fact label="مشتری">
          {data.customer.name}
          {data.customer.deleted ? ' (حذف شده)' : ''}
        </Fact>
        <Fact label="کد مشتری">
          <Ltr>{toPersianDigits(data.customer.code)}</Ltr>
        </Fact>
        <Fact label="از تاریخ">
          <Ltr>{jalali(data.from)}</Ltr>
        </Fact>
        <Fact label="تا تاریخ">
          <Ltr>{jalali(data.to)}</Ltr>
        </Fact>
      </div>
      <div className={c.summary}>
        <div>
          <div>مانده ابتدای دوره</div>
          <div>
            <Owed value={data.opening} />
          </div>
        </div>
        <div>
          <div>
            اجرت <Ltr>{toPersianDigits(totals.testCount)}</Ltr> آزمایش
          </div>
          <div>
            <div>{grams(totals.fees.goldMg)} گرم</div>
            <div>{toman(totals.fees.money)} تومان</div>
          </div>
        </div>
        <div>
          <div>دریافت‌ها</div>
          <div>
            <div>{grams(totals.received.goldMg)} گرم</div>
            <div>{toman(totals.received.money)} تومان</div>
          </div>
        </div>
        <div>
          <div>پرداخت‌ها</div>
          <div>
            <div>{grams(totals.paid.goldMg)} گرم</div>
            <div>{toman(totals.paid.money)} تومان</div>
          </div>
        </div>
        <div>
          <div>مانده پایان دوره</div>
          <div data-testid="statement-closing">
            <Owed value={data.closing} />
          </div>
        </div>
      </div>
      <StatementTable data={data} />
      <p className={c.note}>
        مانده = مانده از قبل + اجرت آزمایش‌ها − دریافت‌ها + پرداخت‌ها. عدد مثبت یعنی مشتری بدهکار است و عدد
        منفی یعنی آزمایشگاه بدهکار است.
      </p>
    </>
  );
}

/**
 * customer/statement/:id (docs/product.md §5.7): a customer's statement for a Jalali range, A4, with
 * the range form above it (not printed).
 */
export function StatementPrintPage() {
  const { id = '' } = useParams();
  const { range, apply } = useRange();
  const statement = useQuery({ ...printQueries.statement({ cid: id, ...range }), enabled: id !== '' });
  return (
    <PrintScreen
      title="صورت‌حساب مشتری"
      back={{ to: href('pay/add'), label: 'بازگشت به دریافت و پرداخت' }}
      controls={<StatementRangeForm key={`${range.from}-${range.to}`} {...range} onApply={apply} />}
      loading={statement.isPending}
      error={statement.isError ? statement.error.message : null}
    >
      {statement.data ? (
        <Statement data={statement.data} printedAt={new Date(statement.dataUpdatedAt)} />
      ) : null}
    </PrintScreen>
  );
}
