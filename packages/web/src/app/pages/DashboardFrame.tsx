import { Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';

/**
 * The admin dashboard's frame while its code arrives (a direct load fetches the shell and the screen
 * first): the heading and the places of its tiles, so the page never stands as a bare spinner. Small and
 * eager (the router's), with nothing but layout; the screen fills the same places as its data arrives.
 */
export function AdminDashboardFrame() {
  return (
    <Stack gap="lg" maw={1200} mx="auto" data-testid="dashboard-frame">
      <Stack gap="sm">
        <Title order={2} size="h4">
          داشبورد شبکه
        </Title>
        <Skeleton h={72} radius="lg" role="status" aria-label="در حال شمارش آزمایشگاه‌های جدید" />
        <Skeleton h={96} radius="lg" />
        <SimpleGrid
          cols={{ base: 1, xs: 3 }}
          spacing="sm"
          role="status"
          aria-label="در حال بارگذاری خلاصه آمار"
        >
          <Skeleton h={92} radius="lg" />
          <Skeleton h={92} radius="lg" />
          <Skeleton h={92} radius="lg" />
        </SimpleGrid>
        <Paper withBorder radius="lg" p="md">
          <Stack gap="xs" role="status" aria-label="در حال بارگذاری آزمایشگاه‌ها">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} h={44} />
            ))}
          </Stack>
        </Paper>
      </Stack>
    </Stack>
  );
}
