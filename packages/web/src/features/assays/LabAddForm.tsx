import { useState } from 'react';
import { useWatch } from 'react-hook-form';
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
  Tooltip,
} from '@mantine/core';
import { Link } from 'react-router';
import { OTHER_CUSTOMER_ID, effectiveCustomerSettings, formatVage, toPersianDigits } from '@ayar/contract';
import type { CustomerSearchItem } from '@ayar/contract';
import { CustomerAutocomplete } from '../../components/search/CustomerAutocomplete.tsx';
import {
  FormCheckboxField,
  FormDigitsField,
  FormGramsField,
  FormPhotosField,
} from '../../components/ui/form/index.ts';
import { IconUserPlus } from '../../components/ui/icons.tsx';
import { OwnerFields, PacketTypeField, SmsField } from './components/PacketFields.tsx';
import { useAssaysOffline } from './offline.ts';
import { OTHER_CUSTOMER } from './packetForm.ts';
import type { PendingPackets } from './pending.ts';
import { fieldId, useEnterToNext } from './useEnterToNext.ts';
import type { EnterToNext, FieldKey } from './useEnterToNext.ts';
import { useLabAddActions } from './useLabAddActions.ts';
import { useLabDraftForm } from './useLabAddForm.ts';
import { useNextNumber } from './useNextNumber.ts';
import type { LabAddSetup, LabDraftForm } from './useLabAddForm.ts';
import { useUnsavedPacket } from './useUnsavedPacket.ts';
import { href } from '../../lib/screens.ts';
import { KEY_LABELS, withKeys } from '../../lib/keys.ts';

/** Offline with none of this device's reserved numbers left (ADR 0033). */
const NO_OFFLINE_NUMBERS =
  'این دستگاه شماره‌ای برای ثبت بدون اینترنت ندارد. یک بار به اینترنت وصل شوید تا شماره‌ها دریافت شود؛ با وصل شدن، فرم دوباره آماده می‌شود.';

/** The fields Enter walks, in order, for this lab's settings and the customer mode. */
function fieldOrder(setup: LabAddSetup, otherMode: boolean): FieldKey[] {
  const { settings, showType, packetMode } = setup;
  return [
    'customer',
    ...(otherMode ? (['testFullName', 'testMobile', 'saveInCustomer'] as const) : []),
    ...(showType ? (['type'] as const) : []),
    'docNumber',
    ...(setup.withPurity ? (['cutting'] as const) : []),
    ...(packetMode ? (['readyTime'] as const) : []),
    ...(settings.showSampleWeight ? (['sampleWeight'] as const) : []),
    ...(settings.showWeight ? (['weight'] as const) : []),
    ...(settings.showDesc ? (['desc'] as const) : []),
    ...(settings.sendSMS ? (['sendSMS'] as const) : []),
  ];
}

/** The customer: the search with «ثبت مشتری جدید», «مشتری متفرقه» and the customer's fee. */
function CustomerFields(props: {
  setup: LabAddSetup;
  form: LabDraftForm;
  customer: CustomerSearchItem | null;
  onCustomer: (item: CustomerSearchItem | null) => void;
  keys: EnterToNext;
}) {
  const { form, customer, keys } = props;
  const { errors } = form.formState;
  const vage = useWatch({ control: form.control, name: 'vage' });
  const otherMode = customer?.id === OTHER_CUSTOMER_ID;
  return (
    <>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <div id={fieldId('customer')} style={{ flex: 1, minWidth: 0 }}>
          <CustomerAutocomplete
            label="نام مشتری"
            withAsterisk
            value={customer}
            onChange={(item) => {
              props.onCustomer(item);
              if (item) window.setTimeout(() => keys.focusField(keys.nextStop('customer') ?? 'docNumber'), 0);
            }}
            error={errors.customerId?.message ?? errors.customerName?.message}
          />
        </div>
        <Tooltip label="ثبت مشتری جدید">
          <ActionIcon
            component={Link}
            to={href('customer/add')}
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
            props.onCustomer(on ? OTHER_CUSTOMER : null);
            window.setTimeout(() => keys.focusField(on ? 'testFullName' : 'customer'), 0);
          }}
        />
        {customer ? (
          <Text size="sm" c="dimmed">
            اجرت: {formatVage(vage, props.setup.settings.vageType)}
          </Text>
        ) : null}
      </Group>
      {otherMode ? (
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <OwnerFields
              control={form.control}
              ids={{ name: fieldId('testFullName'), mobile: fieldId('testMobile') }}
            />
          </SimpleGrid>
          <FormCheckboxField
            control={form.control}
            name="saveInCustomer"
            mt="sm"
            label="ذخیره در لیست مشتریان"
            id={fieldId('saveInCustomer')}
          />
        </Paper>
      ) : null}
    </>
  );
}

