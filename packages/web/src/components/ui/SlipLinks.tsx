import { Alert, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { toPersianDigits } from '@ayar/contract';
import { IconReceipt } from './icons.tsx';
import { Ltr } from './LtrText.tsx';

export interface SlipLink {
  /** The slip's address: a registered packet's, or a queued one's (ADR 0033). */
  to: string;
  docNumber: number;
}

/**
 * Right after packets are registered or queued: their slips, ready to print, one button each. The
 * default variant: the white one's gold text on white fails WCAG contrast (axe, e2e/offline.e2e.ts).
 */
export function SlipLinks({ title, slips }: { title: string; slips: readonly SlipLink[] }) {
  return (
    <Alert color="green" variant="light" radius="md" title={title}>
      <Group gap="xs" wrap="wrap">
        {slips.map((slip) => (
          <Button
            key={slip.to}
            component={Link}
            to={slip.to}
            size="xs"
            variant="default"
            leftSection={<IconReceipt size={16} />}
          >
            <span>
              برگه <Ltr>{toPersianDigits(slip.docNumber)}</Ltr>
            </span>
          </Button>
        ))}
      </Group>
    </Alert>
  );
}
