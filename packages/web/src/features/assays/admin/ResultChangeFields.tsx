import { Alert } from '@mantine/core';
import type { Control } from 'react-hook-form';
import type { LabDetail, ManageEditTestRequest } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { FormTextareaField } from '../../../components/ui/form/index.ts';
import { formatJalaliDateTime } from '../../../lib/format.ts';
import { CORRECTION_REASON } from '../packetForm.ts';
import type { EditLabValues } from './ManageEditLabPage.tsx';

/**
 * The admin's form on a packet whose result is public (ADR 0029): whether it was withdrawn (saving a
 * purity publishes it again), and «علت اصلاح», which the public reads next to a corrected result.
 */
export function ResultChangeFields({
  lab,
  control,
}: {
  lab: LabDetail;
  control: Control<EditLabValues, unknown, ManageEditTestRequest>;
}) {
  if (lab.resultVersion === null) return null;
  return (
    <>
      {lab.resultStatus === 'withdrawn' ? (
        <Alert color="red" variant="light" title="این نتیجه باطل شده است">
          {lab.resultAt ? (
            <>
              باطل شده در <Ltr>{formatJalaliDateTime(lab.resultAt)}</Ltr>.{' '}
            </>
          ) : null}
          ذخیره این فرم با عیار، نتیجه را دوباره منتشر می‌کند؛ علت را بنویسید.
        </Alert>
      ) : null}
      <FormTextareaField
        control={control}
        name="reason"
        {...CORRECTION_REASON}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={500}
      />
    </>
  );
}
