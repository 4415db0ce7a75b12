import { useState } from 'react';
import { Alert, Button, Group, List, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  FIRE_MSG,
  FIRE_RULE_LABELS,
  ROUTES,
  addFireAssaySchema,
  fireOutcome,
  purityMethodText,
  toEnglishDigits,
} from '@ayar/contract';
import type { FireAssayEntry, ImportEvidence, LabDetail } from '@ayar/contract';
import { DigitsInput } from '../../../components/ui/DigitsInput.tsx';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { SectionCard } from '../../../components/ui/SectionCard.tsx';
import { alertSuccess } from '../../../lib/alert.ts';
import { ApiError } from '../../../lib/api.ts';
import { getUserSettings } from '../../../lib/auth.ts';
import { formatJalaliDateTime, toPersianDigits } from '../../../lib/format.ts';
import { useCan } from '../../../lib/roles.ts';
import { assayQueries, downloadImportFile, useAddFireAssay } from '../api.ts';

const fa = (n: number) => toPersianDigits(n);

function Entry({ entry }: { entry: FireAssayEntry }) {
  const outcome =
    entry.purity === null
      ? 'تکرار خواسته شد'
      : `عیار گزارش‌شده ${fa(entry.purity)} (${FIRE_RULE_LABELS[entry.rule]})`;
  return (
    <List.Item>
      <Text size="sm">
        تعیین‌ها <Ltr>{fa(entry.first)}</Ltr> و <Ltr>{fa(entry.second)}</Ltr>
        {entry.proof !== null && (
          <>
            ، شاهد <Ltr>{toPersianDigits(String(entry.proof)).replace('.', '٫')}</Ltr>
          </>
        )}
        ؛ {outcome}؛ کارمند <Ltr>{entry.staffCode === null ? '—' : fa(entry.staffCode)}</Ltr>،{' '}
        <Ltr>{formatJalaliDateTime(entry.at)}</Ltr>
      </Text>
    </List.Item>
  );
}

/** A purity read from an instrument's file (ADR 0059): the file's row, who applied it, and the file. */
function ImportEntry({ entry }: { entry: ImportEvidence }) {
  return (
    <List.Item>
      <Group gap="xs" wrap="wrap">
        <Text size="sm">
          از فایل دستگاه <Ltr>{entry.instrument}</Ltr>، ردیف <Ltr>{fa(entry.row)}</Ltr>، عیار{' '}
          <Ltr>{fa(entry.purity)}</Ltr>؛ کارمند{' '}
          <Ltr>{entry.staffCode === null ? '—' : fa(entry.staffCode)}</Ltr>،{' '}
          <Ltr>{formatJalaliDateTime(entry.at)}</Ltr>
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={`دریافت فایل ردیف ${fa(entry.row)}`}
          onClick={() => void downloadImportFile(entry.importId)}
        >
          دریافت فایل
        </Button>
      </Group>
    </List.Item>
  );
}

type Fields = { first: string; second: string; proof: string; reason: string };
const EMPTY: Fields = { first: '', second: '', proof: '', reason: '' };

/** What the lab's rule would report for the pair typed so far, before it is sent (the server's rule). */
function Preview({ fields }: { fields: Fields }) {
  const settings = getUserSettings();
  if (!/^\d{3}$/.test(fields.first) || !/^\d{3}$/.test(fields.second)) return null;
  const rule = { tolerance: settings.fireTolerance, rule: settings.fireRule };
  const { difference, purity } = fireOutcome(Number(fields.first), Number(fields.second), rule);
  return (
    <Text size="sm" c={purity === null ? 'red.8' : 'dimmed'} role="status">
      اختلاف <Ltr>{fa(difference)}</Ltr> از مجاز <Ltr>{fa(rule.tolerance)}</Ltr> در هزار؛{' '}
      {purity === null ? 'بیش از حد مجاز: باید تکرار شود' : `عیار گزارش‌شده: ${fa(purity)}`}
    </Text>
  );
}

