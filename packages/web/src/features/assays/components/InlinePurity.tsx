import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ASSAY_MSG, ROUTES, cuttingInput, toPersianDigits } from '@ayar/contract';
import type { AddCuttingRequest, LabListRow } from '@ayar/contract';
import { DigitsInput } from '../../../components/ui/DigitsInput.tsx';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { alertError, alertSuccess } from '../../../lib/alert.ts';
import { useApiMutation } from '../../../lib/query.ts';
import { ASSAYS_KEY } from '../api.ts';

const fa = (n: number) => toPersianDigits(n);

/**
 * The lists' inline purity (ADR 13): a waiting packet takes its purity in a box; a packet whose purity
 * is saved shows it as text, like any saved value, with «ویرایش» while it may still change
 * (`canUpdate`), which opens the box. Every box is saved by one «ثبت عیار» (or Ctrl+Enter).
 */
export function useInlinePurity(list: readonly LabListRow[]) {
  const queryClient = useQueryClient();
  const addCutting = useApiMutation<{ updated: number }, AddCuttingRequest>(ROUTES.tests.addCutting);
  const [purities, setPurities] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<ReadonlySet<string>>(() => new Set());
  const inputs = useRef(new Map<string, HTMLInputElement | null>());
  const focusOnOpen = useRef<string | null>(null);

  const hasBox = (row: LabListRow) => row.waitFor || (row.canUpdate && editing.has(row.id));
  const boxRows = list.filter(hasBox);
  const changed = boxRows.filter((row) => {
    const typed = purities[row.id];
    return typed !== undefined && typed !== '' && typed !== String(row.cutting ?? '');
  });

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

  const save = async () => {
    const bad: Record<string, string> = {};
    const body: AddCuttingRequest = [];
    for (const row of changed) {
      const parsed = cuttingInput.safeParse(purities[row.id]);
      if (!parsed.success || parsed.data === null) bad[row.id] = ASSAY_MSG.cuttingRange;
      else body.push({ id: row.id, cutting: parsed.data });
    }
    setErrors(bad);
    const firstBad = Object.keys(bad)[0];
    if (firstBad) {
      alertError(ASSAY_MSG.cuttingRange);
      inputs.current.get(firstBad)?.focus();
      return;
    }
    if (body.length === 0) return;
    try {
      const result = await addCutting.mutateAsync(body);
      alertSuccess(result.message);
      setPurities({});
      setEditing(new Set());
      await queryClient.invalidateQueries({ queryKey: ASSAYS_KEY });
    } catch {
      // The client has shown why; the typed purities stay.
    }
  };

  const box = (row: LabListRow) => (
    <DigitsInput
      aria-label={`عیار ${row.titleName} ${fa(row.docNumber)}`}
      size="sm"
      w={88}
      maxLength={3}
      placeholder="عیار"
      value={purities[row.id] ?? (row.cutting === null ? '' : String(row.cutting))}
      error={errors[row.id] ? true : undefined}
      title={errors[row.id]}
      ref={(el) => {
        inputs.current.set(row.id, el);
      }}
      onClick={(event: MouseEvent) => event.stopPropagation()}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        event.stopPropagation();
        if (event.ctrlKey || event.metaKey) void save();
        else focusNext(row.id);
      }}
      onChange={(value) => {
        setPurities((p) => ({ ...p, [row.id]: value }));
        setErrors((e) => ({ ...e, [row.id]: '' }));
        if (value.length === 3) focusNext(row.id);
      }}
    />
  );

  /** The purity of a row: a box, or the saved value (with «ویرایش» while it may change). */
  const cell = (row: LabListRow, layout: 'table' | 'card'): ReactNode => {
    if (hasBox(row)) return box(row);
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
    if (!row.canUpdate || row.cutting === null) return text;
    return (
      <Group gap={4} wrap="nowrap" justify={layout === 'card' ? 'flex-end' : 'flex-start'}>
        {text}
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`ویرایش عیار ${row.titleName} ${fa(row.docNumber)}`}
          onClick={(event: MouseEvent) => {
            event.stopPropagation();
            focusOnOpen.current = row.id;
            setEditing((s) => new Set(s).add(row.id));
          }}
        >
          ویرایش
        </Button>
      </Group>
    );
  };

  /**
   * The one «ثبت عیار», while a box is open: it stays at the bottom of the screen as the list scrolls,
   * so it is in reach from the first row to the last (there used to be one above and one below).
   */
  const saveBar =
    boxRows.length > 0 ? (
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
          <Button onClick={() => void save()} loading={addCutting.isPending} disabled={changed.length === 0}>
            ثبت عیار{changed.length > 0 ? ` (${fa(changed.length)})` : ''}
          </Button>
        </Group>
      </Box>
    ) : null;

  return { cell, saveBar };
}
