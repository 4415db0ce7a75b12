import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PublicLayout } from '../../components/layout/PublicLayout.tsx';
import { Emblem } from '../../components/ui/Emblem.tsx';
import { SITE } from '../../lib/site.ts';
import { AboutContact } from './AboutContact.tsx';

/** about (docs/product.md §2.5): static information about the product. */
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
          <AboutContact />
        </Stack>
      </Paper>
    </PublicLayout>
  );
}
