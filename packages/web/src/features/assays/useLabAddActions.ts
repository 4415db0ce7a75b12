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
import { isNetworkError, isOffline, useAssaysOffline } from './offline.ts';
import type { AssaysOffline } from './offline.ts';
import type { PendingPacket, PendingPackets } from './pending.ts';
import type { EnterToNext } from './useEnterToNext.ts';
import type { LabAddSetup, LabDraftForm } from './useLabAddForm.ts';
import { href } from '../../lib/screens.ts';

const ADDED = 'با موفقیت اضافه شد';
/** Offline, a number must be one this device holds (ADR 0033): no other counter has it. */
const NOT_RESERVED =
  'بدون اینترنت فقط شماره‌هایی ثبت می‌شود که برای این دستگاه کنار گذاشته شده است؛ شماره بعدی این دستگاه در فرم گذاشته شد';
const TAKEN_HERE = 'این شماره در همین دستگاه به کار رفته است (در صف ارسال یا ثبت شده)؛ شماره دیگری بنویسید';
const NONE_RESERVED =
  'بدون اینترنت فقط شماره‌های کنار گذاشته این دستگاه ثبت می‌شود و شماره‌ای نمانده است؛ یک بار به اینترنت وصل شوید';

interface ActionsInput {
  setup: LabAddSetup;
  form: LabDraftForm;
  pending: PendingPackets;
  keys: Pick<EnterToNext, 'focusField' | 'focusFirstError'>;
  otherMode: boolean;
  /** A photo is being prepared or uploaded: it belongs to this packet, which waits for it (ADR 13). */
  photosBusy: boolean;
}

const headersOf = async (offline: AssaysOffline | null) => (offline ? offline.deviceHeaders() : {});

/**
 * Asks the server whether the number may be registered; says why not under the field. Without a
 * connection, the number must be one of this device's reserved numbers instead (`offlinePath` is told).
 */
function useNumberCheck({ form, keys, pending }: ActionsInput) {
  const { user } = useAuth();
  const offline = useAssaysOffline();
  const refuse = (message: string) => {
    form.setError('docNumber', { type: 'server', message });
    alertError(message);
    keys.focusField('docNumber');
    return false;
  };
  /** Offline: this device's number, else the form gets the device's next one and says why. */
  const reserved = async (device: AssaysOffline, docNumber: number) => {
    if (await device.isReserved(docNumber)) return true;
    const next = await device.nextReserved(pending.list.map((p) => p.draft.docNumber));
    if (next === null) return refuse(NONE_RESERVED);
    form.setValue('docNumber', String(next));
    return refuse(NOT_RESERVED);
  };
  return async (docNumber: number): Promise<{ free: boolean; offlinePath: boolean }> => {
    if (offline && isOffline()) return { free: await reserved(offline, docNumber), offlinePath: true };
    // The server cannot know a number a queued entry of this device holds: it would say free.
    if (offline && (await offline.takenHere(docNumber)))
      return { free: refuse(TAKEN_HERE), offlinePath: false };
    try {
      const checked = await checkCode(
        { code: docNumber, userId: user?.userId },
        { headers: await headersOf(offline) },
      );
      if (checked.data.available) return { free: true, offlinePath: false };
      return { free: refuse(checked.message || ASSAY_MSG.codeUsed), offlinePath: false };
    } catch (error) {
      if (offline && isNetworkError(error))
        return { free: await reserved(offline, docNumber), offlinePath: true };
      if (error instanceof ApiError) return { free: refuse(error.message), offlinePath: false };
      keys.focusField('docNumber');
      return { free: false, offlinePath: false };
    }
  };
}

function toPending(draft: LabDraft, setup: LabAddSetup): PendingPacket {
  return {
    draft,
    name:
      draft.customerId === OTHER_CUSTOMER_ID
        ? (draft.testFullName ?? draft.customerName)
        : draft.customerName,
    titleName: setup.titleName,
  };
}

/**
 * The number the form offers after a saved one: this device's next (offline always; online when the
 * saved one was its own, as GetCode offers a counter its own numbers first), else the next one up.
 */
