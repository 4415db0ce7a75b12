import { Anchor, Stack, Text } from '@mantine/core';
import { LabelValueRow } from '../../components/ui/LabelValueRow.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { TrustSeal } from '../../features/results/SiteContact.tsx';
import { toPersianDigits } from '../../lib/format.ts';
import { APP_VERSION } from '../../lib/site.ts';
import { telHref, useSiteInfo } from '../../lib/siteInfo.ts';

/**
 * The about page's details (docs/product.md §2.5) from the site information the administrator keeps (ADR
 * 0028): a row for each field that is set, and a plain sentence while none of them is.
 */
export function AboutContact() {
  const info = useSiteInfo();
  const hasContact = Boolean(info.company || info.address || info.postalCode || info.supportPhone);
  return (
    <Stack gap={0}>
      <LabelValueRow label="فعالیت">عیارسنجی و رهگیری بازار طلا</LabelValueRow>
      {info.company ? <LabelValueRow label="شرکت">{info.company}</LabelValueRow> : null}
      {info.address ? (
        <LabelValueRow label="نشانی">
          {toPersianDigits(info.address)}{' '}
          <Anchor
            href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(info.address)}`}
            target="_blank"
            rel="noopener noreferrer"
            c="ink.7"
            size="sm"
          >
            (نمایش روی نقشه)
          </Anchor>
        </LabelValueRow>
      ) : null}
      {info.postalCode ? (
        <LabelValueRow label="کد پستی">
          <Ltr>{toPersianDigits(info.postalCode)}</Ltr>
        </LabelValueRow>
      ) : null}
      {info.supportPhone ? (
        <LabelValueRow label="تلفن">
          <Anchor href={telHref(info.supportPhone)} c="ink.7">
            <Ltr>{toPersianDigits(info.supportPhone)}</Ltr>
          </Anchor>
        </LabelValueRow>
      ) : null}
      {info.supportHours ? (
        <LabelValueRow label="ساعات پاسخگویی">{toPersianDigits(info.supportHours)}</LabelValueRow>
      ) : null}
      <LabelValueRow label="نسخه">
        <Ltr>{APP_VERSION}</Ltr>
      </LabelValueRow>
      {hasContact ? null : (
        <Text size="sm" c="dimmed" mt="sm" data-testid="about-empty">
          نشانی و تلفن تماس هنوز ثبت نشده است.
        </Text>
      )}
      <Stack align="center" mt="md">
        <TrustSeal />
      </Stack>
    </Stack>
  );
}
