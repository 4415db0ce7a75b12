import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PublicLayout } from '../PublicLayout.tsx';
import { Emblem } from '../../components/ui/Emblem.tsx';
import { LabelValueRow } from '../../components/ui/LabelValueRow.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { APP_VERSION, SITE } from '../../lib/site.ts';
import { toPersianDigits } from '../../lib/format.ts';

/** about (SPEC.md 2.5): static information about the product. */
export function AboutPage() {
  return (
    <PublicLayout title="درباره ما">
      <Paper withBorder radius="lg" p="lg" shadow="xs">
        <Stack gap="md">
          <Group gap="md" wrap="nowrap">
            <Emblem size={56} />
            <div>
              <Title order={2} fz={20}>
                {SITE.name}
              </Title>
              <Text size="sm" c="dimmed">
                {SITE.tagline}
              </Text>
            </div>
          </Group>
          <Text size="sm">
            «عیار» سامانه‌ای برای ثبت و رهگیری نتایج عیارسنجی طلا در شبکه آزمایشگاه‌های عضو است. آزمایشگاه‌ها
            نمونه‌ها را با شماره بسته ثبت می‌کنند و هر کسی می‌تواند با همان شماره، نتیجه آزمایش را به‌صورت
            برخط استعلام کند.
          </Text>
          <Stack gap={0}>
            <LabelValueRow label="فعالیت">عیارسنجی و رهگیری بازار طلا</LabelValueRow>
            <LabelValueRow label="شرکت">{SITE.company}</LabelValueRow>
            <LabelValueRow label="نشانی">
              {SITE.address}{' '}
              <Anchor
                href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(SITE.address)}`}
                target="_blank"
                rel="noopener noreferrer"
                c="ink.7"
                size="sm"
              >
                (نمایش روی نقشه)
              </Anchor>
            </LabelValueRow>
            <LabelValueRow label="کد پستی">
              <Ltr>{toPersianDigits(SITE.postalCode)}</Ltr>
            </LabelValueRow>
            <LabelValueRow label="تلفن">
              <Anchor href={`tel:${SITE.supportPhone.replace(/\D/g, '')}`} c="ink.7">
                <Ltr>{toPersianDigits(SITE.supportPhone)}</Ltr>
              </Anchor>
            </LabelValueRow>
            <LabelValueRow label="نسخه">
              <Ltr>{APP_VERSION}</Ltr>
            </LabelValueRow>
          </Stack>
        </Stack>
      </Paper>
    </PublicLayout>
  );
}
