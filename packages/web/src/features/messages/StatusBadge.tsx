import { Badge } from '@mantine/core';
import { MESSAGE_STATUS_LABELS, type MessageStatus } from '@ayar/contract';

const COLORS: Record<MessageStatus, string> = {
  pending: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};

/** در صف / در حال ارسال / ارسال شد / ناموفق. */
export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {MESSAGE_STATUS_LABELS[status]}
    </Badge>
  );
}
