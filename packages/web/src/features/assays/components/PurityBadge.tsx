import { Badge } from '@mantine/core';
import type { MantineSize } from '@mantine/core';

/** Whether a packet still waits for its purity; each screen decides that from what it loaded. */
export function PurityBadge({ waiting }: { waiting: boolean }) {
  return waiting ? (
    <Badge color="orange" variant="light">
      در انتظار عیار
    </Badge>
  ) : (
    <Badge color="green" variant="light">
      عیار ثبت شده
    </Badge>
  );
}

export const WITHDRAWN_LABEL = 'باطل شده';

/**
 * A result the administrator withdrew (`resultStatus: 'withdrawn'`, ADR 0029): the public sees no
 * purity, so the lab's and admin's lists show this in the purity's place rather than the recorded
 * value, which would read as still valid.
 */
export function WithdrawnBadge({ size = 'sm' }: { size?: MantineSize }) {
  return (
    <Badge size={size} color="red" variant="light" style={{ flexShrink: 0 }}>
      {WITHDRAWN_LABEL}
    </Badge>
  );
}
