import { useEffect, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Kbd,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  ASSAY_MSG,
  OTHER_CUSTOMER_ID,
  ROUTES,
  TEST_TYPES,
  effectiveCustomerSettings,
  formatVage,
  labDraftFor,
  toPersianDigits,
} from '@ayar/contract';
import type { AddTestResponse, CustomerSearchItem, LabDraft } from '@ayar/contract';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { PhotoUploader } from '../../components/ui/PhotoUploader.tsx';
import { confirmAction } from '../../components/ui/confirm.tsx';
import { IconUserPlus } from '../../components/ui/icons.tsx';
import { ApiError, apiCall, apiRequest } from '../../lib/api.ts';
import { alertError, alertInfo, alertSuccess } from '../../lib/alert.ts';
import { getUserSettings, useAuth } from '../../lib/auth.ts';
import { CustomerAutocomplete } from '../customers/components/CustomerAutocomplete.tsx';
import { ASSAYS_KEY } from './api.ts';
import {
  FormDigitsField,
  FormGramsField,
  OwnerFields,
  PacketTypeField,
  SmsField,
} from './components/PacketFields.tsx';
import { PendingTable } from './components/PendingTable.tsx';
import { OTHER_CUSTOMER } from './packetForm.ts';
import type { LabForm } from './packetForm.ts';
import { loadPending, savePending } from './pending.ts';
import { useUnsavedPacket } from './useUnsavedPacket.ts';
import type { PendingPacket } from './pending.ts';

type FieldKey =
  | 'customer'
  | 'testFullName'
  | 'testMobile'
  | 'saveInCustomer'
  | 'type'
  | 'docNumber'
  | 'cutting'
  | 'readyTime'
  | 'sampleWeight'
  | 'weight'
  | 'desc'
  | 'sendSMS';

/** Fields Enter stops at; a checkbox is passed over (Space toggles it, Enter moves on). */
const CHECKBOXES: ReadonlySet<FieldKey> = new Set(['saveInCustomer', 'sendSMS']);

const ADDED = 'با موفقیت اضافه شد';

/** Every field of the form has the id `labf-<key>`: Enter finds where it is and where to go by it. */
const FIELD_PREFIX = 'labf-';
const fieldId = (key: FieldKey) => FIELD_PREFIX + key;

/**
 * lab/add «ثبت برگ ری» (SPEC.md 2.9, 4): a lab registers packet after packet without the mouse. Enter
 * moves to the next field, the purity moves on by itself after three digits, Enter on the last field is
 * «ذخیره و ادامه» and Ctrl+Enter is «ثبت».
 */
