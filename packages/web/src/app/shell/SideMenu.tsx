import { Box, Divider, Group, NavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { MouseEvent } from 'react';
import type { Person } from '@ayar/contract';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth.ts';
import { homeFor, personLabel, rolesOf } from '../../lib/roles.ts';
import { href } from '../../lib/screens.ts';
import { Emblem } from '../../components/ui/Emblem.tsx';
import { menuFor } from './menus.ts';
import { beforeSignOut } from './OfflineLayer.tsx';
import classes from './SideMenu.module.css';

const LOGOUT_PATH = href('logout');

/** Under the lab's name: the person signed in and their roles (ADR 0049), or just «آزمایشگاه». */
function whoOfLab(person: Person | null | undefined): string {
  return person ? personLabel(person) : 'آزمایشگاه';
}

/** The role's side menu: who is signed in, then the links. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const roles = rolesOf(user);
  const items = menuFor(user?.role, roles);
  const navigate = useNavigate();
  // A workshop's sign-out first hears about its offline queue (ADR 0033); the logout screen itself is unchanged.
  const signOut = (event: MouseEvent) => {
    if (user?.role !== 'workshop') return;
    event.preventDefault();
    void beforeSignOut(user.userId).then((go) => {
      if (go) void navigate(LOGOUT_PATH);
    });
  };

  return (
    <Stack gap={0} h="100%">
      <UnstyledButton component={Link} to={homeFor(roles)} onClick={onNavigate}>
        <Group gap="sm" p="md" wrap="nowrap">
          <Emblem size={44} />
          <Box style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {user?.userFname || 'عیار'}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user?.role === 'admin' ? 'مدیر سامانه' : whoOfLab(user?.person)}
            </Text>
          </Box>
        </Group>
      </UnstyledButton>
      <Divider />
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Box component="nav" aria-label="منوی اصلی" p="xs">
          {items.map((item) => {
            const Icon = item.icon;
            const active = pathname === item.to;
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<Icon size={20} />}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={(event: MouseEvent) => {
                  if (item.screen === 'logout') signOut(event);
                  onNavigate?.();
                }}
                className={classes.link}
                data-danger={item.screen === 'logout' || undefined}
              />
            );
          })}
        </Box>
      </ScrollArea>
    </Stack>
  );
}
