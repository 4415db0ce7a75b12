import { Alert, Anchor, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PUBLIC_TOKEN_PATTERN, RESULT_MSG } from '@ayar/contract';
import { Emblem } from '../../components/ui/Emblem.tsx';
import { SITE } from '../../lib/site.ts';
import { ResultList } from './ResultList.tsx';
import { SupportLine } from './LandingPage.tsx';
import { resultQueries } from './api.ts';

/** `/r/:token`: the result a slip's QR code points at, the same item as the lookup by number. */
export function PublicResultPage() {
  const { token = '' } = useParams();
  const valid = PUBLIC_TOKEN_PATTERN.test(token);
  const result = useQuery({ ...resultQueries.byToken(token), enabled: valid });

  let body;
  if (!valid) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {RESULT_MSG.tokenInvalid}
      </Alert>
    );
  } else if (result.isPending) {
    body = (
      <Group justify="center" py="lg" gap="sm" role="status">
        <Loader size="sm" />
        <Text c="dimmed">در حال دریافت نتیجه...</Text>
      </Group>
    );
  } else if (result.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {result.error.message}
      </Alert>
    );
  } else {
    body = <ResultList items={result.data.list} showLink={false} />;
  }

  return (
    <Container component="main" size={520} px="sm" py="md">
      <Paper radius="lg" withBorder p="lg" shadow="xs">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <Emblem size={40} />
            <div>
              <Title order={1} fz={18}>
                نتیجه آزمایش
              </Title>
              <Text size="xs" c="dimmed">
                {SITE.tagline}
              </Text>
            </div>
          </Group>
          {body}
          <Anchor component={Link} to="/" size="sm" ta="center">
            استعلام شماره دیگر
          </Anchor>
          <SupportLine />
        </Stack>
      </Paper>
    </Container>
  );
}
