import { toEnglishDigits } from '@ayar/contract';
import { DigitsInput } from '../../../components/ui/DigitsInput.tsx';
import type { DigitsInputProps } from '../../../components/ui/DigitsInput.tsx';

/**
 * What a person typed as grams, cleaned as they type: Persian/Arabic digits become English, '٫' and '/'
 * (the Persian keyboard's decimal key) become '.', one decimal point, at most three decimals.
 */
export function cleanGrams(input: string): string {
  const text = toEnglishDigits(input).replace(/[\u066b/]/g, '.');
  let out = '';
  let dot = false;
  let decimals = 0;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') {
      if (dot) {
        if (decimals >= 3) continue;
        decimals += 1;
      }
      out += ch;
    } else if (ch === '.' && !dot) {
      dot = true;
      out += out === '' ? '0.' : '.';
    }
  }
  return out;
}

/** A weight in grams with up to three decimals (SPEC.md 1: gold shows up to 3 decimals). */
export function GramsInput(props: Omit<DigitsInputProps, 'digitsOnly'>) {
  const { onChange, ...rest } = props;
  return (
    <DigitsInput
      inputMode="decimal"
      {...rest}
      digitsOnly={false}
      onChange={(v) => onChange?.(cleanGrams(v))}
    />
  );
}