async function nextNumber(
  offline: AssaysOffline | null,
  offlinePath: boolean,
  saved: number,
  pending: PendingPackets,
): Promise<number | null> {
  if (!offline) return saved + 1;
  const own = offlinePath || (await offline.isReserved(saved));
  if (!own) return saved + 1;
  const next = await offline.nextReserved([...pending.list.map((p) => p.draft.docNumber), saved]);
  return next ?? (offlinePath ? null : saved + 1);
}

/**
 * «ذخیره و ادامه»: the packet joins the pending list once its number is checked; the number goes up
 * by one (offline: the next number this device holds) and the packet's own fields are cleared.
 */
function useSaveAndContinue(input: ActionsInput, setBusy: (busy: boolean) => void) {
  const { form, pending, keys, otherMode, setup } = input;
  const offline = useAssaysOffline();
  const numberIsFree = useNumberCheck(input);

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
    const { free, offlinePath } = await numberIsFree(draft.docNumber);
    const next = free ? await nextNumber(offline, offlinePath, draft.docNumber, pending) : null;
    setBusy(false);
    if (!free) return;
    pending.add(toPending(draft, setup));
    alertSuccess(ADDED);
    for (const name of ['cutting', 'testFullName', 'testMobile', 'sampleWeight', 'weight'] as const) {
      form.setValue(name, '');
    }
    form.setValue('images', []);
    form.setValue('docNumber', next === null ? '' : String(next));
    form.clearErrors();
    window.setTimeout(() => keys.focusField(otherMode ? 'testFullName' : 'cutting'), 0);
  }, keys.focusFirstError);
}

/** lab/add's two actions, «ذخیره و ادامه» and «ثبت», and whether one is running. */
export function useLabAddActions(input: ActionsInput) {
  const { form, pending, keys, setup } = input;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const offline = useAssaysOffline();
  const [busy, setBusy] = useState(false);
  const saveAndContinue = useSaveAndContinue(input, setBusy);

  /** No connection: the packets go to the queue, each with a number this device holds (ADR 0033). */
  const queue = async (device: AssaysOffline, list: PendingPacket[]) => {
    try {
      const queued = await device.queuePackets(list);
      alertSuccess(`${toPersianDigits(queued.length)} ${setup.titleName} در صف ارسال قرار گرفت`);
      const moved = queued.flatMap((q, i) => {
        const before = list[i]?.draft.docNumber;
        return before !== undefined && before !== q.docNumber
          ? [`${toPersianDigits(before)} به ${toPersianDigits(q.docNumber)}`]
          : [];
      });
      if (moved.length > 0)
        alertInfo(`${setup.numberLabel} با شماره‌های این دستگاه عوض شد: ${moved.join('، ')}`);
      pending.clear();
      void navigate(href('lab/queue'), { state: { added: queued } });
    } catch (error) {
      alertError(error instanceof Error ? error.message : ASSAY_MSG.noCode);
    }
  };

  const post = async (list: PendingPacket[]) => {
    setBusy(true);
    try {
      if (offline && isOffline()) return await queue(offline, list);
      const drafts = offline
        ? await offline.uploadKeptPhotos(list.map((p) => p.draft))
        : list.map((p) => p.draft);
      const result = await addTests(drafts, { headers: await headersOf(offline) });
      offline?.registered(drafts.map((d) => d.docNumber));
      alertSuccess(result.message);
      pending.clear();
      await queryClient.invalidateQueries({ queryKey: ASSAY_KEYS.all });
      void navigate(href('lab/list'), { state: { added: result.data.list } });
    } catch (error) {
      if (offline && isNetworkError(error)) return await queue(offline, list);
      // The server's reason; the list stays as it was.
      if (error instanceof ApiError) alertError(error.message);
    } finally {
      setBusy(false);
    }
  };

  /** «ثبت»: the pending list, or the form itself when the list is empty (Ctrl+Enter too). */
  const registerAll = async () => {
    if (input.photosBusy) return alertInfo(ASSAY_MSG.photosUploading);
    if (busy) return;
    if (pending.list.length === 0) {
      await form.handleSubmit((draft) => post([toPending(draft, setup)]), keys.focusFirstError)();
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
    await post(pending.list);
  };

  return { busy, saveAndContinue, registerAll };
}
