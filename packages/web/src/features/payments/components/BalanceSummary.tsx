import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatGrams, formatToman } from '@ayar/contract';
import type { CustomerBalance } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';

/**
 * What the customer owes and why: packet fees, receipts and payments, in gold and money (docs/product.md
 * §5.7).
 */
export function BalanceSummary({ balance }: { balance: CustomerBalance }) {
  const owesColor = (n: number) => (n > 0 ? 'red' : n < 0 ? 'green' : undefined);
  const cells: { label: string; gold: number; money: number; strong?: boolean }[] = [
    { label: 'اجرت آزمایش‌ها', gold: balance.feeGoldMg, money: balance.feeMoney },
    { label: 'دریافت‌ها', gold: balance.receivedGoldMg, money: balance.receivedMoney },
    { label: 'پرداخت‌ها', gold: balance.paidGoldMg, money: balance.paidMoney },
    { label: 'مانده', gold: balance.goldRemain, money: balance.moneyRemain, strong: true },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" aria-label="مانده حساب مشتری">
      {cells.map((c) => (
        <Paper
          key={c.label}
          withBorder
          radius="md"
          p="xs"
          ta="center"
          bg={c.strong ? 'var(--mantine-color-gray-0)' : undefined}
        >
          <Text size="xs" c="dimmed">
            {c.label}
          </Text>
          <Text
            fw={c.strong ? 800 : 600}
            c={c.strong ? owesColor(c.gold) : undefined}
            data-testid={c.strong ? 'gold-remain' : undefined}
          >
            <Ltr>{formatGrams(c.gold)}</Ltr> گرم
          </Text>
          <Text
            fw={c.strong ? 800 : 600}
            size="sm"
            c={c.strong ? owesColor(c.money) : undefined}
            data-testid={c.strong ? 'money-remain' : undefined}
          >
            <Ltr>{formatToman(c.money)}</Ltr> تومان
          </Text>
        </Paper>
      ))}
      <Text size="xs" c="dimmed" style={{ gridColumn: '1 / -1' }}>
        مانده مثبت یعنی مشتری بدهکار است؛ منفی یعنی آزمایشگاه به مشتری بدهکار است.
      </Text>
    </SimpleGrid>
  );
}
