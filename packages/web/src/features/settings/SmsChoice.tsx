import { Alert, Button, Card, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import { pickTemplate, renderTemplate, toPersianDigits } from '@ayar/contract';
import type { editableSettingsSchema } from '@ayar/contract';
import { useFormField } from '../../components/ui/form/index.ts';
import { useAuth } from '../../lib/auth.ts';
import { settingsQueries } from './api.ts';

type Input = z.input<typeof editableSettingsSchema>;

/** Sample values, so the workshop reads each text as its customer will. */
const sample = (labName: string) => ({ d: '100245', c: '750', n: labName, t: '30' });

function TemplateChoice(props: {
  control: Control<Input>;
  name: 'readySms' | 'waitSms';
  label: string;
  list: readonly string[];
  labName: string;
}) {
  const field = useFormField(props.control, props.name);
  const stored = field.value ?? null;
  const effective = pickTemplate(props.list, stored);
  const gone = stored !== null && effective !== stored.trim();
  if (props.list.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {props.label}: مدیر سامانه هنوز متنی ننوشته است؛ متن پیش‌فرض سامانه فرستاده می‌شود.
      </Text>
    );
  }
  return (
    <Radio.Group
      label={props.label}
      description={
        gone
          ? 'متنی که پیش‌تر انتخاب کرده بودید دیگر در فهرست شبکه نیست؛ اکنون نخستین متن فرستاده می‌شود.'
          : undefined
      }
      value={effective ?? null}
      onChange={(text) => field.onChange(text)}
      error={field.error}
    >
      <Stack gap="xs" mt="xs">
        {props.list.map((text, i) => (
          <Paper key={text} withBorder radius="md" p="xs">
            <Radio
              value={text}
              label={
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {toPersianDigits(renderTemplate(text, sample(props.labName)))}
                </Text>
              }
              description={i === 0 ? 'پیش‌فرض شبکه' : undefined}
            />
          </Paper>
        ))}
      </Stack>
    </Radio.Group>
  );
}

/**
 * Which of the network's texts this workshop's customers receive (ADR 0027): one of the ready texts
 * and one of the wait texts the administrator wrote, shown with sample values.
 */
export function SmsChoice({ control }: { control: Control<Input> }) {
  const templates = useQuery(settingsQueries.smsTemplates());
  const labName = useAuth().user?.userFname || 'آزمایشگاه';
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb={4}>
        متن پیامک مشتری
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        از میان متن‌هایی که مدیر سامانه نوشته است، آنچه برای مشتریان شما فرستاده می‌شود
      </Text>
      {templates.isPending ? (
        <Skeleton h={160} radius="md" />
      ) : templates.isError ? (
        <Alert color="red" title="متن‌های پیامک بارگذاری نشد">
          <Button variant="light" color="red" onClick={() => void templates.refetch()}>
            تلاش دوباره
          </Button>
        </Alert>
      ) : (
        <Stack gap="lg">
          <TemplateChoice
            control={control}
            name="readySms"
            label="پیامک آماده شدن نتیجه"
            list={templates.data.readySMS}
            labName={labName}
          />
          <TemplateChoice
            control={control}
            name="waitSms"
            label="پیامک انتظار"
            list={templates.data.waitSMS}
            labName={labName}
          />
        </Stack>
      )}
    </Card>
  );
}
