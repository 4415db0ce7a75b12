import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { alertSuccess } from '../../lib/alert.ts';
import { applyFieldErrors } from '../../lib/applyFieldErrors.ts';
import { WORKSHOPS_KEY, useAddWorkshop } from './api.ts';
import { LIST_PATH } from './links.ts';
import { AddWorkshopForm, WORKSHOP_FORM_FIELDS } from './WorkshopForm.tsx';

/** manage/add-user: «ایجاد آزمایشگاه»; success goes back to the list. */
export function ManageAddUserPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const add = useAddWorkshop();
  return (
    <AddWorkshopForm
      pending={add.isPending}
      onSubmit={async (values, form) => {
        try {
          const envelope = await add.mutateAsync(values);
          alertSuccess(envelope.message);
          void queryClient.invalidateQueries({ queryKey: WORKSHOPS_KEY });
          void navigate(LIST_PATH);
        } catch (error) {
          applyFieldErrors(
            error,
            form.setError,
            WORKSHOP_FORM_FIELDS.filter((f) => f !== 'file'),
          );
        }
      }}
    />
  );
}
