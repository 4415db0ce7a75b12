import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { PasswordField } from '../../components/ui/PasswordField.tsx';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { ROUTES, UI, addPublicUserRequestSchema } from '@ayar/contract';
import type { AddPublicUserInput, AddPublicUserRequest, Paged, PublicLabOwner } from '@ayar/contract';
import { PublicLayout } from '../../app/PublicLayout.tsx';
import { DigitsInput } from '../../components/ui/DigitsInput.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { Paginator } from '../../components/ui/Paginator.tsx';
import { IconInfo, IconPhone, IconSearch, IconUserPlus } from '../../components/ui/icons.tsx';
import { alertSuccess } from '../../lib/alert.ts';
import { toPersianDigits } from '../../lib/format.ts';
import { useApiMutation, useApiQuery } from '../../lib/query.ts';
import { applyFieldErrors } from '../auth/applyFieldErrors.ts';

const REGISTER_FIELDS = [
  'fName',
  'fullName',
  'cellPhone',
  'phone',
  'userName',
  'password',
  'confirmPassword',
] as const;

/** register (SPEC.md 2.3): a lab registers itself; it can sign in once an admin activates it. */
export function RegisterPage() {
  const navigate = useNavigate();
  const submit = useApiMutation<null, AddPublicUserRequest>(ROUTES.account.addPublicUser);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AddPublicUserInput, unknown, AddPublicUserRequest>({
    resolver: zodResolver(addPublicUserRequestSchema),
    defaultValues: {
      fName: '',
      fullName: '',
      cellPhone: '',
      phone: '',
      userName: '',
      password: '',
      confirmPassword: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const envelope = await submit.mutateAsync(values);
      alertSuccess(envelope.message);
      navigate('/');
    } catch (error) {
      applyFieldErrors(error, setError, REGISTER_FIELDS);
    }
  });

  return (
    <PublicLayout title="ثبت نام">
      <Stack gap="md">
        <Alert color="gold" variant="light" radius="md" icon={<IconInfo />} title="توجه">
          این صفحه مخصوص کاربران ری‌گیری است. پس از ثبت نام، حساب شما باید توسط مدیر سامانه فعال شود.
        </Alert>
        <Paper withBorder radius="lg" p="lg" shadow="xs">
          <form onSubmit={onSubmit} noValidate aria-label="ثبت نام آزمایشگاه">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
                <TextInput
                  label="نام آزمایشگاه"
                  withAsterisk
                  error={errors.fName?.message}
                  {...register('fName')}
                />
                <TextInput
                  label="نام مدیر"
                  withAsterisk
                  error={errors.fullName?.message}
                  {...register('fullName')}
                />
                <Controller
                  control={control}
                  name="cellPhone"
                  render={({ field, fieldState }) => (
                    <DigitsInput
                      label="موبایل"
                      placeholder="۰۹۱۲۳۴۵۶۷۸۹"
                      inputMode="tel"
                      autoComplete="tel"
                      maxLength={14}
                      name={field.name}
                      ref={field.ref}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="phone"
                  render={({ field, fieldState }) => (
                    <DigitsInput
                      label="تلفن"
                      inputMode="tel"
                      digitsOnly={false}
                      maxLength={20}
                      name={field.name}
                      ref={field.ref}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              </SimpleGrid>
              <TextInput
                label="نام کاربری"
                description="حروف انگلیسی، رقم و _ . - (دست‌کم ۳ نویسه)"
                withAsterisk
                autoComplete="username"
                attributes={{ input: { dir: 'ltr' } }}
                error={errors.userName?.message}
                {...register('userName')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
                <PasswordField
                  label="رمز عبور"
                  description="دست‌کم ۸ نویسه و نه فقط رقم"
                  withAsterisk
                  autoComplete="new-password"
                  attributes={{ input: { dir: 'ltr' } }}
                  visibilityToggleButtonProps={{ 'aria-label': 'نمایش رمز عبور' }}
                  error={errors.password?.message}
                  {...register('password')}
                />
                <PasswordField
                  label="تکرار رمز عبور"
                  withAsterisk
                  autoComplete="new-password"
                  attributes={{ input: { dir: 'ltr' } }}
                  visibilityToggleButtonProps={{ 'aria-label': 'نمایش تکرار رمز عبور' }}
                  error={errors.confirmPassword?.message}
                  {...register('confirmPassword')}
                />
              </SimpleGrid>
              <Button
                type="submit"
                size="md"
                mt="xs"
                loading={submit.isPending}
                leftSection={<IconUserPlus size={20} />}
              >
                ثبت نام
              </Button>
              <Text size="sm" c="dimmed" ta="center">
                حساب کاربری دارید؟{' '}
                <Anchor component={Link} to="/" c="gold.9" fw={500}>
                  ورود
                </Anchor>
              </Text>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </PublicLayout>
  );
}

const PUBLIC_PAGE_SIZE = 100;

function PhoneLink({ number }: { number: string | null }) {
  if (!number)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <Anchor href={`tel:${number.replace(/[^\d+]/g, '')}`} c="ink.7">
      <Ltr>{toPersianDigits(number)}</Ltr>
    </Anchor>
  );
}

/** lab-owners (SPEC.md 2.4): the public list of labs, 100 a page, active ones first. */
export function LabOwnersPage() {
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedName] = useDebouncedValue(name.trim(), 300);
  const isDesktop = useMediaQuery(`(min-width: ${UI.desktopMinWidth}px)`) ?? false;
  const query = useApiQuery<Paged<PublicLabOwner>>(['workshops', 'public'], ROUTES.account.labOwners, {
    query: { name: debouncedName, pageNumber: page, pageSize: PUBLIC_PAGE_SIZE },
  });
  const data = query.data;

  return (
    <PublicLayout title="لیست آزمایشگاه‌ها">
      <Stack gap="md">
        <TextInput
          label="جستجوی نام آزمایشگاه یا مدیر"
          placeholder="مثلاً: زرین"
          leftSection={<IconSearch size={18} />}
          rightSection={query.isFetching ? <Loader size={16} /> : null}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setPage(1);
          }}
        />
        {data && (
          <Paginator
            page={data.currPage}
            pageSize={data.pageSize}
            total={data.totalCount}
            onChange={setPage}
          />
        )}
        {query.isPending && (
          <Group justify="center" py="xl">
            <Loader />
          </Group>
        )}
        {data && data.list.length === 0 && (
          <Paper withBorder radius="lg" p="xl" ta="center">
            <Text c="dimmed">
              {debouncedName ? 'آزمایشگاهی با این نام پیدا نشد.' : 'هنوز آزمایشگاهی ثبت نشده است.'}
            </Text>
          </Paper>
        )}
        {data && data.list.length > 0 && isDesktop && (
          <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
            <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>نام - نام مدیر</Table.Th>
                  <Table.Th>تلفن</Table.Th>
                  <Table.Th>موبایل</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.list.map((row, index) => (
                  <Table.Tr key={`${row.fName}-${index}`}>
                    <Table.Td>
                      <Text fw={600} span>
                        {row.fName}
                      </Text>
                      {row.fullName && (
                        <Text span c="dimmed">
                          {' - '}
                          {row.fullName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <PhoneLink number={row.phone} />
                    </Table.Td>
                    <Table.Td>
                      <PhoneLink number={row.cellPhone} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
        {data && data.list.length > 0 && !isDesktop && (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.list.map((row, index) => (
              <Card component="li" key={`${row.fName}-${index}`} withBorder radius="md" padding="sm">
                <Text fw={600}>{row.fName}</Text>
                {row.fullName && (
                  <Text size="sm" c="dimmed">
                    مدیر: {row.fullName}
                  </Text>
                )}
                <Group gap="lg" mt={6}>
                  <Group gap={4} wrap="nowrap">
                    <IconPhone size={16} />
                    <Text size="sm" span>
                      تلفن: <PhoneLink number={row.phone} />
                    </Text>
                  </Group>
                  <Text size="sm" span>
                    موبایل: <PhoneLink number={row.cellPhone} />
                  </Text>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
        {data && data.totalCount > data.pageSize && (
          <Paginator
            page={data.currPage}
            pageSize={data.pageSize}
            total={data.totalCount}
            onChange={setPage}
          />
        )}
      </Stack>
    </PublicLayout>
  );
}
