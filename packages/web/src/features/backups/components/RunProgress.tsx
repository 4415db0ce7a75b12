import { Group, Progress, Stack, Text } from '@mantine/core';
import type { BackupRun } from '@ayar/contract';
import { STEP_LABELS, progressPercent, progressText } from '../format.ts';

/**
 * How far a running backup is: its step and a bar with the share done. The bar is a progressbar named by
 * the step, its value text in Persian digits (Mantine's own says «37%» in Latin ones); with no total yet
 * it is striped and has no value, so a screen reader does not announce a made-up share.
 */
export function RunProgress({ progress }: { progress: BackupRun['progress'] }) {
  if (!progress) {
    return (
      <Text size="sm" c="dimmed">
        در حال آغاز…
      </Text>
    );
  }
  const percent = progressPercent(progress);
  const text = progressText(progress);
  const step = STEP_LABELS[progress.step];
  return (
    <Stack gap={4} miw={180}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{step}</Text>
        {/* Not set left to right as a whole: «۳ از ۱۲» reads from the right like the sentence around it. */}
        <Text size="xs" c="dimmed">
          {text}
        </Text>
      </Group>
      <Progress.Root size="md" radius="xl">
        <Progress.Section
          value={percent ?? 100}
          striped={percent === null}
          animated={percent === null}
          color="gold.6"
          withAria={false}
          role="progressbar"
          aria-label={`پیشرفت پشتیبان‌گیری: ${step}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent ?? undefined}
          aria-valuetext={text}
        />
      </Progress.Root>
    </Stack>
  );
}
