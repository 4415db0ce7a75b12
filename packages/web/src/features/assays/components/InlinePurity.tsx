import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Badge, Box, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ASSAY_MSG, ROUTES, cuttingInput, toPersianDigits } from '@ayar/contract';
import type { AddCuttingRequest, LabListRow } from '@ayar/contract';
import { DigitsInput } from '../../../components/ui/DigitsInput.tsx';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { alertError, alertSuccess } from '../../../lib/alert.ts';
import { useCan } from '../../../lib/roles.ts';
import { ApiError } from '../../../lib/api.ts';
import { ASSAY_KEYS, useAddCutting } from '../api.ts';
import { isNetworkError, isOffline, useAssaysOffline, useQueuedPurities } from '../offline.ts';
import { CorrectionReasonModal } from './CorrectionReasonModal.tsx';
import type { Correction } from './CorrectionReasonModal.tsx';
import { PendingPurity } from './PacketPeople.tsx';
import { WithdrawnBadge } from './PurityBadge.tsx';

const fa = (n: number) => toPersianDigits(n);

const QUEUED = 'عیار در صف ارسال قرار گرفت و با وصل شدن اینترنت ثبت می‌شود';

/** A purity typed offline, in the queue: shown on its row until the server has it (ADR 0033). */
function QueuedPurity({ cutting, layout }: { cutting: number; layout: 'table' | 'card' }) {
  return (
    <Group gap={6} wrap="nowrap" justify={layout === 'card' ? 'flex-end' : 'flex-start'}>
      <Text size={layout === 'card' ? 'lg' : 'sm'} fw={700}>
        <Ltr>{fa(cutting)}</Ltr>
      </Text>
      <Badge size="sm" variant="light" color="blue">
        در صف ارسال
      </Badge>
    </Group>
  );
}

/** A waiting packet's purity box: Enter moves to the next box, Ctrl+Enter saves them all. */
function PurityBox({
  row,
  value,
  error,
  registerInput,
  onEnter,
  onChange,
}: {
  row: LabListRow;
  value: string;
  error: string | undefined;
  registerInput: (el: HTMLInputElement | null) => void;
  onEnter: (ctrl: boolean) => void;
  onChange: (value: string) => void;
}) {
  return (
    <DigitsInput
      aria-label={`عیار ${row.titleName} ${fa(row.docNumber)}`}
      size="sm"
      w={88}
      maxLength={3}
      placeholder="عیار"
      value={value}
      error={error ? true : undefined}
      title={error}
      ref={registerInput}
      onClick={(event: MouseEvent) => event.stopPropagation()}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        event.stopPropagation();
        onEnter(event.ctrlKey || event.metaKey);
      }}
      onChange={onChange}
    />
  );
}

/**
 * A saved purity as text, with «ویرایش» while it may still change (`canUpdate`). A withdrawn result
 * shows «باطل شده» and no «ویرایش»: a purity recorded on it reissues it (ADR 0029), which lab/edit
 * explains and asks the reason for; the row opens that page.
 */
function SavedPurity({
  row,
  layout,
  onEdit,
}: {
  row: LabListRow;
  layout: 'table' | 'card';
  onEdit: (() => void) | null;
}) {
  if (row.resultStatus === 'withdrawn') {
    return (
      <Group justify={layout === 'card' ? 'flex-end' : 'flex-start'}>
        <WithdrawnBadge size={layout === 'card' ? 'md' : 'sm'} />
      </Group>
    );
  }
  const value = row.cutting === null ? '—' : <Ltr>{fa(row.cutting)}</Ltr>;
  const text =
    layout === 'card' ? (
      <Text fw={700} fz="lg">
        {value}
      </Text>
    ) : (
      <Text size="sm" fw={600}>
        {value}
      </Text>
    );
  if (!onEdit || !row.canUpdate || row.cutting === null) return text;
  return (
    <Group gap={4} wrap="nowrap" justify={layout === 'card' ? 'flex-end' : 'flex-start'}>
      {text}
      <Button
        size="compact-xs"
        variant="subtle"
        aria-label={`ویرایش عیار ${row.titleName} ${fa(row.docNumber)}`}
        onClick={(event: MouseEvent) => {
          event.stopPropagation();
          onEdit();
        }}
      >
        ویرایش
      </Button>
    </Group>
  );
}

/**
 * The one «ثبت عیار», while a box is open: it stays at the bottom of the screen as the list scrolls,
 * so it is in reach from the first row to the last (there used to be one above and one below).
 */
