import { useState } from 'react';
import type { Control } from 'react-hook-form';
import { Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { EditUserInput, EditUserRequest } from '@ayar/contract';
import { useFormField } from '../../../components/ui/form/index.ts';
import { IconDownload } from '../../../components/ui/icons.tsx';
import { alertSuccess } from '../../../lib/alert.ts';
import { downloadStoredFile, uploadWorkshopAudio } from '../api.ts';

/** A speaker: the audio file's link. */
function IconSpeaker({ size = 18 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 9h4l5-4v14l-5-4H4z" />
      <path d="M16.5 8.5a5 5 0 0 1 0 7" />
      <path d="M19 6a8.5 8.5 0 0 1 0 12" />
    </svg>
  );
}

/** The uploaded audio: a link with an icon once there is one, and a button to upload (another). */
export function AudioField({ control }: { control: Control<EditUserInput, unknown, EditUserRequest> }) {
  const { value, onChange, error } = useFormField(control, 'file');
  const [uploading, setUploading] = useState(false);
  // uploadWorkshopAudio never rejects (a failure is alerted and gives null), so the button calls it as void.
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    const result = await uploadWorkshopAudio(file);
    setUploading(false);
    if (result) {
      onChange(result.address);
      alertSuccess(`${result.message}؛ برای ثبت، «ذخیره» را بزنید`);
    }
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        فایل صوتی
      </Text>
      <Group gap="sm" wrap="wrap">
        {value ? (
          <Anchor
            component="button"
            type="button"
            c="ink.7"
            onClick={() => void downloadStoredFile(value, 'audio')}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
          >
            <IconSpeaker />
            فایل صوتی آزمایشگاه
            <IconDownload size={16} />
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            فایلی بارگذاری نشده است
          </Text>
        )}
        <FileButton accept="audio/*,.mp3,.ogg,.wav,.m4a,.amr,.webm" onChange={(file) => void upload(file)}>
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={uploading}>
              {value ? 'بارگذاری فایل دیگر' : 'بارگذاری فایل صوتی'}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
            حذف فایل
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        mp3، ogg، wav، m4a، amr یا webm؛ حداکثر ۵ مگابایت
      </Text>
      {error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
