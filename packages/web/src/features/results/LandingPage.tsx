import { lazy, Suspense, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import {
  Badge,
  Box,
  Burger,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { Emblem } from '../../components/ui/Emblem.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { IconBuilding, IconLogin, IconSearch, IconShield, IconUserPlus } from '../../components/ui/icons.tsx';
import { APP_VERSION, SITE } from '../../lib/site.ts';
import { ResultLookup } from './ResultLookup.tsx';
import { SupportLine, TrustSeal } from './SiteContactSlots.tsx';
import classes from './LandingPage.module.css';
import { href } from '../../lib/screens.ts';

const LandingDrawer = lazy(() => import('./LandingDrawer.tsx'));
/** «بررسی برگه» brings zod and the form library: loaded when chosen, not with the page. */
const SlipCheckForm = lazy(() => import('./SlipCheckForm.tsx').then((m) => ({ default: m.SlipCheckForm })));

function FormLoading({ label = 'در حال بارگذاری فرم ورود' }: { label?: string }) {
  return (
    <Center mih={180} role="status" aria-label={label}>
      <Loader size="sm" color="gold.6" />
    </Center>
  );
}

/**
 * The landing modes of docs/product.md §2.2: 0 login, 1 result lookup (default), 2 one-time-code login,
 * and 3 «بررسی برگه», a printed slip checked against the live result (ADR 0029).
 */
export type LandingMode = 0 | 1 | 2 | 3;

const HEADINGS: Record<LandingMode, { title: string; text: string }> = {
  0: { title: 'ورود به سامانه', text: 'لطفاً نام کاربری و رمز عبور خود را وارد کنید.' },
  1: {
    title: 'استعلام جواب آزمایش',
    text: 'برای دیدن نتیجه عیارسنجی، شماره سند درج‌شده روی برگه آزمایش را وارد کنید.',
  },
  2: {
    title: 'ورود با رمز یکبار مصرف',
    text: 'نام کاربری یا شماره موبایل خود را وارد کنید تا کد ورود برایتان پیامک شود.',
  },
  3: {
    title: 'بررسی برگه آزمایش',
    text: 'شماره بسته و عیار چاپ‌شده روی برگه را وارد کنید تا با نتیجه ثبت‌شده در شبکه مقایسه شود.',
  },
};

// The support line and the trust seal come from the site information (ADR 0028); the embedded and
// result pages import them from here.
export { SupportLine, TrustSeal };

function BottomTab({
  label,
  icon: Icon,
  active,
  onClick,
  to,
}: {
  label: string;
  icon: ComponentType<{ size?: number }>;
  active?: boolean;
  onClick?: () => void;
  to?: string;
}) {
  const content: ReactNode = (
    <>
      <Icon size={22} />
      <span className={classes.tabLabel}>{label}</span>
    </>
  );
  if (to) {
    return (
      <UnstyledButton component={Link} to={to} className={classes.tab}>
        {content}
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton
      onClick={onClick}
      className={classes.tab}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
    >
      {content}
    </UnstyledButton>
  );
}

/** The cover: the menu button, the network's name, the emblem and the tagline. */
function LandingCover({ drawerOpened, onMenu }: { drawerOpened: boolean; onMenu: () => void }) {
  return (
    <header className={classes.cover}>
      <Container size={520} px="md">
        <Group justify="space-between" py="sm" wrap="nowrap">
          <Burger opened={drawerOpened} onClick={onMenu} color="white" size="sm" aria-label="باز کردن منو" />
          <Text fw={700} c="gold.3" size="sm">
            {SITE.name}
          </Text>
        </Group>
        <Stack align="center" gap={6} pb={56} pt={4} ta="center">
          <Emblem size={72} />
          <Title order={1} c="white" fz={{ base: 22, sm: 26 }} lh={1.5}>
            {SITE.tagline}
          </Title>
          <Text c="ink.1" size="sm">
            استعلام برخط نتیجه عیارسنجی طلا از آزمایشگاه‌های عضو شبکه
          </Text>
        </Stack>
      </Container>
    </header>
  );
}

/** The phone's bottom navigation: the lookup, registration, sign-in and the list of labs. */
function BottomBar({ mode, onMode }: { mode: LandingMode; onMode: (mode: LandingMode) => void }) {
  return (
    <nav className={classes.bottomBar} aria-label="پیمایش اصلی">
      <div className={classes.bottomInner}>
        <BottomTab
          label="جواب آزمایش"
          icon={IconSearch}
          active={mode === 1 || mode === 3}
          onClick={() => onMode(1)}
        />
        <BottomTab label="ثبت نام" icon={IconUserPlus} to={href('register')} />
        <BottomTab
          label="ورود"
          icon={IconLogin}
          active={mode === 0 || mode === 2}
          onClick={() => onMode(0)}
        />
        <BottomTab label="لیست آزمایشگاه‌ها" icon={IconBuilding} to={href('lab-owners')} />
      </div>
    </nav>
  );
}

/** Mode 1: the lookup by number, and the way to «بررسی برگه» for someone holding a printed slip. */
function LookupMode({ onCheckSlip }: { onCheckSlip: () => void }) {
  return (
    <>
      <ResultLookup />
      <Button variant="default" size="sm" leftSection={<IconShield size={18} />} onClick={onCheckSlip}>
        بررسی برگه
      </Button>
    </>
  );
}

export interface LandingPageProps {
  initialMode?: LandingMode;
  /** Mode 0's form (the app gives the auth feature's, loaded when chosen, inside a Suspense here). */
  loginForm: ComponentType<{ onUseOtp: () => void }>;
  /** Mode 2's form. */
  otpLoginForm: ComponentType<{ onUsePassword: () => void }>;
}

/** '' : the cover page with the side drawer, the three modes and the bottom navigation bar. */
export function LandingPage({
  initialMode = 1,
  loginForm: LoginForm,
  otpLoginForm: OtpLoginForm,
}: LandingPageProps) {
  const [mode, setMode] = useState<LandingMode>(initialMode);
  const [drawerOpened, drawer] = useDisclosure(false);
  // Mounted from the first opening on, so it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const heading = HEADINGS[mode];

  return (
    <div className={classes.page}>
      <LandingCover
        drawerOpened={drawerOpened}
        onMenu={() => {
          setDrawerUsed(true);
          drawer.toggle();
        }}
      />

      <Container component="main" size={520} px="md" className={classes.content}>
        <Paper radius="lg" shadow="md" p={{ base: 'lg', sm: 'xl' }} withBorder>
          <Stack gap="lg">
            <Box>
              <Title order={2} fz={20}>
                {heading.title}
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                {heading.text}
              </Text>
            </Box>
            {mode === 1 && <LookupMode onCheckSlip={() => setMode(3)} />}
            <Suspense fallback={<FormLoading label={mode === 3 ? 'در حال بارگذاری فرم' : undefined} />}>
              {mode === 0 && <LoginForm onUseOtp={() => setMode(2)} />}
              {mode === 2 && <OtpLoginForm onUsePassword={() => setMode(0)} />}
              {mode === 3 && <SlipCheckForm onBack={() => setMode(1)} />}
            </Suspense>
          </Stack>
        </Paper>

        <Stack align="center" gap="sm" mt="lg" mb="md">
          <SupportLine />
          {(mode === 1 || mode === 3) && <TrustSeal />}
          {mode !== 1 && mode !== 3 && (
            <Badge variant="outline" color="gray" tt="none" radius="sm" aria-label={`نسخه ${APP_VERSION}`}>
              <Ltr>{APP_VERSION}</Ltr>
            </Badge>
          )}
        </Stack>
      </Container>

      <BottomBar mode={mode} onMode={setMode} />

      {drawerUsed && (
        <Suspense fallback={null}>
          <LandingDrawer
            opened={drawerOpened}
            onClose={drawer.close}
            onLogin={() => {
              setMode(0);
              drawer.close();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
