import { useState, useSyncExternalStore } from 'react';
import { Affix, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { applyUpdate, subscribeUpdate, updateReady } from '../lib/sw-update.ts';

const never = () => false;

/**
 * «نسخهٔ تازه آماده است — به‌روزرسانی» (docs/glossary.md `updateReady`): a new version is loaded when the
 * person asks, and not while a form on the screen holds unsaved input (ADR 0026).
 */
export function UpdatePrompt() {
  // The build's prerender and the first paint have no service worker: nothing is offered there.
  const ready = useSyncExternalStore(subscribeUpdate, updateReady, never);
  const [later, setLater] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!ready || later) return null;

  const update = async () => {
    setBusy(true);
    const outcome = await applyUpdate();
    setBusy(false);
    setBlocked(outcome === 'unsaved');
  };

  return (
    // At the foot of the screen, 12 px from both inline edges (logical, so RTL needs nothing else).
    <Affix position={{ bottom: 16 }} style={{ insetInline: 12 }} zIndex={310}>
      <Paper
        shadow="xl"
        radius="lg"
        p="sm"
        withBorder
        maw={460}
        mx="auto"
        role="region"
        aria-labelledby="update-title"
      >
        <Group wrap="nowrap" gap="sm" align="center">
          <Stack gap={2} style={{ flex: 1 }}>
            <Text id="update-title" fw={700} size="sm">
              نسخهٔ تازه آماده است
            </Text>
            <Text size="xs" c={blocked ? 'red.9' : 'dimmed'} role={blocked ? 'alert' : undefined}>
              {blocked
                ? 'فرمی با اطلاعات ذخیره‌نشده باز است؛ آن را ثبت یا رها کنید و دوباره «به‌روزرسانی» را بزنید.'
                : 'هر وقت آماده بودید صفحه با نسخهٔ تازه بارگذاری می‌شود.'}
            </Text>
          </Stack>
          <Button size="sm" onClick={() => void update()} loading={busy}>
            به‌روزرسانی
          </Button>
          <CloseButton aria-label="بعداً" onClick={() => setLater(true)} />
        </Group>
      </Paper>
    </Affix>
  );
}
