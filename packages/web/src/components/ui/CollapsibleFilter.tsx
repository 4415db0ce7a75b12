import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Collapse, Group, Paper } from '@mantine/core';
import type { MantineSpacing } from '@mantine/core';
import { IconAdjustments } from './icons.tsx';

export interface CollapsibleFilterProps {
  /** The panel's id, for the toggle's `aria-controls`. */
  id: string;
  /** A filter narrows the list now: the toggle says so, for the panel may be closed. */
  active: boolean;
  /** The screen's buttons at the other end of the toolbar (e.g. «افزودن …»). */
  actions?: ReactNode;
  gap?: MantineSpacing;
  /** The filter's fields. */
  children: ReactNode;
}

/**
 * A list's toolbar: «فیلتر» opens and closes the filter panel under it, so the list keeps the screen
 * until the user asks for the filters.
 */
export function CollapsibleFilter({ id, active, actions, gap, children }: CollapsibleFilterProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Group justify="space-between" gap={gap}>
        <Button
          variant="default"
          leftSection={<IconAdjustments size={18} />}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={id}
        >
          فیلتر{active ? ' (فعال)' : ''}
        </Button>
        {actions}
      </Group>
      <Collapse expanded={open} id={id}>
        <Paper withBorder radius="lg" p="md">
          {children}
        </Paper>
      </Collapse>
    </>
  );
}
