import { useState } from 'react';
import { ActionIcon, AppShell, Burger, Drawer, Group, Title, useDirection } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { UI } from '@ayar/contract';
import { IconArrowBack } from '../../components/ui/icons.tsx';
import { findScreen } from '../screens.ts';
import { homeFor, useRoles } from '../../lib/roles.ts';
import { AccountButton } from './AccountButton.tsx';
import { OfflineLayer } from './OfflineLayer.tsx';
import { SearchButton } from './search/GlobalSearch.tsx';
import { ShellKeys } from './shortcuts/ShellKeys.tsx';
import { SideMenu } from './SideMenu.tsx';

export const HEADER_HEIGHT = 60;

/** The header's bar: back (except on the person's home, ADR 0049), the screen's title, the account and the menu. */
function HeaderBar({ menuOpened, onMenu }: { menuOpened: boolean; onMenu: () => void }) {
  const { pathname, key } = useLocation();
  const navigate = useNavigate();
  const { dir } = useDirection();
  const home = homeFor(useRoles());
  const title = findScreen(pathname)?.title ?? 'عیار';
  const showBack = pathname !== home;
  const goBack = () => {
    if (key !== 'default') void navigate(-1);
    else void navigate(home);
  };
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
        {showBack && (
          <ActionIcon
            variant="subtle"
            color="gray.0"
            size="lg"
            aria-label="بازگشت"
            onClick={goBack}
            style={{ transform: dir === 'rtl' ? undefined : 'scaleX(-1)' }}
          >
            <IconArrowBack />
          </ActionIcon>
        )}
        <Title order={1} fz={{ base: 17, sm: 19 }} fw={700} c="white" lineClamp={1} ps={showBack ? 0 : 'xs'}>
          {title}
        </Title>
      </Group>
      <Group gap={4} wrap="nowrap">
        <SearchButton />
        <AccountButton />
        <Burger
          opened={menuOpened}
          onClick={onMenu}
          color="white"
          size="sm"
          aria-label={menuOpened ? 'بستن منو' : 'باز کردن منو'}
          aria-expanded={menuOpened}
        />
      </Group>
    </Group>
  );
}

/**
 * The shell of docs/product.md §2.1: a header with back button, title and menu button; the side menu is a
 * persistent navbar on desktop (≥768 px) and a drawer on phones.
 */
export function AppLayout() {
  const isDesktop = useMediaQuery(`(min-width: ${UI.desktopMinWidth}px)`) ?? false;
  const [drawerOpened, drawer] = useDisclosure(false);
  const [navbarOpened, setNavbarOpened] = useState(true);
  const menuOpened = isDesktop ? navbarOpened : drawerOpened;

  const toggleMenu = () => {
    if (isDesktop) setNavbarOpened((o) => !o);
    else drawer.toggle();
  };

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: true, desktop: !navbarOpened } }}
      padding="md"
    >
      <AppShell.Header
        bg="ink.9"
        c="white"
        withBorder={false}
        style={{ boxShadow: '0 2px 8px rgb(0 0 0 / 0.15)' }}
      >
        <HeaderBar menuOpened={menuOpened} onMenu={toggleMenu} />
      </AppShell.Header>

      <AppShell.Navbar>
        <SideMenu />
      </AppShell.Navbar>

      <AppShell.Main bg="#f5f6f8">
        <OfflineLayer>
          <Outlet />
        </OfflineLayer>
      </AppShell.Main>

      <Drawer
        opened={drawerOpened && !isDesktop}
        onClose={drawer.close}
        // Mantine lays the drawer out with flexbox, so 'left' means the inline start: the right edge in RTL,
        // the same side as the menu button.
        position="left"
        size={288}
        padding={0}
        withCloseButton={false}
        // The name belongs on the dialog itself (the content), not on the role-less root around it.
        attributes={{ content: { 'aria-label': 'منوی اصلی' } }}
        overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
      >
        <SideMenu onNavigate={drawer.close} />
      </Drawer>
      <ShellKeys />
    </AppShell>
  );
}
