import { useForm } from 'react-hook-form';
import type { Control, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Radio, SimpleGrid, Stack } from '@mantine/core';
import { GOLD_UNITS, GOLD_UNIT_LABELS, importMappingDraftSchema } from '@ayar/contract';
import type { GoldUnit, ImportMapping, ImportMappingRequest } from '@ayar/contract';
import { FormTextField, useFormField } from '../../../components/ui/form/index.ts';
import { alertSuccess } from '../../../lib/alert.ts';
import { applyFieldErrors } from '../../../lib/applyFieldErrors.ts';
import { useUnsavedInput } from '../../../lib/unsaved.ts';
import { useAddImportMapping } from '../api.ts';

interface MappingValues {
  name: string;
  instrument: string;
  sampleColumn: string;
  goldColumn: string;
  goldUnit: GoldUnit;
  stripPrefix: string;
  stripSuffix: string;
}
const EMPTY: MappingValues = {
  name: '',
  instrument: '',
  sampleColumn: '',
  goldColumn: '',
  goldUnit: 'percent',
  stripPrefix: '',
  stripSuffix: '',
};
const FIELDS = [
  'name',
  'instrument',
  'sampleColumn',
  'goldColumn',
  'goldUnit',
  'stripPrefix',
  'stripSuffix',
] as const;

type TextName = Exclude<keyof MappingValues, 'goldUnit'>;
/** Column names and affixes are the file's own text (often Latin): typed left to right. */
const TEXT_FIELDS: { name: TextName; label: string; description?: string; ltr?: boolean }[] = [
  { name: 'name', label: 'نام الگو' },
  { name: 'instrument', label: 'نام دستگاه', description: 'روی نتیجه می‌آید: «روش: XRF — نام دستگاه»' },
  {
    name: 'sampleColumn',
    label: 'عنوان ستون شناسه نمونه',
    description: 'همان‌طور که در سطر اول فایل است',
    ltr: true,
  },
  { name: 'goldColumn', label: 'عنوان ستون طلا', description: 'همان‌طور که در سطر اول فایل است', ltr: true },
  { name: 'stripPrefix', label: 'پیشوند شناسه برای حذف (اختیاری)', description: 'مثل AY-', ltr: true },
  { name: 'stripSuffix', label: 'پسوند شناسه برای حذف (اختیاری)', ltr: true },
];

type MappingControl = Control<MappingValues, unknown, ImportMappingRequest>;

/** Gold's unit in the file: percent (75.08) or per mille (750); ADR 0059 rounds both down to per mille. */
function GoldUnitField({ control }: { control: MappingControl }) {
  const field = useFormField(control, 'goldUnit');
  return (
    <Radio.Group label="واحد طلا در فایل" value={field.value} onChange={field.onChange} error={field.error}>
      <Group gap="lg" mt={4}>
        {GOLD_UNITS.map((unit) => (
          <Radio key={unit} value={unit} label={GOLD_UNIT_LABELS[unit]} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * «الگوی تازه» (ADR 0059): which header holds the sample id and which the gold, and gold's unit. Checked
 * with the server's own schema (`importMappingDraftSchema`) before sending; the server's refusals (a
 * taken name) go under their fields and what was typed stays.
 */
export function MappingForm({
  opened,
  onClose,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  onSaved: (mapping: ImportMapping) => void;
}) {
  const add = useAddImportMapping();
  const form = useForm<MappingValues, unknown, ImportMappingRequest>({
    resolver: zodResolver(importMappingDraftSchema) as unknown as Resolver<
      MappingValues,
      unknown,
      ImportMappingRequest
    >,
    defaultValues: EMPTY,
  });
  useUnsavedInput(opened && form.formState.isDirty);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const envelope = await add.mutateAsync(values);
      alertSuccess(envelope.message || 'الگو ذخیره شد');
      form.reset(EMPTY);
      onSaved(envelope.data);
    } catch (error) {
      applyFieldErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="الگوی تازهٔ خواندن فایل" size="lg">
      <form aria-label="الگوی تازهٔ خواندن فایل" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {TEXT_FIELDS.map((f) => (
              <FormTextField
                key={f.name}
                control={form.control}
                name={f.name}
                label={f.label}
                description={f.description}
                withAsterisk={!f.name.startsWith('strip')}
                ltr={f.ltr}
              />
            ))}
          </SimpleGrid>
          <GoldUnitField control={form.control} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              انصراف
            </Button>
            <Button type="submit" loading={add.isPending}>
              ذخیرهٔ الگو
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
