import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { Emblem } from './Emblem.tsx';

/** Placeholder for a screen a later issue builds: its Persian title and «به زودی». */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <Paper withBorder radius="lg" p="xl" shadow="xs" maw={560} mx="auto" mt="md">
      <Stack align="center" gap="sm" ta="center">
        <Emblem size={64} />
        <Title order={2} size="h3">
          {title}
        </Title>
        <Badge size="lg" variant="light" color="gold" radius="sm">
          به زودی
        </Badge>
        <Text c="dimmed" size="sm">
          {description ?? 'این بخش در حال آماده‌سازی است و به زودی در دسترس قرار می‌گیرد.'}
        </Text>
      </Stack>
    </Paper>
  );
}
