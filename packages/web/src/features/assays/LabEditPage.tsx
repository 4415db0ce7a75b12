import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Control, Resolver, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ASSAY_MSG,
  OTHER_CUSTOMER_ID,
  RESULT_VERSION_MSG,
  ROUTES,
  TEST_TYPES,
  editTestSchema,
} from '@ayar/contract';
import type { CustomerSearchItem, EditTestRequest, LabDetail } from '@ayar/contract';
import { alertSuccess } from '../../lib/alert.ts';
import { getUserSettings, useAuth } from '../../lib/auth.ts';
import { useUnsavedInput } from '../../lib/unsaved.ts';
import { useCan } from '../../lib/roles.ts';
import { applyFieldErrors } from '../../lib/applyFieldErrors.ts';
import { CustomerAutocomplete } from '../../components/search/CustomerAutocomplete.tsx';
import { FormDigitsField, FormGramsField, FormTextareaField } from '../../components/ui/form/index.ts';
import { ASSAY_KEYS, assayQueries, useEditTest } from './api.ts';
import { OwnerFields, PacketTypeField, SmsField } from './components/PacketFields.tsx';
import { PacketDeletePanel } from './components/PacketDeletePanel.tsx';
import { WITHDRAWN_LABEL } from './components/PurityBadge.tsx';
import { PacketHeading } from './components/PacketHeading.tsx';
import { WithdrawnResultNotice } from './components/WithdrawnResultNotice.tsx';
import { ResultVersions } from './components/ResultVersions.tsx';
import { FireAssayPanel } from './components/FireAssayPanel.tsx';
import { CORRECTION_REASON, OTHER_CUSTOMER, PACKET_FIELDS, purityNeedsReason } from './packetForm.ts';
import type { PacketFormValues } from './packetForm.ts';
import { href } from '../../lib/screens.ts';
import { SAVE_TITLE, submitOnSaveKey } from '../../lib/keys.ts';

interface EditForm extends PacketFormValues {
  testId: string;
  sendSMS: boolean;
  reason: string;
}

const FIELDS = [...PACKET_FIELDS, 'reason'] as const;

const text = (n: number | null) => (n === null ? '' : String(n));

/** lab/edit/:id «ویرایش بسته» (docs/product.md §2.10, §5.3, §5.4). */
export function LabEditPage() {
  const { id = '' } = useParams();
  const test = useQuery(assayQueries.one(id));
  return (
    <Stack gap="md" maw={840} mx="auto">
      {test.data ? (
        <EditForm
          key={`${test.data.id}:${test.dataUpdatedAt}`}
          row={test.data}
          onChanged={() => void test.refetch()}
        />
      ) : test.isError ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Stack align="center">
            <Text c="dimmed">این بسته پیدا نشد.</Text>
            <Button component={Link} to={href('lab/list')} variant="light">
              بازگشت به لیست بسته‌ها
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Skeleton height={420} radius="lg" />
      )}
      {test.data && !test.data.deleted ? (
        <FireAssayPanel row={test.data} onChanged={() => void test.refetch()} />
      ) : null}
      {test.data && test.data.resultVersion !== null ? (
        <ResultVersions query={assayQueries.versions(test.data.id)} />
      ) : null}
    </Stack>
  );
}

/** The customer the picker starts with: the packet's, or «مشتری متفرقه». */
function customerOf(row: LabDetail): CustomerSearchItem | null {
  if (row.customerId === OTHER_CUSTOMER_ID) return OTHER_CUSTOMER;
  if (!row.customerId) return null;
  return {
    id: row.customerId,
    name: row.customerName,
    settings: null,
    customerSettings: null,
    code: row.customerCode ?? 0,
    mobile: null,
  };
}

function valuesOf(row: LabDetail): EditForm {
  const isOther = row.customerId === OTHER_CUSTOMER_ID;
  return {
    testId: row.id,
    customerId: row.customerId ?? '',
    customerName: isOther ? OTHER_CUSTOMER.name : row.customerName,
    testFullName: row.testFullName ?? '',
    testMobile: row.testMobile ?? '',
    type: row.type ?? '',
    typeName: row.typeName ?? '',
    cutting: text(row.cutting),
    readyTime: text(row.readyTime),
    sampleWeight: text(row.sampleWeight),
    weight: text(row.weight),
    desc: row.desc ?? '',
    sendSMS: row.sendSMS,
    reason: '',
  };
}

