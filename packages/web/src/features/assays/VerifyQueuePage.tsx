import { useState } from 'react';
import { Button, Checkbox, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ASSAY_MSG, toPersianDigits } from '@ayar/contract';
import type { LabListRow, VerifyCuttingInput } from '@ayar/contract';
import { ExportButton } from '../../components/ui/ExportButton.tsx';
import { ListTable } from '../../components/ui/ListTable.tsx';
import { Paginator } from '../../components/ui/Paginator.tsx';
import { alertSuccess } from '../../lib/alert.ts';
import { useAuth } from '../../lib/auth.ts';
import { ASSAY_KEYS, LAB_PAGE_SIZE, assayQueries, useVerifyCutting } from './api.ts';
import { VerifyCard, VerifyRow } from './components/VerifyRows.tsx';
import type { VerifyRowKit } from './components/VerifyRows.tsx';

const without = <T,>(record: Readonly<Record<string, T>>, id: string) => {
  const { [id]: _, ...rest } = record;
  return rest;
};

/**
 * The queue's state: the rows picked for «تأیید همه», the open «برگشت» forms, and one VerifyCutting call
 * per action; after it the lists refresh (the packet leaves the queue, or goes back to waiting).
 */
function useVerifyKit(list: readonly LabListRow[]) {
  const queryClient = useQueryClient();
  const verify = useVerifyCutting();
  const me = useAuth().user?.person?.id ?? null;
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [returning, setReturning] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  // Nobody verifies their own purity (ADR 0050): the row says whose it is.
  const own = (row: LabListRow) => me !== null && row.pendingById === me;
  const send = async (body: VerifyCuttingInput) => {
    try {
      const result = await verify.mutateAsync(body);
      alertSuccess(result.message);
      const done = new Set(body.map((item) => item.id));
      setSelected((set) => new Set([...set].filter((id) => !done.has(id))));
      setReturning((r) => Object.fromEntries(Object.entries(r).filter(([id]) => !done.has(id))));
    } catch {
      // The API client has shown the server's message (one's own purity, nothing left to verify).
    }
    await queryClient.invalidateQueries({ queryKey: ASSAY_KEYS.all });
  };

  const kit: VerifyRowKit = {
    own,
    selected,
    returning,
    errors,
    busy: verify.isPending,
    toggle: (id) =>
      setSelected((set) => {
        const next = new Set(set);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    accept: (row) => void send([{ id: row.id, accept: true }]),
    openReturn: (row) => setReturning((r) => ({ ...r, [row.id]: '' })),
    closeReturn: (row) => {
      setReturning((r) => without(r, row.id));
      setErrors((e) => without(e, row.id));
    },
    typeReason: (row, text) => {
      setReturning((r) => ({ ...r, [row.id]: text }));
      setErrors((e) => without(e, row.id));
    },
    sendBack: (row) => {
      const reason = (returning[row.id] ?? '').trim();
      if (!reason) setErrors((e) => ({ ...e, [row.id]: ASSAY_MSG.returnReasonRequired }));
      else void send([{ id: row.id, accept: false, reason }]);
    },
  };
  const selectable = list.filter((row) => !own(row));
  const picked = selectable.filter((row) => selected.has(row.id));
  const acceptPicked = () => void send(picked.map((row) => ({ id: row.id, accept: true })));
  const pickAll = (on: boolean) => setSelected(new Set(on ? selectable.map((row) => row.id) : []));
  return { kit, picked, selectable, acceptPicked, pickAll };
}

function SelectAll({ kit }: { kit: ReturnType<typeof useVerifyKit> }) {
  const all = kit.selectable.length > 0 && kit.picked.length === kit.selectable.length;
  return (
    <Checkbox
      label="انتخاب همه"
      checked={all}
      indeterminate={kit.picked.length > 0 && !all}
      disabled={kit.selectable.length === 0}
      onChange={() => kit.pickAll(!all)}
    />
  );
}

/**
 * lab/verify «در انتظار تأیید» (ADR 0050): purities one person recorded, waiting for another's check.
 * «تأیید» publishes one; «برگشت» asks its reason inline and sends it back to the assayer; «تأیید همه
 * موارد انتخاب‌شده» accepts the ticked ones together. One's own purities are shown, never offered.
 */
export function VerifyQueuePage() {
  const [page, setPage] = useState(1);
  const queue = useQuery(assayQueries.verifyQueue({ pageSize: LAB_PAGE_SIZE, pageNumber: page }));
  const list = queue.data?.list ?? [];
  const state = useVerifyKit(list);
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          هر عیار پس از تأیید شخص دوم منتشر می‌شود؛ عیاری که خودتان ثبت کرده‌اید را دیگری تأیید می‌کند.
        </Text>
        <Group gap="sm">
          <ExportButton name="tests" filters={{ awaitingVerification: true }} />
          <SelectAll kit={state} />
          <Button onClick={state.acceptPicked} disabled={state.picked.length === 0} loading={state.kit.busy}>
            تأیید همه موارد انتخاب‌شده
            {state.picked.length > 0 ? ` (${toPersianDigits(state.picked.length)})` : ''}
          </Button>
        </Group>
      </Group>
      <ListTable
        rows={list}
        loading={queue.isPending}
        skeleton={<Skeleton height={200} radius="md" />}
        empty="عیاری در انتظار تأیید نیست."
        label="عیارهای در انتظار تأیید"
        scroll
        tableProps={{ verticalSpacing: 'xs' }}
        head={
          <>
            <Table.Th w={40}>انتخاب</Table.Th>
            <Table.Th>شماره</Table.Th>
            <Table.Th>مشتری</Table.Th>
            <Table.Th>نوع</Table.Th>
            <Table.Th>عیار در انتظار</Table.Th>
            <Table.Th>تأیید یا برگشت</Table.Th>
          </>
        }
        row={(row) => <VerifyRow row={row} kit={state.kit} />}
        card={(row) => <VerifyCard row={row} kit={state.kit} />}
      />
      {queue.data && list.length > 0 ? (
        <Paginator
          page={queue.data.currPage}
          pageSize={queue.data.pageSize}
          total={queue.data.totalCount}
          onChange={setPage}
        />
      ) : null}
    </Stack>
  );
}
