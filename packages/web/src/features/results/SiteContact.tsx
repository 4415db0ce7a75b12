import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { IconPhone, IconShield } from '../../components/ui/icons.tsx';
import { toPersianDigits } from '../../lib/format.ts';
import { telHref, useSiteInfo } from '../../lib/siteInfo.ts';
import classes from './LandingPage.module.css';

/**
 * The support line of the landing, embedded and result pages (docs/product.md §2.2), from the site
 * information the administrator keeps (ADR 0028). Without a phone there is nothing to call: nothing is shown.
 */
export function SupportLine() {
  const { supportPhone, supportHours } = useSiteInfo();
  if (!supportPhone) return null;
  return (
    <Stack gap={0} align="center" data-testid="support-line">
      <Group gap={6} justify="center" c="dimmed" wrap="nowrap">
        <IconPhone size={18} />
        <Text size="sm">
          پشتیبانی:{' '}
          <Anchor href={telHref(supportPhone)} c="ink.7" fw={600}>
            <Ltr>{toPersianDigits(supportPhone)}</Ltr>
          </Anchor>
        </Text>
      </Group>
      {supportHours ? (
        <Text size="xs" c="dimmed">
          {toPersianDigits(supportHours)}
        </Text>
      ) : null}
    </Stack>
  );
}

const SEAL_LABEL = 'نماد اعتماد الکترونیکی';

/**
 * The trust seal: the uploaded image (served by this site, nothing foreign is loaded) linking to the
 * issuer's verification page, which learns this site's origin from the referrer. Only the link, as
 * text, when there is no image; nothing when neither is set.
 */
export function TrustSeal() {
  const { trustSealUrl, trustSealImage } = useSiteInfo();
  if (!trustSealUrl && !trustSealImage) return null;
  const content = trustSealImage ? (
    <img
      src={trustSealImage}
      alt={SEAL_LABEL}
      style={{ display: 'block', blockSize: 80, inlineSize: 'auto', maxInlineSize: 160 }}
    />
  ) : (
    <Group gap={8} className={classes.seal} wrap="nowrap">
      <IconShield size={24} />
      <Text size="xs" fw={700}>
        {SEAL_LABEL}
      </Text>
    </Group>
  );
  if (!trustSealUrl) return <div data-testid="trust-seal">{content}</div>;
  return (
    <a
      href={trustSealUrl}
      target="_blank"
      rel="noopener"
      referrerPolicy="origin"
      data-testid="trust-seal"
      aria-label={trustSealImage ? `${SEAL_LABEL} (صفحه تأیید)` : undefined}
      style={{ color: 'inherit', textDecoration: 'none' }}
    >
      {content}
    </a>
  );
}
