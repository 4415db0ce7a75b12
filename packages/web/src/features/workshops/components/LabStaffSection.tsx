import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { toPersianDigits } from '@ayar/contract';
import type { StaffMember } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { StaffRoleBadges } from '../../../components/ui/StaffRoleBadges.tsx';
import { workshopQueries } from '../api.ts';

/** One person of the lab: name and state, user name, staff code, roles. */
function StaffRow({ member }: { member: StaffMember }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={member.fullName}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{member.fullName}</Text>
          <Group gap={6}>
            {member.isLabAccount ? (
              <Badge variant="light" color="gold">
                حساب اصلی
              </Badge>
            ) : null}
            <Badge variant="light" color={member.suspended ? 'red' : 'green'}>
              {member.suspended ? 'تعلیق‌شده' : 'فعال'}
            </Badge>
          </Group>
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            نام کاربری: <Ltr>{member.userName}</Ltr>
          </Text>
          <Text size="sm" c="dimmed">
            کد کارمند: <Ltr>{toPersianDigits(member.staffCode)}</Ltr>
          </Text>
        </Group>
        <StaffRoleBadges roles={member.roles} />
      </Stack>
    </Paper>
  );
}

/**
 * «کارکنان آزمایشگاه» on the admin's lab edit screen (ADR 0049): who of the lab signs in and with which
 * roles, read-only; the lab's owner manages them on their own «کارکنان» screen.
 */
export function LabStaffSection({ userId }: { userId: string }) {
  const staff = useQuery(workshopQueries.staff(userId));
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="lab-staff"
    >
      <Title order={2} size="h5" id="lab-staff" mb="sm">
        کارکنان آزمایشگاه
      </Title>
      {staff.data ? (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {staff.data.list.map((member) => (
            <StaffRow key={member.id} member={member} />
          ))}
        </Stack>
      ) : staff.isError ? (
        <Alert color="red" variant="light">
          کارکنان این آزمایشگاه بارگیری نشد.
        </Alert>
      ) : (
        <Skeleton h={72} radius="md" role="status" aria-label="در حال بارگذاری کارکنان" />
      )}
    </Paper>
  );
}
