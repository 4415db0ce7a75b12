import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toPersianDigits } from '@ayar/contract';
import type { StaffMember } from '@ayar/contract';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { StaffRoleBadges } from '../../components/ui/StaffRoleBadges.tsx';
import { confirmAction } from '../../components/ui/confirm.tsx';
import { IconUserPlus } from '../../components/ui/icons.tsx';
import { alertSuccess } from '../../lib/alert.ts';
import { STAFF_KEY, staffQueries, useSuspendStaff } from './api.ts';
import { StaffForm } from './StaffForm.tsx';

/** What the form is open for: a new person, one person's edit, or nothing. */
type Editing = { kind: 'new' } | { kind: 'edit'; member: StaffMember } | null;

/** Suspends or resumes a person after asking; a suspension ends their open sessions at once (ADR 0049). */
function useSuspendToggle() {
  const queryClient = useQueryClient();
  const mutation = useSuspendStaff();
  const run = async (member: StaffMember) => {
    const suspend = !member.suspended;
    const ok = await confirmAction({
      title: suspend ? 'تعلیق کارمند' : 'فعال‌سازی دوباره',
      message: suspend
        ? `حساب ${member.fullName} تعلیق می‌شود و نشست‌های باز او همین حالا بسته می‌شود؛ تا فعال‌سازی دوباره نمی‌تواند وارد شود.`
        : `${member.fullName} دوباره می‌تواند با نام کاربری خود وارد شود.`,
      confirmLabel: suspend ? 'تعلیق' : 'فعال‌سازی',
      danger: suspend,
    });
    if (!ok) return;
    try {
      const result = await mutation.mutateAsync({ id: member.id, suspended: suspend });
      alertSuccess(result.message);
    } catch {
      // The API client has shown the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
  };
  return { run, isPending: mutation.isPending };
}

/** A label and its value on a person's card. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}:
      </Text>
      <Text size="sm" fw={500} style={{ minWidth: 0 }} truncate>
        {children}
      </Text>
    </Group>
  );
}

/** One person: name and state, sign-in, mobile, staff code, roles, and what the owner may do. */
function StaffCard(props: { member: StaffMember; onEdit: () => void; onSuspend: () => void; busy: boolean }) {
  const { member } = props;
  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-label={member.fullName}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} style={{ minWidth: 0 }}>
            {member.fullName}
          </Text>
          {member.isLabAccount ? (
            <Badge variant="light" color="gold">
              حساب اصلی
            </Badge>
          ) : (
            <Badge variant="light" color={member.suspended ? 'red' : 'green'}>
              {member.suspended ? 'تعلیق‌شده' : 'فعال'}
            </Badge>
          )}
        </Group>
        <Fact label="نام کاربری">
          <Ltr>{member.userName}</Ltr>
        </Fact>
        <Fact label="موبایل">{member.mobile ? <Ltr>{toPersianDigits(member.mobile)}</Ltr> : '—'}</Fact>
        <Fact label="کد کارمند">
          <Ltr>{toPersianDigits(member.staffCode)}</Ltr>
        </Fact>
        <StaffRoleBadges roles={member.roles} />
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="light" onClick={props.onEdit} aria-label={`ویرایش ${member.fullName}`}>
            ویرایش
          </Button>
          {member.isLabAccount ? null : (
            <Button
              size="xs"
              variant="subtle"
              color={member.suspended ? 'green' : 'red'}
              onClick={props.onSuspend}
              disabled={props.busy}
              aria-label={`${member.suspended ? 'فعال‌سازی' : 'تعلیق'} ${member.fullName}`}
            >
              {member.suspended ? 'فعال‌سازی' : 'تعلیق'}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * staff «کارکنان» (ADR 0049): the owner's list of the lab's people, each with their own sign-in and roles;
 * «افزودن کارمند», edit, and suspend or resume. Cards, one column on a phone.
 */
export function StaffPage() {
  const staff = useQuery(staffQueries.list());
  const [editing, setEditing] = useState<Editing>(null);
  const suspend = useSuspendToggle();
  const close = () => setEditing(null);
  return (
    <Stack gap="md" maw={960} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          هر کارمند با نام کاربری و رمز خودش وارد می‌شود و فقط کارهای نقش‌های خودش را می‌بیند.
        </Text>
        {editing ? null : (
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setEditing({ kind: 'new' })}>
            افزودن کارمند
          </Button>
        )}
      </Group>
      {editing ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <StaffForm
            key={editing.kind === 'edit' ? editing.member.id : 'new'}
            member={editing.kind === 'edit' ? editing.member : null}
            onDone={close}
          />
        </Paper>
      ) : null}
      {staff.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {staff.data.list.map((member) => (
            <StaffCard
              key={member.id}
              member={member}
              busy={suspend.isPending}
              onEdit={() => setEditing({ kind: 'edit', member })}
              onSuspend={() => void suspend.run(member)}
            />
          ))}
        </SimpleGrid>
      ) : staff.isError ? (
        <Alert color="red" variant="light">
          لیست کارکنان بارگیری نشد.
        </Alert>
      ) : (
        <Skeleton h={160} radius="lg" role="status" aria-label="در حال بارگذاری کارکنان" />
      )}
    </Stack>
  );
}
