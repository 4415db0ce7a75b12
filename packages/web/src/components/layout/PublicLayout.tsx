import type { ReactNode } from 'react';
import { ActionIcon, Box, Container, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconArrowBack } from '../ui/icons.tsx';
import { href } from '../../lib/screens.ts';

/** Header for public pages besides the landing page: a back arrow to '/' and the title. */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box mih="100dvh" bg="#f5f6f8">
      <Box component="header" bg="ink.9" c="white" style={{ boxShadow: '0 2px 8px rgb(0 0 0 / 0.15)' }}>
        <Container size={720} px="sm">
          <Group h={60} gap={4} wrap="nowrap">
            <ActionIcon
              component={Link}
              to={href('landing')}
              variant="subtle"
              color="gray.0"
              size="lg"
              aria-label="بازگشت به صفحه اصلی"
            >
              <IconArrowBack />
            </ActionIcon>
            <Title order={1} fz={18} c="white">
              {title}
            </Title>
          </Group>
        </Container>
      </Box>
      <Container size={720} px="md" py="md" component="main">
        {children}
      </Container>
    </Box>
  );
}
