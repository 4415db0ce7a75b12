import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Control, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import {
  OTHER_CUSTOMER_ID,
  RESULT_VERSION_MSG,
  TEST_TYPES,
  manageEditTestSchema,
  toPersianDigits,
} from '@ayar/contract';
import type { LabDetail, ManageEditTestRequest } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { confirmThenRun } from '../../../components/ui/confirmThenRun.ts';
import { IconTrash } from '../../../components/ui/icons.tsx';
import { alertSuccess } from '../../../lib/alert.ts';
import { formatJalaliDateTime, SEP } from '../../../lib/format.ts';
import { useUnsavedInput } from '../../../lib/unsaved.ts';
import { applyFieldErrors } from '../../../lib/applyFieldErrors.ts';
import { FormDigitsField } from '../../../components/ui/form/index.ts';
import { ASSAY_KEYS, assayQueries, useManageDeleteTest, useManageEditTest } from '../api.ts';
import { OwnerFields, PacketTypeField } from '../components/PacketFields.tsx';
import { PurityBadge } from '../components/PurityBadge.tsx';
import { ResultVersions } from '../components/ResultVersions.tsx';
import { PACKET_FIELDS, purityNeedsReason } from '../packetForm.ts';
import type { PacketFormValues } from '../packetForm.ts';
import { DELETE_QUESTION } from './AdminLabList.tsx';
import { DeclineDeleteButton } from './DeclineDeleteButton.tsx';
import { PacketHistory } from './PacketHistory.tsx';
import { PacketPhotos } from './PacketPhotos.tsx';
import { ResultChangeFields } from './ResultChangeFields.tsx';
import { WithdrawResultButton, canWithdraw } from './WithdrawResultButton.tsx';
import { href } from '../../../lib/screens.ts';

/** The form's fields, as typed (text); the contract's `manageEditTestSchema` turns them into the request. */
export interface EditLabValues extends PacketFormValues {
  testId: string;
  vage: string;
  reason: string;
}

const FIELDS = [...PACKET_FIELDS, 'vage', 'reason'] as const;

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
/**
 * The admin's weights and fee are not cleaned as they are typed (unlike `FormGramsField`): only the
 * Persian decimal key becomes '.', and the contract's schema names what else is wrong (a fourth decimal,
 * a letter) under the field.
 */
const decimalPoint = (typed: string) => typed.replace('\u066b', '.');

function valuesOf(lab: LabDetail): EditLabValues {
  return {
    testId: lab.id,
    customerId: lab.customerId ?? OTHER_CUSTOMER_ID,
    customerName: lab.customerName,
    testFullName: text(lab.testFullName),
    testMobile: text(lab.testMobile),
    type: text(lab.type),
    typeName: text(lab.typeName),
    cutting: text(lab.cutting),
    readyTime: text(lab.readyTime),
    sampleWeight: text(lab.sampleWeight),
    weight: text(lab.weight),
    vage: text(lab.vage),
    desc: text(lab.desc),
    reason: '',
  };
}

/**
 * The contract's rule, with one screen rule on top: the ready time is shown only while there is no
 * purity (docs/product.md §2.14), so once a purity is typed the hidden field keeps the packet's stored value
 * instead of blocking the save with something the admin cannot see.
 */
function editResolver(storedReadyTime: string): Resolver<EditLabValues, unknown, ManageEditTestRequest> {
  const base = zodResolver(manageEditTestSchema) as unknown as Resolver<
    EditLabValues,
    unknown,
    ManageEditTestRequest
  >;
  return (values, context, options) =>
    base(values.cutting.trim() ? { ...values, readyTime: storedReadyTime } : values, context, options);
}

/** manage/edit-lab/:id (docs/product.md §2.14, §6.1). */
export function ManageEditLabPage() {
  const { id = '' } = useParams();
  const lab = useQuery(assayQueries.manageOne(id));

  return (
    <Stack gap="md" maw={860} mx="auto">
      {lab.isPending ? (
        <Paper withBorder radius="lg" p="md" role="status" aria-busy="true" aria-label="در حال بارگذاری">
          <Stack gap="sm">
            <Skeleton height={28} width="40%" />
            <Skeleton height={220} />
          </Stack>
        </Paper>
      ) : lab.data ? (
        // Keyed by id: another packet starts a fresh form.
        <EditLabForm key={lab.data.id} lab={lab.data} />
      ) : (
        <Alert color="red" variant="light" title="بسته پیدا نشد">
          این بسته وجود ندارد یا حذف شده است.
        </Alert>
      )}
      {lab.data && lab.data.resultVersion !== null ? (
        <ResultVersions query={assayQueries.manageVersions(lab.data.id)} />
      ) : null}
      {lab.data ? <PacketHistory testId={lab.data.id} /> : null}
    </Stack>
  );
}

