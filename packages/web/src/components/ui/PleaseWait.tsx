import { Loader, Overlay, Paper, Stack, Text } from '@mantine/core';
import { MSG } from '@ayar/contract';
import { useShowLoading } from '../../lib/loading.ts';

/** «لطفاً صبر کنید...» over the page while API requests are in flight (after a short delay, no flicker). */
export function PleaseWait() {
  const visible = useShowLoading();
  if (!visible) return null;
  return (
    <Overlay fixed zIndex={900} backgroundOpacity={0.35} blur={1} center>
      <Paper radius="lg" shadow="lg" px="xl" py="lg" role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader color="gold" />
          <Text fw={500}>{MSG.pleaseWait}</Text>
        </Stack>
      </Paper>
    </Overlay>
  );
}