/** The packet's own fields: type, number, purity (three digits move on), ready time and weights. */
function PacketFields(props: {
  setup: LabAddSetup;
  form: LabDraftForm;
  numberReady: boolean;
  keys: EnterToNext;
}) {
  const { setup, form, keys } = props;
  const { control } = form;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
      {setup.showType ? (
        <PacketTypeField
          control={control}
          types={setup.testTypes}
          label="نوع نمونه"
          withAsterisk
          size="md"
          searchable
          nothingFoundMessage="نوعی پیدا نشد"
          onPicked={() => {
            form.clearErrors('type');
            window.setTimeout(() => keys.focusField(keys.nextStop('type') ?? 'docNumber'), 0);
          }}
          id={fieldId('type')}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
      <FormDigitsField
        control={control}
        name="docNumber"
        label={setup.numberLabel}
        withAsterisk
        maxLength={12}
        placeholder={props.numberReady ? undefined : 'در حال دریافت…'}
        id={fieldId('docNumber')}
      />
      {setup.withPurity ? (
        <FormDigitsField
          control={control}
          name="cutting"
          label="عیار"
          description="سه رقم؛ خالی یعنی در انتظار"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          maxLength={3}
          placeholder="۷۵۰"
          onFilled={() => {
            const next = keys.nextStop('cutting');
            if (next) keys.focusField(next);
          }}
          id={fieldId('cutting')}
        />
      ) : null}
      {setup.packetMode ? (
        <FormDigitsField
          control={control}
          name="readyTime"
          label="زمان آماده شدن (دقیقه)"
          maxLength={4}
          id={fieldId('readyTime')}
        />
      ) : null}
      {setup.settings.showSampleWeight ? (
        <FormGramsField
          control={control}
          name="sampleWeight"
          label="وزن نمونه (گرم)"
          id={fieldId('sampleWeight')}
        />
      ) : null}
      {setup.settings.showWeight ? (
        <FormGramsField control={control} name="weight" label="وزن طلا (گرم)" id={fieldId('weight')} />
      ) : null}
    </SimpleGrid>
  );
}

/** «ذخیره و ادامه» and «ثبت» (with the pending count), and the keys they answer to. */
function FormActions(props: {
  busy: boolean;
  numberReady: boolean;
  pendingCount: number;
  onRegister: () => Promise<void>;
}) {
  return (
    <>
      <Group gap="sm" grow>
        <Button
          type="submit"
          size="md"
          variant="light"
          loading={props.busy}
          disabled={!props.numberReady}
          title={withKeys('ذخیره و ادامه', KEY_LABELS.saveAndContinue)}
          aria-keyshortcuts="Alt+Enter"
        >
          ذخیره و ادامه
        </Button>
        <Button
          size="md"
          onClick={() => void props.onRegister()}
          loading={props.busy}
          disabled={!props.numberReady}
          title={withKeys('ثبت', KEY_LABELS.save)}
          aria-keyshortcuts="Control+Enter"
        >
          ثبت{props.pendingCount > 0 ? ` (${toPersianDigits(props.pendingCount)})` : ''}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" visibleFrom="sm">
        <Kbd>Enter</Kbd> فیلد بعدی و در آخرین فیلد «ذخیره و ادامه» · <Kbd>Ctrl</Kbd>+<Kbd>Enter</Kbd>{' '}
        {/* Its own text node, as the hint always had it (the line breaks the same). */}
        {'ثبت نهایی'} · <Kbd>Alt</Kbd>+<Kbd>Enter</Kbd> ذخیره و ادامه از هر فیلد · <Kbd>؟</Kbd> میانبرها
      </Text>
    </>
  );
}

/** The chosen customer: its fee and SMS choice fill the form; leaving «مشتری متفرقه» clears the owner. */
function useCustomerChoice(form: LabDraftForm, setup: LabAddSetup) {
  const [customer, setCustomer] = useState<CustomerSearchItem | null>(null);
  const applyCustomer = (item: CustomerSearchItem | null) => {
    setCustomer(item);
    const fee = effectiveCustomerSettings(item?.settings, setup.defaults);
    const { setValue, clearErrors } = form;
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
  return { customer, applyCustomer };
}

/**
 * lab/add's form (docs/product.md §2.9, §4.2): a lab registers packet after packet without the mouse. Enter moves
 * to the next field, the purity moves on by itself after three digits, Enter on the last field is
 * «ذخیره و ادامه» and Ctrl+Enter is «ثبت».
 */
export function LabAddForm({ setup, pending }: { setup: LabAddSetup; pending: PendingPackets }) {
  const form = useLabDraftForm(setup);
  const { customer, applyCustomer } = useCustomerChoice(form, setup);
  const [photosBusy, setPhotosBusy] = useState(false);
  const otherMode = customer?.id === OTHER_CUSTOMER_ID;
  const { ready: numberReady, noNumbers } = useNextNumber(form);
  const offline = useAssaysOffline();
  useUnsavedPacket(form.control);
  const keys = useEnterToNext(fieldOrder(setup, otherMode));
  const { busy, saveAndContinue, registerAll } = useLabAddActions({
    setup,
    form,
    pending,
    keys,
    otherMode,
    photosBusy,
  });
  const onKeyDown = keys.keyDownHandler({
    onCtrlEnter: () => void registerAll(),
    onLastField: () => void saveAndContinue(),
    onAltEnter: () => void saveAndContinue(),
    // Enter on an empty customer says why it stays.
    onEnter: (key) => {
      if (key !== 'customer' || customer) return false;
      void form.trigger('customerId').then(() => keys.focusField('customer'));
      return true;
    },
  });

  return (
    <form
      noValidate
      aria-label="ثبت بسته"
      aria-keyshortcuts="Control+Enter Alt+Enter"
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        void saveAndContinue();
      }}
    >
      <Stack gap="sm">
        {noNumbers ? (
          <Alert color="orange" variant="light" role="alert" title="شماره‌ای برای ثبت آفلاین نیست">
            {NO_OFFLINE_NUMBERS}
          </Alert>
        ) : null}
        <CustomerFields
          setup={setup}
          form={form}
          customer={customer}
          onCustomer={applyCustomer}
          keys={keys}
        />
        <PacketFields setup={setup} form={form} numberReady={numberReady} keys={keys} />
        {setup.settings.showDesc ? (
          <TextInput
            label="توضیحات"
            autoComplete="off"
            error={form.formState.errors.desc?.message}
            {...form.register('desc')}
            id={fieldId('desc')}
          />
        ) : null}
        {setup.settings.sendSMS ? (
          <SmsField
            control={form.control}
            id={fieldId('sendSMS')}
            onToggle={(on) => form.setValue('sendCall', on)}
          />
        ) : null}
        <FormPhotosField
          control={form.control}
          name="images"
          onBusyChange={setPhotosBusy}
          {...(offline ? { upload: offline.uploadPhoto } : {})}
        />
        <FormActions
          busy={busy}
          numberReady={numberReady}
          pendingCount={pending.list.length}
          onRegister={registerAll}
        />
      </Stack>
    </form>
  );
}
