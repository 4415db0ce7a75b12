import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';

export interface LabelValueRowProps {
  label: string;
  children: ReactNode;
  /** Tighter, under a dashed rule: for details packed inside a small panel, such as a result's. */
  dense?: boolean;
}

/** One line of a details list: the label at the start, dimmed, and its value at the end. */
export function LabelValueRow({ label, children, dense = false }: LabelValueRowProps) {
  return (
    <Group
      justify="space-between"
      gap={dense ? 'xs' : 'md'}
      wrap="nowrap"
      py={dense ? 4 : 6}
      style={{
        borderBlockEnd: dense
          ? '1px dashed var(--mantine-color-gray-3)'
          : '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="end">
        {children}
      </Text>
    </Group>
  );
}