/** The packet, its lab and who registered it, its state, and whether it was deleted. */
function EditLabHeading({ lab }: { lab: LabDetail }) {
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {lab.titleName} <Ltr>{toPersianDigits(lab.docNumber)}</Ltr>
          </Title>
          <Text size="sm" c="dimmed">
            {lab.labName}
            {SEP}
            {lab.userFullName}
            {SEP}ثبت: <Ltr>{formatJalaliDateTime(lab.date)}</Ltr>
          </Text>
        </Stack>
        <Group gap={6}>
          {lab.resultStatus === 'withdrawn' ? (
            <Badge color="red" variant="light">
              نتیجه باطل شده
            </Badge>
          ) : (
            <PurityBadge waiting={lab.cutting === null} />
          )}
          {lab.forDelete ? (
            <Badge color="red" variant="light">
              درخواست حذف
              {lab.forDeleteDate ? (
                <>
                  {' '}
                  <Ltr>{formatJalaliDateTime(lab.forDeleteDate)}</Ltr>
                </>
              ) : null}
            </Badge>
          ) : null}
        </Group>
      </Group>

      {lab.deleted ? (
        <Alert color="red" variant="light" title="این بسته حذف شده است">
          {lab.deletedAt ? (
            <>
              حذف در <Ltr>{formatJalaliDateTime(lab.deletedAt)}</Ltr>؛{' '}
            </>
          ) : null}
          در نتیجه عمومی نشان داده نمی‌شود و دیگر قابل ویرایش نیست. تاریخچه آن در پایین صفحه است.
        </Alert>
      ) : null}
    </>
  );
}

/** The fields the admin may change; the customer and the number are shown, not edited. */
type EditLabControl = Control<EditLabValues, unknown, ManageEditTestRequest>;

/** A weight as the admin types it: only the Persian decimal key is changed (see `decimalPoint`). */
function AdminGramsField(props: {
  control: EditLabControl;
  name: 'sampleWeight' | 'weight';
  label: string;
  withAsterisk?: boolean;
}) {
  return (
    <FormDigitsField {...props} digitsOnly={false} inputMode="decimal" maxLength={12} parse={decimalPoint} />
  );
}

function EditLabFields({ lab, control }: { lab: LabDetail; control: EditLabControl }) {
  const cutting = useWatch({ control, name: 'cutting' });
  const isOther = lab.customerId === null || lab.customerId === OTHER_CUSTOMER_ID;
  const showReadyTime = cutting.trim() === '';
  const vageLabel = lab.vageType === 0 ? 'اجرت (درصد)' : 'اجرت (تومان)';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      <TextInput
        label="نام مشتری"
        value={isOther ? 'مشتری متفرقه' : lab.customerName}
        readOnly
        variant="filled"
      />
      <TextInput
        label={`شماره ${lab.titleName}`}
        value={toPersianDigits(lab.docNumber)}
        readOnly
        variant="filled"
        attributes={{ input: { dir: 'ltr' } }}
      />
      {isOther ? (
        <OwnerFields control={control} mobile={{ type: 'tel', placeholder: '۰۹۱۲۱۲۳۴۵۶۷', maxLength: 16 }} />
      ) : null}
      <PacketTypeField control={control} types={TEST_TYPES} label="نوع نمونه" placeholder="انتخاب کنید" />
      <FormDigitsField
        control={control}
        name="cutting"
        label="عیار"
        placeholder="مثلاً ۷۵۰"
        maxLength={3}
        description={
          lab.cutting !== null && cutting.trim() === ''
            ? 'با خالی کردن عیار، بسته دوباره در انتظار عیار قرار می‌گیرد.'
            : 'سه رقم، از ۶۰۰ تا ۹۹۹'
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      {showReadyTime ? (
        <FormDigitsField
          control={control}
          name="readyTime"
          label="زمان آماده شدن (دقیقه)"
          maxLength={4}
          description="از ۱ تا ۲۸۸۰ دقیقه"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      ) : null}
      <AdminGramsField control={control} name="sampleWeight" label="وزن نمونه (گرم)" withAsterisk />
      <AdminGramsField control={control} name="weight" label="وزن طلا (گرم)" />
      <FormDigitsField
        control={control}
        name="vage"
        label={vageLabel}
        digitsOnly={lab.vageType !== 0}
        inputMode={lab.vageType === 0 ? 'decimal' : 'numeric'}
        maxLength={12}
        parse={decimalPoint}
      />
    </SimpleGrid>
  );
}

