import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import type { MantineSpacing } from '@mantine/core';

/**
 * A titled card section of a page (a packet's history, its result versions): a bordered paper that is
 * a `<section>` named by its heading, so screen readers list it among the page's regions.
 */
export function SectionCard({
  id,
  title,
  gap = 'sm',
  children,
}: {
  /** The heading's id, unique on the page: the section is labelled by it. */
  id: string;
  title: ReactNode;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap={gap}>
        <Title order={2} size="h5" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
