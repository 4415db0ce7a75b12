import { Badge } from '@mantine/core';

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
