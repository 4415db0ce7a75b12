import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatToman } from '@ayar/contract';

export interface MoneyTotalsProps {
  totalCredit: number;
  totalBuy: number;
  totalBalance: number;
}

/** The workshop's account: accepted credit, what numbers cost it, and the balance (docs/product.md §5.6). */
export function MoneyTotals({ totalCredit, totalBuy, totalBalance }: MoneyTotalsProps) {
  const items = [
    { label: 'مجموع شارژ تأیید شده', value: totalCredit, color: undefined },
    { label: 'خرید شماره بسته', value: totalBuy, color: undefined },
    { label: 'موجودی', value: totalBalance, color: totalBalance > 0 ? 'green' : 'red' },
  ];
  return (
    <SimpleGrid cols={{ base: 3 }} spacing="xs">
      {items.map((item) => (
        <Paper key={item.label} withBorder radius="md" p="xs" ta="center">
          <Text size="xs" c="dimmed" lh={1.4}>
            {item.label}
          </Text>
          <Text fw={700} fz={{ base: 'sm', sm: 'lg' }} c={item.color}>
            {formatToman(item.value)}
          </Text>
          <Text size="xs" c="dimmed">
            تومان
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
