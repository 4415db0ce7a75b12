import { Box, Drawer, Group, NavLink, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Emblem } from '../../components/ui/Emblem.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { IconBuilding, IconInfo, IconLogin, IconUserPlus } from '../../components/ui/icons.tsx';
import { SisterSiteLink } from './SisterSiteLink.tsx';
import { APP_VERSION, SITE } from '../../lib/site.ts';
import { SEP } from '../../lib/format.ts';
import { href } from '../../lib/screens.ts';

/**
 * The landing page's side drawer (docs/product.md §2.2). Loaded when first opened: a Mantine Drawer brings
 * floating-ui and friends, which the public lookup does not need up front.
 */
export default function LandingDrawer(props: { opened: boolean; onClose: () => void; onLogin: () => void }) {
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      // Mantine lays drawers out logically: 'left' is the inline start, the right edge in RTL,
      // the same side as the menu button.
      position="left"
      size={280}
      title={
        <Group gap="sm">
          <Emblem size={36} />
          <Text fw={700}>{SITE.name}</Text>
        </Group>
      }
      closeButtonProps={{ 'aria-label': 'بستن منو' }}
    >
      <Box component="nav" aria-label="منوی سایت">
        <NavLink component={Link} to={href('about')} label="درباره ما" leftSection={<IconInfo size={20} />} />
        <NavLink
          component={Link}
          to={href('lab-owners')}
          label="لیست آزمایشگاه‌ها"
          leftSection={<IconBuilding size={20} />}
        />
        <NavLink
          component={Link}
          to={href('register')}
          label="ثبت نام آزمایشگاه"
          leftSection={<IconUserPlus size={20} />}
        />
        <NavLink label="ورود آزمایشگاه‌ها" leftSection={<IconLogin size={20} />} onClick={props.onLogin} />
        <SisterSiteLink />
      </Box>
      <Text size="xs" c="dimmed" mt="xl" ta="center">
        {SITE.tagline}
        {SEP}
        <Ltr>{APP_VERSION}</Ltr>
      </Text>
    </Drawer>
  );
}
