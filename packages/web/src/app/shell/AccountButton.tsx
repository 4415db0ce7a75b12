import { ActionIcon, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { IconUserCircle } from '../../components/ui/icons.tsx';
import { useAuth } from '../../lib/auth.ts';
import { PROFILE_LABEL, href } from '../../lib/screens.ts';

/** The header's account area: who is signed in, and the way to the password change (ADR 0025). */
export function AccountButton() {
  const { user } = useAuth();
  const who = user?.userFname ? `${PROFILE_LABEL} (${user.userFname})` : PROFILE_LABEL;
  return (
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
  );
}
