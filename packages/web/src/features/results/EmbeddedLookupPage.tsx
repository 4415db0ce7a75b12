import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Emblem } from '../../components/ui/Emblem.tsx';
import { SITE } from '../../lib/site.ts';
import { ResultLookup } from './ResultLookup.tsx';
import { SupportLine } from './LandingPage.tsx';

/** `:product` + Embedded: the result lookup alone, without the landing chrome (for embedding in a partner site). */
export function EmbeddedLookupPage() {
  return (
    <Container size={520} px="sm" py="md">
      <Paper radius="lg" withBorder p="lg" shadow="xs">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <Emblem size={40} />
            <div>
              <Title order={1} fz={18}>
                استعلام جواب آزمایش
              </Title>
              <Text size="xs" c="dimmed">
                {SITE.tagline}
              </Text>
            </div>
          </Group>
          <ResultLookup />
          <SupportLine />
        </Stack>
      </Paper>
    </Container>
  );
}
