import { Group, Progress, Text } from '@mantine/core';
import { usageColor, usagePercent } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';

const COLORS = { green: 'green.7', yellow: 'yellow.6', red: 'red.7' } as const;
const WORDS = { green: 'کم', yellow: 'نزدیک به پایان', red: 'رو به اتمام' } as const;

/**
 * Codes used of those allotted: green below 60 %, amber from 60 to under 80, red from 80 (docs/product.md
 * §2.7).
 */
export function UsageGauge({ used, total, w = 120 }: { used: number; total: number; w?: number | string }) {
  const percent = usagePercent(used, total);
  const color = usageColor(percent);
  const label = `مصرف کد ${percent.toLocaleString('fa-IR')}٪ (${WORDS[color]})`;
  return (
    <Group gap={8} wrap="nowrap" w={w} title={label}>
      <Progress
        value={Math.min(100, percent)}
        color={COLORS[color]}
        size="lg"
        radius="xl"
        style={{ flex: 1 }}
        aria-label={label}
        data-color={color}
      />
      <Text size="xs" fw={600} miw={38} ta="end">
        <Ltr>{`${percent.toLocaleString('fa-IR', { maximumFractionDigits: 0 })}٪`}</Ltr>
      </Text>
    </Group>
  );
}