function PuritySaveBar({ count, saving, onSave }: { count: number; saving: boolean; onSave: () => void }) {
  return (
    <Box
      py="xs"
      style={{
        position: 'sticky',
        insetBlockEnd: 0,
        zIndex: 3,
        background: 'linear-gradient(to top, #f5f6f8 70%, transparent)',
      }}
    >
      <Group justify="flex-end">
        <Button onClick={onSave} loading={saving} disabled={count === 0}>
          ثبت عیار{count > 0 ? ` (${fa(count)})` : ''}
        </Button>
      </Group>
    </Box>
  );
}

/** The typed purities as the request, and the rows whose purity the contract refuses. */
function readPurities(rows: readonly LabListRow[], typed: Record<string, string>) {
  const bad: Record<string, string> = {};
  const body: AddCuttingRequest = [];
  for (const row of rows) {
    const parsed = cuttingInput.safeParse(typed[row.id]);
    if (!parsed.success || parsed.data === null) bad[row.id] = ASSAY_MSG.cuttingRange;
    else body.push({ id: row.id, cutting: parsed.data });
  }
  return { bad, body };
}

/** The purities of the request that change a published result: each needs a reason (ADR 0029). */
function correctionsIn(body: AddCuttingRequest, rows: readonly LabListRow[]): Correction[] {
  return body.flatMap(({ id, cutting }) => {
    const row = rows.find((r) => r.id === id);
    if (!row || row.resultVersion === null || row.cutting === null) return [];
    return [{ id, label: row.titleName, docNumber: row.docNumber, from: row.cutting, to: cutting }];
  });
}

/** The boxes' inputs: the one just opened takes the focus, Enter and three digits move to the next. */
function useBoxFocus(boxRows: readonly LabListRow[]) {
  const inputs = useRef(new Map<string, HTMLInputElement | null>());
  const focusOnOpen = useRef<string | null>(null);
  useEffect(() => {
    const id = focusOnOpen.current;
    if (!id) return;
    focusOnOpen.current = null;
    inputs.current.get(id)?.select();
    inputs.current.get(id)?.focus();
  });
  const focusNext = (id: string) => {
    const ids = boxRows.map((r) => r.id);
    const next = ids[ids.indexOf(id) + 1];
    const el = next ? inputs.current.get(next) : null;
    el?.focus();
    el?.select();
  };
  return { inputs, focusOnOpen, focusNext };
}

/**
 * Sends checked purities in one AddCutting call. When some change a purity already published, the
 * reason is asked first (a dialog) and sent with those (ADR 0029); `onSaved` runs after a success.
 */
function usePuritySend(boxRows: readonly LabListRow[], onSaved: () => void) {
  const queryClient = useQueryClient();
  const addCutting = useAddCutting();
  const offline = useAssaysOffline();
  const [queueing, setQueueing] = useState(false);
  // A request waiting for the reason of its corrections (the dialog is open while it is set).
  const [asking, setAsking] = useState<{ body: AddCuttingRequest; corrections: Correction[] } | null>(null);

  /** No connection (ADR 0033): each purity goes to the queue, sent when the line returns. */
  const queue = async (body: AddCuttingRequest) => {
    if (!offline) return;
    setQueueing(true);
    try {
      await offline.queuePurities(
        body.flatMap((item) => {
          const row = boxRows.find((r) => r.id === item.id);
          if (!row) return [];
          const { docNumber, customerName, titleName } = row;
          return [{ ...item, docNumber, customerName, titleName }];
        }),
      );
      alertSuccess(QUEUED);
      setAsking(null);
      onSaved();
    } catch (error) {
      alertError(error instanceof Error ? error.message : ASSAY_MSG.cuttingRange);
    } finally {
      setQueueing(false);
    }
  };

  const send = async (body: AddCuttingRequest) => {
    if (offline && isOffline()) return queue(body);
    try {
      const result = await addCutting.mutateAsync(body);
      alertSuccess(result.message);
      setAsking(null);
      onSaved();
      await queryClient.invalidateQueries({ queryKey: ASSAY_KEYS.all });
    } catch (error) {
      if (offline && isNetworkError(error)) return queue(body);
      // Why, as the server said; the typed purities (and the reason, if asked) stay.
      if (error instanceof ApiError) alertError(error.message);
    }
  };

  const submit = async (body: AddCuttingRequest) => {
    const corrections = correctionsIn(body, boxRows);
    if (corrections.length > 0) setAsking({ body, corrections });
    else await send(body);
  };

  /** The corrected packets go with the reason; first purities of the same request without. */
  const sendWithReason = (reason: string) => {
    if (!asking) return Promise.resolve();
    const corrected = new Set(asking.corrections.map((c) => c.id));
    return send(asking.body.map((item) => (corrected.has(item.id) ? { ...item, reason } : item)));
  };

  const reasonDialog = (
    <CorrectionReasonModal
      corrections={asking?.corrections ?? null}
      onConfirm={sendWithReason}
      onCancel={() => setAsking(null)}
    />
  );
  return { submit, saving: addCutting.isPending || queueing, reasonDialog };
}