export function LabAddPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const settings = useMemo(() => getUserSettings(), []);
  const packetMode = settings.labType === 1;
  const numberLabel = packetMode ? 'شماره بسته' : 'شماره انگ';
  const titleName = packetMode ? 'بسته' : 'انگ';
  const testTypes = user?.testTypes.length ? user.testTypes : TEST_TYPES.map((t) => ({ ...t }));
  const showType = !settings.testType;
  const defaults = { vage: settings.vage, sendSMS: settings.sendSMS };

  const schema = useMemo(
    () => labDraftFor({ testType: settings.testType, labType: settings.labType }),
    [settings.testType, settings.labType],
  );
  const emptyForm: LabForm = {
    customerId: '',
    customerName: '',
    testFullName: '',
    testMobile: '',
    saveInCustomer: false,
    type: settings.testType ?? '',
    typeName: testTypes.find((t) => t.id === settings.testType)?.name ?? '',
    docNumber: '',
    cutting: '',
    readyTime: '',
    sampleWeight: '',
    weight: '',
    desc: '',
    sendSMS: defaults.sendSMS,
    sendCall: defaults.sendSMS,
    images: [],
    vage: defaults.vage,
    mainVage: defaults.vage,
    title: packetMode,
    platform: 'w',
  };
  const {
    control,
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    clearErrors,
    trigger,
    formState: { errors },
  } = useForm<LabForm, unknown, LabDraft>({
    resolver: zodResolver(schema) as unknown as Resolver<LabForm, unknown, LabDraft>,
    defaultValues: emptyForm,
  });

  const [customer, setCustomer] = useState<CustomerSearchItem | null>(null);
  const otherMode = customer?.id === OTHER_CUSTOMER_ID;
  const [pending, setPending] = useState<PendingPacket[]>(() => loadPending());
  const [numberReady, setNumberReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [photosBusy, setPhotosBusy] = useState(false);
  const vage = useWatch({ control, name: 'vage' });
  useUnsavedPacket(control);

  useEffect(() => savePending(pending), [pending]);

  // SPEC.md 4: the next number is fetched on open; without one the lab is sent to buy numbers.
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<number>(ROUTES.tests.getCode, { signal: controller.signal })
      .then((next) => {
        const listed = loadPending().map((p) => p.draft.docNumber);
        const after = listed.length > 0 ? Math.max(...listed) + 1 : 0;
        setValue('docNumber', String(Math.max(next, after)));
        setNumberReady(true);
        // Keyboard-first: the counter starts typing the customer at once.
        const field = document.getElementById(`${FIELD_PREFIX}customer`);
        (field instanceof HTMLInputElement ? field : field?.querySelector('input'))?.focus();
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        void navigate('/code/add');
      });
    return () => controller.abort();
  }, [navigate, setValue]);

  // ————— Keyboard —————
  const order: FieldKey[] = [
    'customer',
    ...(otherMode ? (['testFullName', 'testMobile', 'saveInCustomer'] as const) : []),
    ...(showType ? (['type'] as const) : []),
    'docNumber',
    'cutting',
    ...(packetMode ? (['readyTime'] as const) : []),
    ...(settings.showSampleWeight ? (['sampleWeight'] as const) : []),
    ...(settings.showWeight ? (['weight'] as const) : []),
    ...(settings.showDesc ? (['desc'] as const) : []),
    ...(settings.sendSMS ? (['sendSMS'] as const) : []),
  ];
  const inputOf = (key: FieldKey) => {
    const el = document.getElementById(fieldId(key));
    return { el, input: el instanceof HTMLInputElement ? el : el?.querySelector('input') };
  };
  const focusField = (key: FieldKey) => {
    const { el, input } = inputOf(key);
    (input ?? el)?.focus();
    if (input instanceof HTMLInputElement && input.type !== 'checkbox') input.select();
  };
  /** The field after `key` that Enter stops at, or null at the end of the form. */
  const nextStop = (key: FieldKey): FieldKey | null => {
    const rest = order.slice(order.indexOf(key) + 1).filter((k) => !CHECKBOXES.has(k));
    return rest[0] ?? null;
  };
  const keyOf = (target: EventTarget): FieldKey | null => {
    const el = target instanceof Element ? target.closest(`[id^="${FIELD_PREFIX}"]`) : null;
    const key = el?.id.slice(FIELD_PREFIX.length) as FieldKey | undefined;
    return key && order.includes(key) ? key : null;
  };

  // ————— Customer —————
  const applyCustomer = (item: CustomerSearchItem | null) => {
    setCustomer(item);
    const fee = effectiveCustomerSettings(item?.settings, defaults);
    setValue('customerId', item?.id ?? '');
    setValue('customerName', item?.name ?? '');
    setValue('vage', fee.vage);
    setValue('mainVage', fee.vage);
    setValue('sendSMS', fee.sendSMS);
    setValue('sendCall', fee.sendSMS);
    if (item?.id !== OTHER_CUSTOMER_ID) {
      setValue('testFullName', '');
      setValue('testMobile', '');
      setValue('saveInCustomer', false);
      clearErrors(['testFullName', 'testMobile']);
    }
    if (item) clearErrors(['customerId', 'customerName']);
  };

  // ————— Save and continue —————
  const toPending = (draft: LabDraft): PendingPacket => ({
    draft,
    name:
      draft.customerId === OTHER_CUSTOMER_ID
        ? (draft.testFullName ?? draft.customerName)
        : draft.customerName,
    titleName,
  });

  const saveAndContinue = handleSubmit(async (draft) => {
    // A photo still uploading belongs to this packet: saving now would drop it here and leave it on
    // the next packet's form.
    if (photosBusy) {
      alertInfo(ASSAY_MSG.photosUploading);
      return;
    }
    if (pending.some((p) => p.draft.docNumber === draft.docNumber)) {
      setError('docNumber', { type: 'duplicate', message: ASSAY_MSG.duplicate });
      alertError(ASSAY_MSG.duplicate);
      focusField('docNumber');
      return;
    }
    setBusy(true);
    try {
      const checked = await apiCall<{ code: number; available: boolean }>(ROUTES.tests.checkCode, {
        body: { code: draft.docNumber, userId: user?.userId },
      });
      if (!checked.data.available) {
        const message = checked.message || ASSAY_MSG.codeUsed;
        setError('docNumber', { type: 'server', message });
        alertError(message);
        focusField('docNumber');
        return;
      }
    } catch (error) {
      if (error instanceof ApiError) setError('docNumber', { type: 'server', message: error.message });
      focusField('docNumber');
      return;
    } finally {
      setBusy(false);
    }
    setPending((list) => [...list, toPending(draft)]);
    alertSuccess(ADDED);
    for (const name of ['cutting', 'testFullName', 'testMobile', 'sampleWeight', 'weight'] as const) {
      setValue(name, '');
    }
    setValue('images', []);
    setValue('docNumber', String(draft.docNumber + 1));
    clearErrors();
    window.setTimeout(() => focusField(otherMode ? 'testFullName' : 'cutting'), 0);
  }, focusFirstError);

  function focusFirstError(formErrors: typeof errors) {
    const map: Partial<Record<keyof LabForm, FieldKey>> = {
      customerId: 'customer',
      customerName: 'customer',
      testFullName: 'testFullName',
      testMobile: 'testMobile',
      type: 'type',
      docNumber: 'docNumber',
      cutting: 'cutting',
      readyTime: 'readyTime',
      sampleWeight: 'sampleWeight',
      weight: 'weight',
      desc: 'desc',
    };
    const first = order.find((key) =>
      Object.entries(map).some(([name, k]) => k === key && formErrors[name as keyof LabForm]),
    );
    if (first) focusField(first);
  }

  // ————— Register —————
  const post = async (list: LabDraft[]) => {
    setBusy(true);
    try {
      const result = await apiCall<AddTestResponse>(ROUTES.tests.addTest, { body: list });
      alertSuccess(result.message);
      setPending([]);
      savePending([]);
      await queryClient.invalidateQueries({ queryKey: ASSAYS_KEY });
      void navigate('/lab/list', { state: { added: result.data.list } });
    } catch {
      // The client has shown the server's reason; the list stays as it was.
    } finally {
      setBusy(false);
    }
  };

  const registerAll = async () => {
    if (photosBusy) {
      alertInfo(ASSAY_MSG.photosUploading);
      return;
    }
    if (busy) return;
    if (pending.length === 0) {
      await handleSubmit((draft) => post([draft]), focusFirstError)();
      return;
    }
    const v = getValues();
    const unsaved = v.cutting || v.sampleWeight || v.weight || v.testFullName || v.images.length > 0;
    if (unsaved) {
      const ok = await confirmAction({
        title: 'بسته فعلی در لیست نیست',
        message: `اطلاعات ${numberLabel} ${toPersianDigits(v.docNumber)} هنوز با «ذخیره و ادامه» به لیست اضافه نشده و ثبت نمی‌شود. فقط لیست ثبت شود؟`,
        confirmLabel: 'ثبت لیست',
      });
      if (!ok) return;
    }
    await post(pending.map((p) => p.draft));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      void registerAll();
      return;
    }
    const target = event.target as HTMLElement;
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLButtonElement) return;
    if (event.defaultPrevented) return; // an autocomplete or select chose an option
    const key = keyOf(target);
    if (!key) return;
    event.preventDefault();
    if (key === 'customer' && !customer) {
      void trigger('customerId').then(() => focusField('customer'));
      return;
    }
    const next = nextStop(key);
    if (next) focusField(next);
    else void saveAndContinue();
  };

  return (
    <Stack gap="md" maw={960} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form
          noValidate
          aria-label="ثبت برگ ری"
          aria-keyshortcuts="Control+Enter"
          onKeyDown={onKeyDown}
          onSubmit={(event) => {
            event.preventDefault();
            void saveAndContinue();
          }}
        >
          <Stack gap="sm">
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <div id={fieldId('customer')} style={{ flex: 1, minWidth: 0 }}>
                <CustomerAutocomplete
                  label="نام مشتری"
                  withAsterisk
                  value={customer}
                  onChange={(item) => {
                    applyCustomer(item);
                    if (item) window.setTimeout(() => focusField(nextStop('customer') ?? 'cutting'), 0);
                  }}
                  error={errors.customerId?.message ?? errors.customerName?.message}
                />
              </div>
              <Tooltip label="ثبت مشتری جدید">
                <ActionIcon
                  component={Link}
                  to="/customer/add"
                  size={42}
                  variant="light"
                  aria-label="ثبت مشتری جدید"
                  mb={errors.customerId || errors.customerName ? 22 : 0}
                >
                  <IconUserPlus size={20} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Checkbox
                label="مشتری متفرقه"
                checked={otherMode}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  applyCustomer(on ? OTHER_CUSTOMER : null);
                  window.setTimeout(() => focusField(on ? 'testFullName' : 'customer'), 0);
                }}
              />
              {customer ? (
                <Text size="sm" c="dimmed">
                  اجرت: {formatVage(vage, settings.vageType)}
                </Text>
              ) : null}
            </Group>

            {otherMode ? (
              <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <OwnerFields
                    control={control}
                    ids={{ name: fieldId('testFullName'), mobile: fieldId('testMobile') }}
                  />
                </SimpleGrid>
                <Controller
                  control={control}
                  name="saveInCustomer"
                  render={({ field }) => (
                    <Checkbox
                      mt="sm"
                      label="ذخیره در لیست مشتریان"
                      checked={field.value}
                      onChange={(event) => field.onChange(event.currentTarget.checked)}
                      ref={field.ref}
                      id={fieldId('saveInCustomer')}
                    />
                  )}
                />
              </Paper>
            ) : null}

            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              {showType ? (
                <PacketTypeField
                  control={control}
                  types={testTypes}
                  label="نوع آزمایش"
                  withAsterisk
                  size="md"
                  searchable
                  nothingFoundMessage="نوعی پیدا نشد"
                  onPicked={() => {
                    clearErrors('type');
                    window.setTimeout(() => focusField(nextStop('type') ?? 'docNumber'), 0);
                  }}
                  id={fieldId('type')}
                  comboboxProps={{ withinPortal: true }}
                />
              ) : null}
              <FormDigitsField
                control={control}
                name="docNumber"
                label={numberLabel}
                withAsterisk
                maxLength={12}
                placeholder={numberReady ? undefined : 'در حال دریافت…'}
                id={fieldId('docNumber')}
              />
              <FormDigitsField
                control={control}
                name="cutting"
                label="عیار"
                description="سه رقم؛ خالی یعنی در انتظار"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                maxLength={3}
                placeholder="۷۵۰"
                onFilled={() => {
                  const next = nextStop('cutting');
                  if (next) focusField(next);
                }}
                id={fieldId('cutting')}
              />
              {packetMode ? (
                <FormDigitsField
                  control={control}
                  name="readyTime"
                  label="زمان آماده شدن (دقیقه)"
                  maxLength={4}
                  id={fieldId('readyTime')}
                />
              ) : null}
              {settings.showSampleWeight ? (
                <FormGramsField
                  control={control}
                  name="sampleWeight"
                  label="وزن نمونه (گرم)"
                  id={fieldId('sampleWeight')}
                />
              ) : null}
              {settings.showWeight ? (
                <FormGramsField
                  control={control}
                  name="weight"
                  label="وزن طلا (گرم)"
                  id={fieldId('weight')}
                />
              ) : null}
            </SimpleGrid>
            {settings.showDesc ? (
              <TextInput
                label="توضیحات"
                autoComplete="off"
                error={errors.desc?.message}
                {...register('desc')}
                id={fieldId('desc')}
              />
            ) : null}
            {settings.sendSMS ? (
              <SmsField
                control={control}
                id={fieldId('sendSMS')}
                onToggle={(on) => setValue('sendCall', on)}
              />
            ) : null}
            <Controller
              control={control}
              name="images"
              render={({ field }) => (
                <PhotoUploader value={field.value} onChange={field.onChange} onBusyChange={setPhotosBusy} />
              )}
            />
            {errors.images?.message ? (
              <Text size="sm" c="red" role="alert">
                {errors.images.message}
              </Text>
            ) : null}

            <Group gap="sm" grow>
              <Button type="submit" size="md" variant="light" loading={busy} disabled={!numberReady}>
                ذخیره و ادامه
              </Button>
              <Button
                size="md"
                onClick={() => void registerAll()}
                loading={busy}
                disabled={!numberReady}
                aria-keyshortcuts="Control+Enter"
              >
                ثبت{pending.length > 0 ? ` (${toPersianDigits(pending.length)})` : ''}
              </Button>
            </Group>
            <Text size="xs" c="dimmed" visibleFrom="sm">
              <Kbd>Enter</Kbd> فیلد بعدی و در آخرین فیلد «ذخیره و ادامه» · <Kbd>Ctrl</Kbd>+<Kbd>Enter</Kbd>{' '}
              ثبت نهایی
            </Text>
          </Stack>
        </form>
      </Paper>

      {pending.length > 0 ? (
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h5">
              آماده ثبت
            </Title>
            <Text size="sm" c="dimmed">
              <Ltr>{toPersianDigits(pending.length)}</Ltr> {titleName}
            </Text>
          </Group>
          <PendingTable
            rows={pending}
            numberLabel={numberLabel}
            onDelete={(docNumber) =>
              setPending((list) => list.filter((p) => p.draft.docNumber !== docNumber))
            }
          />
        </Stack>
      ) : (
        <Alert variant="light" color="gray" radius="md">
          با «ذخیره و ادامه» بسته‌ها یکی‌یکی به لیست اضافه می‌شوند و با «ثبت» همه با هم ثبت می‌شوند. اگر لیست
          خالی باشد، «ثبت» همین فرم را ثبت می‌کند.
        </Alert>
      )}
    </Stack>
  );
}
