import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ASSAY_MSG, OTHER_CUSTOMER_ID, toPersianDigits } from '@ayar/contract';
import type { LabDraft } from '@ayar/contract';
import { confirmAction } from '../../components/ui/confirm.tsx';
import { ApiError } from '../../lib/api.ts';
import { alertError, alertInfo, alertSuccess } from '../../lib/alert.ts';
import { useAuth } from '../../lib/auth.ts';
import { ASSAY_KEYS, addTests, checkCode } from './api.ts';
import type { PendingPacket, PendingPackets } from './pending.ts';
import type { EnterToNext } from './useEnterToNext.ts';
import type { LabAddSetup, LabDraftForm } from './useLabAddForm.ts';

const ADDED = 'با موفقیت اضافه شد';

interface ActionsInput {
  setup: LabAddSetup;
  form: LabDraftForm;
  pending: PendingPackets;
  keys: Pick<EnterToNext, 'focusField' | 'focusFirstError'>;
  otherMode: boolean;
  /** A photo is being prepared or uploaded: it belongs to this packet, which waits for it (ADR 13). */
  photosBusy: boolean;
}

/** Asks the server whether the number may be registered; says why not under the field. */
function useNumberCheck({ form, keys }: ActionsInput) {
  const { user } = useAuth();
  return async (docNumber: number): Promise<boolean> => {
    try {
      const checked = await checkCode({ code: docNumber, userId: user?.userId });
      if (checked.data.available) return true;
      const message = checked.message || ASSAY_MSG.codeUsed;
      form.setError('docNumber', { type: 'server', message });
      alertError(message);
    } catch (error) {
      if (error instanceof ApiError) form.setError('docNumber', { type: 'server', message: error.message });
    }
    keys.focusField('docNumber');
    return false;
  };
}

/**
 * «ذخیره و ادامه»: the packet joins the pending list once its number is checked; the number goes up
 * by one and the packet's own fields are cleared for the next.
 */
function useSaveAndContinue(input: ActionsInput, setBusy: (busy: boolean) => void) {
  const { form, pending, keys, otherMode, setup } = input;
  const numberIsFree = useNumberCheck(input);
  const toPending = (draft: LabDraft): PendingPacket => ({
    draft,
    name:
      draft.customerId === OTHER_CUSTOMER_ID
        ? (draft.testFullName ?? draft.customerName)
        : draft.customerName,
    titleName: setup.titleName,
  });

  return form.handleSubmit(async (draft) => {
    // A photo still uploading belongs to this packet: saving now would drop it here and leave it on
    // the next packet's form.
    if (input.photosBusy) return alertInfo(ASSAY_MSG.photosUploading);
    if (pending.has(draft.docNumber)) {
      form.setError('docNumber', { type: 'duplicate', message: ASSAY_MSG.duplicate });
      alertError(ASSAY_MSG.duplicate);
      keys.focusField('docNumber');
      return;
    }
    setBusy(true);
    const free = await numberIsFree(draft.docNumber);
    setBusy(false);
    if (!free) return;
    pending.add(toPending(draft));
    alertSuccess(ADDED);
    for (const name of ['cutting', 'testFullName', 'testMobile', 'sampleWeight', 'weight'] as const) {
      form.setValue(name, '');
    }
    form.setValue('images', []);
    form.setValue('docNumber', String(draft.docNumber + 1));
    form.clearErrors();
    window.setTimeout(() => keys.focusField(otherMode ? 'testFullName' : 'cutting'), 0);
  }, keys.focusFirstError);
}

/** lab/add's two actions, «ذخیره و ادامه» and «ثبت», and whether one is running. */
export function useLabAddActions(input: ActionsInput) {
  const { form, pending, keys, setup } = input;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const saveAndContinue = useSaveAndContinue(input, setBusy);

  const post = async (list: LabDraft[]) => {
    setBusy(true);
    try {
      const result = await addTests(list);
      alertSuccess(result.message);
      pending.clear();
      await queryClient.invalidateQueries({ queryKey: ASSAY_KEYS.all });
      void navigate('/lab/list', { state: { added: result.data.list } });
    } catch {
      // The client has shown the server's reason; the list stays as it was.
    } finally {
      setBusy(false);
    }
  };

  /** «ثبت»: the pending list, or the form itself when the list is empty (Ctrl+Enter too). */
  const registerAll = async () => {
    if (input.photosBusy) return alertInfo(ASSAY_MSG.photosUploading);
    if (busy) return;
    if (pending.list.length === 0) {
      await form.handleSubmit((draft) => post([draft]), keys.focusFirstError)();
      return;
    }
    const v = form.getValues();
    const unsaved = v.cutting || v.sampleWeight || v.weight || v.testFullName || v.images.length > 0;
    if (unsaved) {
      const ok = await confirmAction({
        title: 'بسته فعلی در لیست نیست',
        message: `اطلاعات ${setup.numberLabel} ${toPersianDigits(v.docNumber)} هنوز با «ذخیره و ادامه» به لیست اضافه نشده و ثبت نمی‌شود. فقط لیست ثبت شود؟`,
        confirmLabel: 'ثبت لیست',
      });
      if (!ok) return;
    }
    await post(pending.list.map((p) => p.draft));
  };

  return { busy, saveAndContinue, registerAll };
}
