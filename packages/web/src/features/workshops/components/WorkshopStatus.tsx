import type { MouseEvent } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { WORKSHOP_STATUS, toPersianDigits, type WorkshopStatus } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { confirmThenRun } from '../../../components/ui/confirmThenRun.ts';
import type { ConfirmOptions } from '../../../components/ui/confirm.tsx';
import { useChangeWorkshopStatus } from '../api.ts';

type Status = WorkshopStatus;

/** Each state its own words and colour (ADR 0044): a suspended lab never looks like a new registration. */
export const STATUS_LABELS: Record<Status, string> = {
  [WORKSHOP_STATUS.active]: 'آزمایشگاه فعال',
  [WORKSHOP_STATUS.inactive]: 'آزمایشگاه غیرفعال',
  [WORKSHOP_STATUS.new]: 'جدید',
  [WORKSHOP_STATUS.suspended]: 'تعلیق‌شده',
};
export const STATUS_COLORS: Record<Status, string> = { 1: 'green', 5: 'yellow', 0: 'blue', 9: 'red' };

/** What each status lets the lab do (docs/product.md §5.8), as the admin reads it before changing it. */
export const STATUS_IN_WORDS: Record<Status, string> = {
  1: 'وارد می‌شود، شماره بسته می‌خرد و بسته ثبت می‌کند.',
  5: 'وارد می‌شود و اطلاعاتش را می‌بیند، اما نمی‌تواند شماره بسته بخرد یا بسته ثبت کند.',
  0: 'تازه ثبت‌نام کرده و منتظر فعال‌سازی است؛ تا مدیر آن را فعال نکند نمی‌تواند وارد شود.',
  9: 'تعلیق شده است: نمی‌تواند وارد شود، شماره بسته بخرد یا بسته ثبت کند. اطلاعاتش سر جایش است.',
};

export function StatusBadge({ status }: { status: Status }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" data-status={status}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

interface Workshop {
  id: string;
  fName: string;
  status: Status;
}

interface Step {
  active: boolean;
  /** The button's text on the list (short) and on the edit page (naming the effect). */
  short: string;
  long: string;
  question: (name: string) => ConfirmOptions;
}

const ACTIVATE: Step = {
  active: true,
  short: 'فعال‌سازی',
  long: 'فعال‌سازی: ورود، خرید شماره و ثبت بسته',
  question: (name) => ({
    title: name,
    message: 'آیا از فعال‌سازی اطمینان دارید؟ پس از آن می‌تواند وارد شود، شماره بسته بخرد و بسته ثبت کند.',
  }),
};

/**
 * One step each way (docs/product.md §4.6, ADR 0044): «فعال‌سازی» leaves the lab able to work, «تعلیق»
 * stops it and ends its sessions at once. The question of a suspension says what the lab loses.
 */
const UP: Partial<Record<Status, Step>> = {
  0: ACTIVATE,
  5: ACTIVATE,
  9: { ...ACTIVATE, short: 'فعال‌سازی دوباره', long: 'فعال‌سازی دوباره: ورود، خرید شماره و ثبت بسته' },
};
const SUSPEND: Step = {
  active: false,
  short: 'تعلیق',
  long: 'تعلیق: توقف ورود و بستن همه نشست‌ها',
  question: (name) => ({
    title: 'تعلیق آزمایشگاه',
    message: `«${name}» دیگر نمی‌تواند وارد شود، شماره بسته بخرد یا بسته ثبت کند و همه نشست‌های باز آن همین حالا بسته می‌شود. اطلاعاتش حذف نمی‌شود. تعلیق شود؟`,
    confirmLabel: 'تعلیق',
    danger: true,
  }),
};
const DOWN: Partial<Record<Status, Step>> = { 1: SUSPEND, 5: SUSPEND };

/** The buttons that move a workshop one status step, each asking first. */
export function StatusSteps({
  workshop,
  onChanged,
  long = false,
  disabled = false,
}: {
  workshop: Workshop;
  onChanged: () => void;
  /** The edit page's buttons say what the step does; the list's stay short. */
  long?: boolean;
  disabled?: boolean;
}) {
  const change = useChangeWorkshopStatus();
  const run = async (event: MouseEvent, step: Step) => {
    // On the list the buttons sit in a row that opens the workshop.
    event.stopPropagation();
    const outcome = await confirmThenRun(step.question(workshop.fName), () =>
      change.mutateAsync({ userId: workshop.id, active: step.active, fromStatus: workshop.status }),
    );
    if (outcome !== 'cancelled') onChanged();
  };
  const up = UP[workshop.status];
  const down = DOWN[workshop.status];
  const size = long ? 'sm' : 'compact-sm';
  const busy = disabled || change.isPending;
  return (
    <>
      {up ? (
        <Button size={size} variant="light" color="green" onClick={(e) => void run(e, up)} disabled={busy}>
          {long ? up.long : up.short}
        </Button>
      ) : null}
      {down ? (
        <Button
          size={size}
          variant="subtle"
          color="red"
          onClick={(e) => void run(e, down)}
          disabled={busy}
          aria-label={long ? undefined : `${down.short} ${workshop.fName}`}
        >
          {long ? down.long : down.short}
        </Button>
      ) : null}
    </>
  );
}

/** manage/edit-user's status: the state in words, the workshop code, and the steps up and down. */
export function WorkshopStatusCard({
  workshop,
  code,
  onChanged,
}: {
  workshop: Workshop;
  code: number | null;
  onChanged: () => void;
}) {
  return (
    // As wide as the workshop form under it.
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      maw={820}
      component="section"
      aria-labelledby="workshop-status-title"
    >
      <Stack gap="xs">
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} size="h5" id="workshop-status-title">
              وضعیت
            </Title>
            <StatusBadge status={workshop.status} />
          </Group>
          {code !== null ? (
            <Text size="sm" c="dimmed">
              کد کارگاه: <Ltr>{toPersianDigits(code)}</Ltr>
            </Text>
          ) : null}
        </Group>
        <Text size="sm" data-testid="status-in-words">
          {STATUS_IN_WORDS[workshop.status]}
        </Text>
        <Group gap="sm">
          <StatusSteps workshop={workshop} onChanged={onChanged} long />
        </Group>
      </Stack>
    </Paper>
  );
}