/** The customer: the search, «مشتری متفرقه» and, for that customer, the owner's name and mobile. */
function EditCustomerFields({
  form,
  customer,
  onCustomer,
}: {
  form: UseFormReturn<EditForm, unknown, EditTestRequest>;
  customer: CustomerSearchItem | null;
  onCustomer: (item: CustomerSearchItem | null) => void;
}) {
  const { setValue, clearErrors, control } = form;
  const { errors } = form.formState;
  const otherMode = customer?.id === OTHER_CUSTOMER_ID;
  const choose = (item: CustomerSearchItem | null) => {
    onCustomer(item);
    setValue('customerId', item?.id ?? '');
    setValue('customerName', item?.name ?? '');
  };
  return (
    <>
      <CustomerAutocomplete
        label="نام مشتری"
        withAsterisk
        value={customer}
        onChange={(item) => {
          choose(item);
          if (item) clearErrors(['customerId', 'customerName']);
        }}
        error={errors.customerId?.message ?? errors.customerName?.message}
      />
      <Checkbox
        label="مشتری متفرقه"
        checked={otherMode}
        onChange={(event) => choose(event.currentTarget.checked ? OTHER_CUSTOMER : null)}
      />
      {otherMode ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <OwnerFields control={control} />
        </SimpleGrid>
      ) : null}
    </>
  );
}

/** The purity's hint: what saving it does, or why it is read-only. */
function purityHint(row: LabDetail, purityEditable: boolean): string {
  if (!purityEditable) return 'مهلت اصلاح گذشته است';
  if (row.resultStatus === 'withdrawn') return 'عیار دیگر، نتیجه را دوباره منتشر می‌کند';
  return row.waitFor ? 'سه رقم؛ خالی یعنی در انتظار' : 'تا ۶۰ دقیقه پس از ثبت قابل اصلاح است';
}

/**
 * Type, purity (while it may change), ready time and weights. A withdrawn result past the window
 * shows «باطل شده» instead of its recorded purity: the lab can no longer reissue it (ADR 0029).
 */
function EditPacketFields({
  control,
  row,
  types,
  purityEditable,
  withPurity,
}: {
  control: Control<EditForm, unknown, EditTestRequest>;
  row: LabDetail;
  types: readonly { id: string; name: string }[];
  purityEditable: boolean;
  /** The purity is the assayer's and the owner's (ADR 0049): the counter never sees the field. */
  withPurity: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
      <PacketTypeField control={control} types={types} label="نوع نمونه" size="md" />
      {!withPurity ? null : row.resultStatus === 'withdrawn' && !purityEditable ? (
        <TextInput
          label="عیار"
          value={WITHDRAWN_LABEL}
          readOnly
          variant="filled"
          description="فقط مدیر شبکه می‌تواند آن را دوباره منتشر کند"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      ) : (
        <FormDigitsField
          control={control}
          name="cutting"
          label="عیار"
          maxLength={3}
          readOnly={!purityEditable}
          description={purityHint(row, purityEditable)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      )}
      {row.title || row.waitFor ? (
        <FormDigitsField control={control} name="readyTime" label="زمان آماده شدن (دقیقه)" maxLength={4} />
      ) : null}
      <FormGramsField control={control} name="weight" label="وزن طلا (گرم)" />
      <FormGramsField control={control} name="sampleWeight" label="وزن نمونه (گرم)" />
    </SimpleGrid>
  );
}

/**
 * Saving the edit: the purity only while it may change (never cleared once given), a correction of a
 * published purity only with its reason; then back to the list.
 */
function useSaveEdit(
  row: LabDetail,
  form: UseFormReturn<EditForm, unknown, EditTestRequest>,
  withPurity: boolean,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const edit = useEditTest();
  const purityEditable = withPurity && (row.waitFor || row.canUpdate);
  const { setError } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    const body: EditTestRequest = { ...values, sendCall: values.sendSMS };
    if (!purityEditable) delete body.cutting;
    else if (values.cutting === null && row.cutting !== null) {
      setError('cutting', { type: 'required', message: ASSAY_MSG.cuttingRange });
      return;
    }
    if (purityEditable && purityNeedsReason(row, values.cutting) && !values.reason) {
      setError('reason', { type: 'required', message: RESULT_VERSION_MSG.reasonRequired });
      return;
    }
    if (values.customerId !== OTHER_CUSTOMER_ID) {
      delete body.testFullName;
      delete body.testMobile;
    }
    try {
      const result = await edit.mutateAsync(body);
      alertSuccess(result.message);
      await queryClient.invalidateQueries({ queryKey: ASSAY_KEYS.all });
      void navigate(href('lab/list'));
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
    }
  });
  return { onSubmit, saving: edit.isPending, purityEditable };
}

