import type { MouseEvent } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { WORKSHOP_STATUS, toPersianDigits } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { confirmThenRun } from '../../../components/ui/confirmThenRun.ts';
import type { ConfirmOptions } from '../../../components/ui/confirm.tsx';
import { useChangeWorkshopStatus } from '../api.ts';

type Status = 0 | 1 | 5;

export const STATUS_LABELS: Record<Status, string> = {
  [WORKSHOP_STATUS.active]: 'آزمایشگاه فعال',
  [WORKSHOP_STATUS.inactive]: 'آزمایشگاه غیرفعال',
  [WORKSHOP_STATUS.new]: 'جدید',
};
const STATUS_COLORS: Record<Status, string> = { 1: 'green', 5: 'yellow', 0: 'red' };

/** What each status lets the lab do (docs/product.md §5.8), as the admin reads it before changing it. */
export const STATUS_IN_WORDS: Record<Status, string> = {
  1: 'وارد می‌شود، شماره بسته می‌خرد و بسته ثبت می‌کند.',
  5: 'وارد می‌شود و اطلاعاتش را می‌بیند، اما نمی‌تواند شماره بسته بخرد یا بسته ثبت کند.',
  0: 'نمی‌تواند وارد شود (تازه ثبت‌نام کرده یا ورودش تعلیق شده است) تا مدیر آن را فعال کند.',
};

export function StatusBadge({ status }: { status: Status }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm">
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

/**
 * The steps of docs/product.md §4.6 and back (ADR 0009): up 0→5→1, down 1→5→0. A step down is «تعلیق»: its
 * question says what the lab will no longer be able to do, so nobody suspends a lab by accident.
 */
const UP: Partial<Record<Status, Step>> = {
  0: {
    active: true,
    short: 'فعال‌سازی',
    long: 'فعال‌سازی (اجازه ورود)',
    question: (name) => ({ title: name, message: 'آیا از فعال‌سازی اطمینان دارید؟' }),
  },
  5: {
    active: true,
    short: 'تبدیل به دارای کد',
    long: 'تبدیل به دارای کد',
    question: (name) => ({ title: name, message: 'آیا از تبدیل به آزمایشگاه دارای کد اطمینان دارید؟' }),
  },
};
const DOWN: Partial<Record<Status, Step>> = {
  1: {
    active: false,
    short: 'تعلیق',
    long: 'تعلیق: توقف خرید شماره و ثبت بسته',
    question: (name) => ({
      title: 'تعلیق آزمایشگاه',
      message: `«${name}» پس از تعلیق نمی‌تواند شماره بسته بخرد یا بسته ثبت کند. ورود و دیدن اطلاعاتش ممکن می‌ماند. تعلیق شود؟`,
      confirmLabel: 'تعلیق',
      danger: true,
    }),
  },
  5: {
    active: false,
    short: 'تعلیق ورود',
    long: 'تعلیق ورود',
    question: (name) => ({
      title: 'تعلیق ورود آزمایشگاه',
      message: `«${name}» دیگر نمی‌تواند وارد شود و همه نشست‌های باز آن همین حالا بسته می‌شود. اطلاعاتش حذف نمی‌شود. ورودش تعلیق شود؟`,
      confirmLabel: 'تعلیق ورود',
      danger: true,
    }),
  },
};

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
        <Button
          size={size}
          variant="light"
          color={workshop.status === WORKSHOP_STATUS.new ? 'green' : 'gold'}
          onClick={(e) => void run(e, up)}
          disabled={busy}
        >
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
