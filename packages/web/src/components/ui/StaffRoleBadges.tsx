import { Badge, Group } from '@mantine/core';
import { STAFF_ROLE_NAMES } from '@ayar/contract';
import type { StaffRole } from '@ayar/contract';

const ROLE_COLORS: Record<StaffRole, string> = {
  owner: 'gold',
  counter: 'blue',
  assayer: 'teal',
  accountant: 'grape',
};

/** A lab person's roles as chips (ADR 0049), each by its name in docs/glossary.md. */
export function StaffRoleBadges({ roles }: { roles: readonly StaffRole[] }) {
  return (
    <Group gap={4} wrap="wrap" role="list" aria-label="نقش‌ها">
      {roles.map((role) => (
        <Badge key={role} role="listitem" variant="light" color={ROLE_COLORS[role]} radius="sm">
          {STAFF_ROLE_NAMES[role]}
        </Badge>
      ))}
    </Group>
  );
}
