import { Badge } from '@mantine/core';
import { CREDIT_STATUS_TEXT } from '@ayar/contract';
import type { CreditStatus } from '@ayar/contract';

export const CREDIT_STATUS_COLOR: Record<CreditStatus, string> = { 0: 'orange', 1: 'green', 2: 'red' };

/** 0 pending (amber) «در انتظار بررسی», 1 accepted (green) «تأیید شده», 2 rejected (red) «رد شده». */
export function CreditStatusBadge({ status }: { status: CreditStatus }) {
  return (
    <Badge
      color={CREDIT_STATUS_COLOR[status]}
      variant="light"
      radius="sm"
      size="md"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {CREDIT_STATUS_TEXT[status]}
    </Badge>
  );
}
