import type { FormEvent } from 'react';
import { Button, Group, Paper, SimpleGrid } from '@mantine/core';
import {
  gregorianToJalali,
  jalaliRangeToGregorian,
  statementRangeIssue,
  toPersianDigits,
} from '@ayar/contract';
import { JalaliRangeInputs, useJalaliRange } from '../../../components/ui/JalaliRangeInputs.tsx';

const jalali = (gregorian: string) => toPersianDigits(gregorianToJalali(gregorian) ?? '');

/**
 * The statement's range: two Jalali days, both needed, the first not after the second, the second not
 * after today, at most three years (the server's own rule, `statementRangeIssue`). `onApply` gets the
 * Gregorian days the API takes.
 */
export function StatementRangeForm({
  from,
  to,
  onApply,
}: {
  from: string;
  to: string;
  onApply: (range: { from: string; to: string }) => void;
}) {
  const range = useJalaliRange(() => ({ from: jalali(from), to: jalali(to) }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = jalaliRangeToGregorian(range.from, range.to, true);
    if (!result.ok) {
      range.setErrors(result.errors);
      return;
    }
    const issue = statementRangeIssue(result.fromDate!, result.toDate!);
    if (issue) {
      range.setErrors({ toDate: issue });
      return;
    }
    range.setErrors({});
    onApply({ from: result.fromDate!, to: result.toDate! });
  };
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label="بازه صورت‌حساب"
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs">
        <JalaliRangeInputs {...range.inputProps} />
        <Group align="flex-end">
          <Button type="submit" fullWidth variant="light">
            نمایش صورت‌حساب
          </Button>
        </Group>
      </SimpleGrid>
    </Paper>
  );
}
