import { Fragment } from 'react';
import { Group, Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { helpGroups } from './shortcuts.ts';
import type { HelpLine, Who } from './shortcuts.ts';

export const HELP_TITLE = 'میانبرهای صفحه‌کلید';

/** «g» سپس «n»; «Ctrl»+«K» or «/»: the chords one after another, each left to right as on the keyboard. */
function Keys({ keys, then }: Pick<HelpLine, 'keys' | 'then'>) {
  return (
    // The chords in reading order (the first at the inline start); each chord as printed on the keys.
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {keys.map((chord, i) => (
        <Fragment key={chord.join('+')}>
          {i > 0 ? (
            <Text span size="xs" c="dimmed">
              {then ? 'سپس' : 'یا'}
            </Text>
          ) : null}
          <Group gap={2} wrap="nowrap" dir="ltr">
            {chord.map((key, j) => (
              <Fragment key={key}>
                {j > 0 ? '+' : null}
                <Kbd>{key}</Kbd>
              </Fragment>
            ))}
          </Group>
        </Fragment>
      ))}
    </Group>
  );
}

/** The help on «؟»: the shortcuts of who is signed in, only what their roles may do (ADR 0049). */
export function ShortcutsHelp({ opened, onClose, who }: { opened: boolean; onClose: () => void; who: Who }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={HELP_TITLE}
      size="lg"
      closeButtonProps={{ 'aria-label': 'بستن' }}
    >
      <Stack gap="md">
        {helpGroups(who).map((group) => (
          <section key={group.title} aria-label={group.title}>
            <Title order={3} fz="sm" fw={700} mb={4}>
              {group.title}
            </Title>
            <Table verticalSpacing={6} withRowBorders>
              <Table.Tbody>
                {group.lines.map((line) => (
                  <Table.Tr key={line.label}>
                    <Table.Td>{line.label}</Table.Td>
                    <Table.Td w="1%" style={{ whiteSpace: 'nowrap' }}>
                      <Keys keys={line.keys} then={line.then} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
        <Text size="xs" c="dimmed">
          حرف‌ها با جای کلید شناخته می‌شوند: با صفحه‌کلید فارسی هم کار می‌کنند. میانبرهای رفتن به صفحه درون
          فیلدها کار نمی‌کنند.
        </Text>
      </Stack>
    </Modal>
  );
}
