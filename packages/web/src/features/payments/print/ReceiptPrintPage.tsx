import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PAY_TYPE_TEXT, formatGrams, formatToman, gregorianToJalali, toPersianDigits } from '@ayar/contract';
import type { Letterhead as LetterheadData, PayItem } from '@ayar/contract';
import { Letterhead, PrintScreen, printClasses as c } from '../../../components/print/PrintScreen.tsx';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { formatJalaliDateTime } from '../../../lib/format.ts';
import { printQueries } from '../../../lib/queries/print.ts';
import { href } from '../../../lib/screens.ts';
import { paymentQueries } from '../api.ts';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

/** One receipt (the lab received) or payment (the lab paid out), with places for both signatures. */
export function Receipt({
  pay,
  head,
  customerName,
  printedAt,
}: {
  pay: PayItem;
  head: LetterheadData;
  customerName: string;
  printedAt: Date;
}) {
  const receipt = pay.type === 1;
  return (
    <>
      <Letterhead head={head} title={`رسید ${PAY_TYPE_TEXT[pay.type]}`} printedAt={printedAt} />
      <p>
        {receipt
          ? `آزمایشگاه ${head.labName} مقادیر زیر را از ${customerName} دریافت کرد.`
          : `آزمایشگاه ${head.labName} مقادیر زیر را به ${customerName} پرداخت کرد.`}
      </p>
      <table className={c.table} aria-label="رسید">
        <tbody>
          <Row label="مشتری">{customerName}</Row>
          <Row label="نوع">{receipt ? 'دریافت از مشتری' : 'پرداخت به مشتری'}</Row>
          <Row label="طلا">
            <Ltr>{formatGrams(pay.goldMg)}</Ltr> گرم
          </Row>
          <Row label="مبلغ">
            <Ltr>{formatToman(pay.money)}</Ltr> تومان
          </Row>
          <Row label="تاریخ">
            <Ltr>{toPersianDigits(gregorianToJalali(pay.date) ?? '')}</Ltr>
          </Row>
          <Row label="توضیحات">{pay.desc ? toPersianDigits(pay.desc) : '—'}</Row>
          <Row label="زمان ثبت">
            <Ltr>{formatJalaliDateTime(pay.createdAt)}</Ltr>
          </Row>
        </tbody>
      </table>
      <div className={c.signatures}>
        <div>امضای {receipt ? 'تحویل‌دهنده (مشتری)' : 'تحویل‌دهنده (آزمایشگاه)'}</div>
        <div>امضای {receipt ? 'تحویل‌گیرنده (آزمایشگاه)' : 'تحویل‌گیرنده (مشتری)'}</div>
      </div>
    </>
  );
}

/** pay/receipt/:customerId/:id (docs/product.md §2.13): one entry's receipt, A4. */
export function ReceiptPrintPage() {
  const { customerId = '', id = '' } = useParams();
  const pays = useQuery({ ...paymentQueries.pays(customerId), enabled: customerId !== '' });
  const head = useQuery(printQueries.letterhead());
  const pay = pays.data?.list.find((p) => p.id === id);
  const error =
    (pays.error ?? head.error)?.message ?? (pays.data && !pay ? 'این دریافت یا پرداخت پیدا نشد.' : null);
  return (
    <PrintScreen
      title="رسید"
      back={{ to: href('pay/add'), label: 'بازگشت به دریافت و پرداخت' }}
      loading={pays.isPending || head.isPending}
      error={error}
    >
      {pay && head.data && pays.data ? (
        <Receipt
          pay={pay}
          head={head.data}
          customerName={pays.data.customerName}
          printedAt={new Date(pays.dataUpdatedAt)}
        />
      ) : null}
    </PrintScreen>
  );
}
