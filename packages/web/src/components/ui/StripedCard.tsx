import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';
import type { MantineColor } from '@mantine/core';

/**
 * One entry of a list of records, with a stripe at its inline start whose colour tells its kind or
 * state at a glance, before its text is read.
 */
export function StripedCard({ color, children }: { color: MantineColor; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      style={{ borderInlineStartWidth: 4, borderInlineStartColor: `var(--mantine-color-${color}-6)` }}
    >
      {children}
    </Paper>
  );
}