/** Delete, «رد درخواست» while a deletion is asked for, and save. */
function EditLabActions(props: {
  lab: LabDetail;
  busy: boolean;
  deleting: boolean;
  saving: boolean;
  onDelete: () => void;
  onDeclined: () => void;
}) {
  return (
    <Group justify="space-between" gap="sm" mt="xs">
      <Group gap="sm">
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={18} />}
          onClick={props.onDelete}
          loading={props.deleting}
          disabled={props.busy}
        >
          حذف بسته
        </Button>
        {props.lab.forDelete ? (
          <DeclineDeleteButton packet={props.lab} disabled={props.busy} onDeclined={props.onDeclined} />
        ) : null}
        {canWithdraw(props.lab) ? <WithdrawResultButton packet={props.lab} disabled={props.busy} /> : null}
      </Group>
      <Button type="submit" loading={props.saving} disabled={props.busy}>
        ذخیره تغییرات
      </Button>
    </Group>
  );
}

/**
 * After a save or a delete: the admin lists are dropped (the list shows fresh rows, never the packet
 * as it was), the other packet queries only marked stale, so this screen's own query is not asked
 * again for a packet that may be gone.
 */
function useLeave() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (to: string | -1) => {
    queryClient.removeQueries({ queryKey: ASSAY_KEYS.manageList });
    void queryClient.invalidateQueries({ queryKey: ASSAY_KEYS.all, refetchType: 'none' });
    if (to === -1) void navigate(-1);
    else void navigate(to);
  };
}

function EditLabForm({ lab }: { lab: LabDetail }) {
  const [storedReadyTime] = useState(() => text(lab.readyTime));
  const save = useManageEditTest();
  const del = useManageDeleteTest();
  const form = useForm<EditLabValues, unknown, ManageEditTestRequest>({
    resolver: editResolver(storedReadyTime),
    defaultValues: valuesOf(lab),
  });
  const {
    control,
    register,
    formState: { errors, isDirty },
  } = form;
  useUnsavedInput(isDirty);
  const busy = save.isPending || del.isPending;

  const leave = useLeave();

  const onSubmit = form.handleSubmit(async (values) => {
    if (purityNeedsReason(lab, values.cutting, { reissues: true }) && !values.reason) {
      form.setError('reason', { type: 'required', message: RESULT_VERSION_MSG.reasonRequired });
      return;
    }
    try {
      const result = await save.mutateAsync(values);
      alertSuccess(result.message);
      leave(href('manage/labs'));
    } catch (error) {
      applyFieldErrors(error, form.setError, FIELDS);
    }
  });

  const onDelete = async () => {
    const outcome = await confirmThenRun(
      { title: 'حذف بسته', message: DELETE_QUESTION, confirmLabel: 'حذف', danger: true },
      () => del.mutateAsync({ id: lab.id }),
    );
    if (outcome === 'done') leave(-1);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="ویرایش بسته">
        {/* A deleted packet is shown, not edited: every field of the fieldset is disabled. */}
        <fieldset disabled={lab.deleted} style={{ border: 0, padding: 0, margin: 0, minInlineSize: 0 }}>
          <Stack gap="md">
            <EditLabHeading lab={lab} />

            <EditLabFields lab={lab} control={control} />
            <ResultChangeFields lab={lab} control={control} />
            <Textarea
              label="توضیحات"
              autosize
              minRows={2}
              maxRows={6}
              error={errors.desc?.message}
              {...register('desc')}
            />

            <PacketPhotos images={lab.images} />

            {lab.deleted ? null : (
              <EditLabActions
                lab={lab}
                busy={busy}
                deleting={del.isPending}
                saving={save.isPending}
                onDelete={() => void onDelete()}
                onDeclined={() => leave(-1)}
              />
            )}
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
