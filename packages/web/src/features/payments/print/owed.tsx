import { formatGrams, formatToman } from '@ayar/contract';
import type { GoldMoney } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';

/** Who owes an amount: positive the customer (بدهکار), negative the lab (بستانکار). */
const side = (value: number) => (value > 0 ? ' بدهکار' : value < 0 ? ' بستانکار' : '');

/**
 * A balance as the papers' summaries print it: gold and money on their own lines, without a sign, and
 * whether the customer owes (بدهکار) or is owed (بستانکار), which reads more plainly than a minus.
 */
export function Owed({ value }: { value: GoldMoney }) {
  return (
    <>
      <div>
        <Ltr>{formatGrams(Math.abs(value.goldMg))}</Ltr> گرم{side(value.goldMg)}
      </div>
      <div>
        <Ltr>{formatToman(Math.abs(value.money))}</Ltr> تومان{side(value.money)}
      </div>
    </>
  );
}
