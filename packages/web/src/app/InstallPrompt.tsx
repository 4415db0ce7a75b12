import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Affix, Button, CloseButton, Group, Paper, Stack, Text, Transition } from '@mantine/core';
import { IconDownload, IconShare, IconSquarePlus } from '../components/ui/icons.tsx';
import { Emblem } from '../components/ui/Emblem.tsx';
import { href } from '../lib/screens.ts';

export const INSTALL_DISMISSED_KEY = 'ayar.installDismissed';

/**
 * The screens the floating offer may sit on: ones with no form whose actions it could cover (docs/product.md
 * §2.1). On lab/add at 390 px it covered «ذخیره و ادامه»; elsewhere the offer waits (the browser's event is
 * kept) until the person is back on one of these, e.g. the home screen after the work is saved.
 */
const INSTALL_SCREENS = new Set(
  (['landing', 'home', 'dashboard', 'about', 'lab-owners'] as const).map((id) => href(id)),
);

/** Whether the offer may float over the screen at `pathname` (a trailing slash is the same screen). */
function offersInstallOn(pathname: string): boolean {
  return INSTALL_SCREENS.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios =
    /iphone|ipad|ipod/i.test(ua) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const otherBrowser = /crios|fxios|edgios|opios/i.test(ua);
  return ios && !otherBrowser;
}

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The offer: install, or on iOS how to add the app to the home screen; and close. */
function InstallCard({
  ios,
  onInstall,
  onDismiss,
}: {
  ios: boolean;
  onInstall: () => void;
  onDismiss: () => void;
}) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm">
      <Emblem size={44} />
      <Stack gap={4} style={{ flex: 1 }}>
        <Text id="install-title" fw={700}>
          نصب برنامه
        </Text>
        {ios ? (
          <Text size="sm" c="dimmed">
            برای نصب «عیار» روی آیفون، دکمه اشتراک‌گذاری <IconShare size={16} /> را در پایین صفحه بزنید و سپس
            «Add to Home Screen» (افزودن به صفحه اصلی) <IconSquarePlus size={16} /> را انتخاب کنید.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            «عیار» را روی گوشی خود نصب کنید تا سریع‌تر و مثل یک برنامه به آن دسترسی داشته باشید.
          </Text>
        )}
        {!ios && (
          <Group gap="xs" mt={6}>
            <Button size="sm" leftSection={<IconDownload size={18} />} onClick={onInstall}>
              نصب
            </Button>
            <Button size="sm" variant="default" onClick={onDismiss}>
              انصراف
            </Button>
          </Group>
        )}
      </Stack>
      <CloseButton aria-label="بستن" onClick={onDismiss} />
    </Group>
  );
}

/**
 * «نصب برنامه» (docs/product.md §2.1): offers to install from `beforeinstallprompt`; on iOS Safari, which has
 * no such event, it explains Share → Add to Home Screen. A dismissal is remembered.
 */
export function InstallPrompt() {
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  const [ios, setIos] = useState(false);
  const [dismissed, setDismissed] = useState(wasDismissed);
  const { pathname } = useLocation();

  useEffect(() => {
    if (dismissed || isStandalone()) return;
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setDeferred(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setDeferred(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    const iosTimer = isIosSafari() ? window.setTimeout(() => setIos(true), 1500) : undefined;
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
      if (iosTimer !== undefined) window.clearTimeout(iosTimer);
    };
  }, [dismissed]);

  const dismiss = () => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    } catch {
      // Private mode: forget it for this visit only.
    }
    setDismissed(true);
    setDeferred(null);
    setIos(false);
  };

  const install = async () => {
    if (!deferred) return;
    await deferred.prompt();
    const choice = await deferred.userChoice;
    setDeferred(null);
    if (choice.outcome === 'dismissed') dismiss();
  };

  const opened = !dismissed && (deferred !== null || ios) && offersInstallOn(pathname);

  return (
    // Above the bottom bar, 12 px from both inline edges (logical, so RTL needs nothing else).
    <Affix position={{ bottom: 84 }} style={{ insetInline: 12 }} zIndex={300}>
      <Transition transition="slide-up" mounted={opened}>
        {(styles) => (
          <Paper
            style={styles}
            shadow="xl"
            radius="lg"
            p="md"
            withBorder
            maw={460}
            mx="auto"
            role="dialog"
            aria-labelledby="install-title"
          >
            <InstallCard ios={ios} onInstall={() => void install()} onDismiss={dismiss} />
          </Paper>
        )}
      </Transition>
    </Affix>
  );
}
