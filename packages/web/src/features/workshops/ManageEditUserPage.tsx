import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { EditUserInput, WorkshopDetail } from '@ayar/contract';
import { alertSuccess } from '../../lib/alert.ts';
import { applyFieldErrors } from '../../lib/applyFieldErrors.ts';
import { WORKSHOPS_KEY, useEditWorkshop, workshopQueries } from './api.ts';
import { LIST_PATH } from './links.ts';
import { EditWorkshopForm, WORKSHOP_FORM_FIELDS } from './WorkshopForm.tsx';
import { WorkshopStatusCard } from './components/WorkshopStatus.tsx';
import { LabStaffSection } from './components/LabStaffSection.tsx';
import { LabStaffStatisticsSection } from './components/LabStaffStatisticsSection.tsx';

function toEditInput(detail: WorkshopDetail): EditUserInput {
  return {
    userId: detail.userId,
    fName: detail.fName,
    fullName: detail.fullName,
    cellPhone: detail.cellPhone ?? '',
    phone: detail.phone ?? '',
    rejeCode: detail.rejeCode ?? '',
    address: detail.address ?? '',
    userName: detail.userName,
    password: '',
    confirmPassword: '',
    isPublicUser: detail.isPublicUser,
    isLabOwner: detail.isLabOwner,
    file: detail.file,
  };
}

/** manage/edit-user/{id}/{name}: edit a workshop; the password stays unless both fields are filled. */
export function ManageEditUserPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery({ ...workshopQueries.detail(id), enabled: id !== '' });
  const edit = useEditWorkshop();
  const item = detail.data?.[0];

  if (detail.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  if (!item) {
    return (
      <Paper withBorder radius="lg" p="xl" ta="center" maw={560}>
        <Stack align="center">
          <Text c="dimmed">این آزمایشگاه پیدا نشد.</Text>
          <Button component={Link} to={LIST_PATH} variant="light">
            بازگشت به لیست آزمایشگاه‌ها
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <WorkshopStatusCard
        workshop={{ id: item.userId, fName: item.fName, status: item.status }}
        code={item.code}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: WORKSHOPS_KEY })}
      />
      <EditWorkshopForm
        key={item.id}
        initial={toEditInput(item)}
        pending={edit.isPending}
        onSubmit={async (values, form) => {
          try {
            const envelope = await edit.mutateAsync(values);
            alertSuccess(envelope.message);
            void queryClient.invalidateQueries({ queryKey: WORKSHOPS_KEY });
            void navigate(LIST_PATH);
          } catch (error) {
            applyFieldErrors(error, form.setError, WORKSHOP_FORM_FIELDS);
          }
        }}
      />
      <LabStaffSection userId={item.userId} />
      <LabStaffStatisticsSection userId={item.userId} />
    </Stack>
  );
}
