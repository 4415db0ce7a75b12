import { Ltr } from '../../../components/ui/LtrText.tsx';
import { sizeParts } from '../format.ts';

/**
 * A size in the Persian sentence: the number left to right, the unit after it in the sentence's own
 * direction (a whole «۱۲٫۴ مگابایت» set left to right would put the unit first).
 */
export function Size({ bytes }: { bytes: number }) {
  const { amount, unit } = sizeParts(bytes);
  return (
    <>
      <Ltr>{amount}</Ltr> {unit}
    </>
  );
}