/** The form: two determinations, an optional proof and, for a published purity, the reason. */
function FireForm({ row, onChanged }: { row: LabDetail; onChanged: () => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [repeat, setRepeat] = useState(false);
  const add = useAddFireAssay();
  const set = (name: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const correcting = row.cutting !== null;

  const submit = async () => {
    const parsed = addFireAssaySchema.safeParse({
      id: row.id,
      first: fields.first,
      second: fields.second,
      proof: fields.proof === '' ? null : Number(toEnglishDigits(fields.proof).replace('٫', '.')),
      reason: fields.reason,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    const envelope = await add.mutateAsync(parsed.data).catch((error: unknown) => {
      // The server's field errors (a correction without its reason) go under their fields too.
      const fieldErrors = error instanceof ApiError ? (error.envelope?.errors ?? []) : [];
      setErrors(Object.fromEntries(fieldErrors.map((e) => [e.field, e.message])));
      return null;
    });
    if (!envelope) return;
    setRepeat(envelope.data.outcome === 'repeat');
    if (envelope.data.outcome !== 'repeat') alertSuccess(envelope.message);
    setFields(EMPTY);
    onChanged();
  };

  return (
    <form
      aria-label="ثبت کوپلاسیون"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <DigitsInput
          label="تعیین اول"
          maxLength={3}
          value={fields.first}
          onChange={set('first')}
          error={errors.first}
        />
        <DigitsInput
          label="تعیین دوم"
          maxLength={3}
          value={fields.second}
          onChange={set('second')}
          error={errors.second}
        />
        <DigitsInput
          label="شاهد (اختیاری)"
          digitsOnly={false}
          inputMode="decimal"
          maxLength={6}
          value={fields.proof}
          onChange={set('proof')}
          error={errors.proof}
        />
      </SimpleGrid>
      {correcting && (
        <TextInput
          mt="sm"
          label="کوپلاسیون: علت اصلاح عیار"
          value={fields.reason}
          onChange={(event) => set('reason')(event.currentTarget.value)}
          error={errors.reason}
        />
      )}
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Preview fields={fields} />
        <Button type="submit" loading={add.isPending}>
          ثبت کوپلاسیون
        </Button>
      </Group>
      {repeat && (
        <Alert color="red" mt="sm" role="alert">
          {FIRE_MSG.repeat}
        </Alert>
      )}
    </form>
  );
}

/**
 * «کوپلاسیون و روش عیار» on the packet's edit screen (docs/product.md §2.18, ADR 0059): how its purity
 * was measured, every fire assay pair, and, for who records purities while the purity may change, the
 * form for a new pair.
 */
export function FireAssayPanel({ row, onChanged }: { row: LabDetail; onChanged: () => void }) {
  const history = useQuery(assayQueries.purityHistory(row.id));
  const mayRecord = useCan(ROUTES.tests.addFireAssay.roles) && (row.waitFor || row.canUpdate);
  const data = history.data;
  return (
    <SectionCard id="fire-assay-title" title="کوپلاسیون و روش عیار">
      {data?.method && (
        <Text size="sm">
          روش عیار فعلی: <strong>{purityMethodText(data.method, data.instrument)}</strong>
        </Text>
      )}
      {data && data.fireAssays.length > 0 ? (
        <List spacing={4}>
          {data.fireAssays.map((entry) => (
            <Entry key={entry.at + entry.first + entry.second} entry={entry} />
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          کوپلاسیونی برای این بسته ثبت نشده است.
        </Text>
      )}
      {data && data.imports.length > 0 && (
        <List spacing={4} aria-label="عیارهای خوانده‌شده از فایل دستگاه">
          {data.imports.map((entry) => (
            <ImportEntry key={`${entry.importId}-${entry.row}`} entry={entry} />
          ))}
        </List>
      )}
      {mayRecord && (
        <FireForm
          row={row}
          onChanged={() => {
            void history.refetch();
            onChanged();
          }}
        />
      )}
    </SectionCard>
  );
}