/**
 * The lists' inline purity (ADR 13): a waiting packet takes its purity in a box; a packet whose purity
 * is saved shows it as text, like any saved value, with «ویرایش» while it may still change
 * (`canUpdate`), which opens the box. Every box is saved by one «ثبت عیار» (or Ctrl+Enter).
 */
export function useInlinePurity(list: readonly LabListRow[]) {
  const [purities, setPurities] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<ReadonlySet<string>>(() => new Set());
  const queued = useQueuedPurities(useAssaysOffline());
  // Only who records purities gets a box (ADR 0049); the counter and the accountant see them.
  const bench = useCan(ROUTES.tests.addCutting.roles);

  // A withdrawn result never takes a box here, even waiting again after the admin cleared its purity:
  // any purity on it is a reissue, whose reason lab/edit asks for (ADR 0029).
  const hasBox = (row: LabListRow) =>
    bench &&
    !queued.has(row.id) &&
    row.resultStatus !== 'withdrawn' &&
    // A purity waiting for a second person's «تأیید» is shown, not typed over (ADR 0050).
    row.pendingCutting === null &&
    (row.waitFor || (row.canUpdate && editing.has(row.id)));
  const boxRows = list.filter(hasBox);
  const changed = boxRows.filter((row) => {
    const typed = purities[row.id];
    return typed !== undefined && typed !== '' && typed !== String(row.cutting ?? '');
  });

  const { inputs, focusOnOpen, focusNext } = useBoxFocus(boxRows);
  const sender = usePuritySend(boxRows, () => {
    setPurities({});
    setEditing(new Set());
  });

  const save = async () => {
    const { bad, body } = readPurities(changed, purities);
    setErrors(bad);
    const firstBad = Object.keys(bad)[0];
    if (firstBad) {
      alertError(ASSAY_MSG.cuttingRange);
      inputs.current.get(firstBad)?.focus();
      return;
    }
    if (body.length > 0) await sender.submit(body);
  };

  const box = (row: LabListRow) => (
    <PurityBox
      row={row}
      value={purities[row.id] ?? (row.cutting === null ? '' : String(row.cutting))}
      error={errors[row.id]}
      registerInput={(el) => {
        inputs.current.set(row.id, el);
      }}
      onEnter={(ctrl) => (ctrl ? void save() : focusNext(row.id))}
      onChange={(value) => {
        setPurities((p) => ({ ...p, [row.id]: value }));
        setErrors((e) => ({ ...e, [row.id]: '' }));
        if (value.length === 3) focusNext(row.id);
      }}
    />
  );

  /** The purity of a row: a box, or the saved value (with «ویرایش» while it may change). */
  const cell = (row: LabListRow, layout: 'table' | 'card'): ReactNode => {
    const waiting = queued.get(row.id);
    if (waiting !== undefined) return <QueuedPurity cutting={waiting} layout={layout} />;
    if (row.pendingCutting !== null) return <PendingPurity row={row} layout={layout} />;
    if (hasBox(row)) return box(row);
    return (
      <SavedPurity
        row={row}
        layout={layout}
        onEdit={
          bench
            ? () => {
                focusOnOpen.current = row.id;
                setEditing((set) => new Set(set).add(row.id));
              }
            : null
        }
      />
    );
  };

  /**
   * The one «ثبت عیار», while a box is open: it stays at the bottom of the screen as the list scrolls,
   * so it is in reach from the first row to the last (there used to be one above and one below).
   */
  const saveBar =
    boxRows.length > 0 ? (
      <>
        <PuritySaveBar count={changed.length} saving={sender.saving} onSave={() => void save()} />
        {sender.reasonDialog}
      </>
    ) : null;

  return { cell, saveBar };
}
