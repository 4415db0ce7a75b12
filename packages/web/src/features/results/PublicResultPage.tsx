import { Alert, Anchor, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PUBLIC_TOKEN_PATTERN, RESULT_MSG } from '@ayar/contract';
import { Emblem } from '../../components/ui/Emblem.tsx';
import { SITE } from '../../lib/site.ts';
import { ResultList } from './ResultList.tsx';
import { SlipVerdict, verdictOfVersion } from './SlipVerdict.tsx';
import { SupportLine } from './LandingPage.tsx';
import { toEnglishDigits } from '../../lib/format.ts';
import { resultQueries } from './api.ts';
import { href } from '../../lib/screens.ts';

/**
 * The version a slip's QR code names (`?v=2`; typed by hand, in any digits), or null for an address
 * without one or with a garbled one.
 */
export function printedVersion(raw: string | null): number | null {
  const digits = raw === null ? '' : toEnglishDigits(raw.trim());
  if (!/^\d{1,9}$/.test(digits)) return null;
  const version = Number(digits);
  return version >= 1 ? version : null;
}

/**
 * `/r/:token`: the result a slip's QR code points at, the same item as the lookup by number. With
 * `?v=N` (the version the slip printed) it first says whether that paper still holds (ADR 0029).
 */
export function PublicResultPage() {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const printed = printedVersion(searchParams.get('v'));
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
    const [item] = result.data.list;
    body = (
      <>
        {item && printed !== null ? (
          <section aria-label="بررسی برگه">
            <SlipVerdict verdict={verdictOfVersion(item, printed)} onResultPage />
          </section>
        ) : null}
        <ResultList items={result.data.list} ownPage />
      </>
    );
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
          <Anchor component={Link} to={href('landing')} size="sm" ta="center">
            استعلام شماره دیگر
          </Anchor>
          <SupportLine />
        </Stack>
      </Paper>
    </Container>
  );
}