/** A fieldset that only groups: no border, margin or padding of its own. */
const FIELDSET = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

/** Why the counter's edit of a packet with its purity is read-only (ADR 0049). */
function CounterLockedNote() {
  return (
    <Alert color="gray" variant="light" mb="sm" role="note">
      عیار این بسته ثبت شده است؛ ویرایش آن با عیارسنج یا مدیر آزمایشگاه است. این صفحه برای شما فقط خواندنی
      است.
    </Alert>
  );
}

function EditForm({ row, onChanged }: { row: LabDetail; onChanged: () => void }) {
  const { user } = useAuth();
  const settings = getUserSettings();
  const testTypes = user?.testTypes.length ? user.testTypes : TEST_TYPES.map((t) => ({ ...t }));
  const [customer, setCustomer] = useState<CustomerSearchItem | null>(() => customerOf(row));

  const form = useForm<EditForm, unknown, EditTestRequest>({
    resolver: zodResolver(editTestSchema) as unknown as Resolver<EditForm, unknown, EditTestRequest>,
    defaultValues: valuesOf(row),
  });

  const {
    control,
    register,
    formState: { errors, isDirty },
  } = form;
  useUnsavedInput(isDirty);
  const withPurity = useCan(ROUTES.tests.addCutting.roles);
  const { onSubmit, saving, purityEditable } = useSaveEdit(row, form, withPurity);
  // A packet with its purity is past the counter's part (ADR 0049): they see it, they change nothing.
  const locked = !withPurity && !row.waitFor;

  return (
    <>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <PacketHeading row={row} />

        <form
          onSubmit={(event) => void onSubmit(event)}
          onKeyDown={submitOnSaveKey}
          noValidate
          aria-label="ویرایش بسته"
        >
          {locked ? <CounterLockedNote /> : null}
          <fieldset disabled={locked} style={FIELDSET}>
            <Stack gap="sm">
              {row.resultStatus === 'withdrawn' ? (
                <WithdrawnResultNotice row={row} purityEditable={purityEditable} />
              ) : null}
              <EditCustomerFields form={form} customer={customer} onCustomer={setCustomer} />
              <EditPacketFields
                control={control}
                row={row}
                types={testTypes}
                purityEditable={purityEditable}
                withPurity={withPurity}
              />
              {withPurity && row.resultVersion !== null ? (
                <FormTextareaField
                  control={control}
                  name="reason"
                  {...CORRECTION_REASON}
                  autosize
                  minRows={2}
                  maxRows={5}
                  maxLength={500}
                />
              ) : null}
              {settings.showDesc || row.desc ? (
                <TextInput
                  label="توضیحات"
                  autoComplete="off"
                  error={errors.desc?.message}
                  {...register('desc')}
                />
              ) : null}
              <SmsField control={control} />
              {locked ? null : (
                <Button
                  type="submit"
                  size="md"
                  loading={saving}
                  title={SAVE_TITLE}
                  aria-keyshortcuts="Control+Enter"
                >
                  ذخیره تغییرات
                </Button>
              )}
            </Stack>
          </fieldset>
        </form>
      </Paper>

      <PacketDeletePanel row={row} onChanged={onChanged} />
    </>
  );
}
