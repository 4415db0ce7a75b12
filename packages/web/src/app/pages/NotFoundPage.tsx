import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { href } from '../../lib/screens.ts';

export function NotFoundPage() {
  return (
    <Stack align="center" justify="center" mih="70dvh" gap="sm" p="md" ta="center">
      <Title order={1} fz={22}>
        صفحه پیدا نشد
      </Title>
      <Text c="dimmed">نشانی وارد شده در این برنامه وجود ندارد.</Text>
      <Button component={Link} to={href('landing')}>
        بازگشت به صفحه اصلی
      </Button>
    </Stack>
  );
}
