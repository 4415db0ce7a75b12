import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { IconUserCircle } from '../../components/ui/icons.tsx';
import { useAuth } from '../../lib/auth.ts';
import { personLabel } from '../../lib/roles.ts';
import { PROFILE_LABEL, href } from '../../lib/screens.ts';

/**
 * The header's account area: who is signed in, and the way to the password change (ADR 0025). A lab's
 * person is named with their roles, «زهرا کریمی · پذیرش» (ADR 0049): several people share a lab's screens.
 */
export function AccountButton() {
  const { user } = useAuth();
  const person = user?.role === 'workshop' ? user.person : null;
  const name = person ? personLabel(person) : '';
  const who = person
    ? `${PROFILE_LABEL} (${name})`
    : user?.userFname
      ? `${PROFILE_LABEL} (${user.userFname})`
      : PROFILE_LABEL;
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      {person ? (
        <Text size="sm" c="gray.0" truncate maw={260} visibleFrom="sm" data-testid="account-person">
          {name}
        </Text>
      ) : null}
      <Tooltip label={who} withArrow>
        <ActionIcon
          component={Link}
          to={href('profile')}
          variant="subtle"
          color="gray.0"
          size="lg"
          aria-label={who}
        >
          <IconUserCircle />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
