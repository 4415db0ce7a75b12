import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { LabDetail } from '@ayar/contract';
import { MSG } from '@ayar/contract';
import { useAuth } from '../../lib/auth.ts';
import { href } from '../../lib/screens.ts';
import { queuedSlip } from '../../features/offline/slip.ts';
import { SlipScreen } from '../../features/results/SlipPage.tsx';

const BACK = { to: href('lab/queue'), label: 'بازگشت به صف ارسال' };

/**
 * `/lab/slip/queued/:key`: the slip of a packet registered offline and not sent yet (ADR 0033), from
 * its queue entry, laid out as every slip (the results feature's); the offline feature reads the entry.
 */
export function QueuedSlipPage() {
  const { key = '' } = useParams();
  const { user } = useAuth();
  const [state, setState] = useState<{ key: string; packet?: LabDetail; error: string | null } | null>(null);
  const userId = user?.userId ?? '';
  const userFname = user?.userFname ?? '';

  useEffect(() => {
    let live = true;
    void queuedSlip(key, { userId, userFname }).then(
      (packet) => live && setState({ key, packet, error: null }),
      (error: unknown) =>
        live && setState({ key, error: error instanceof Error ? error.message : MSG.failed }),
    );
    return () => {
      live = false;
    };
  }, [key, userId, userFname]);

  const current = state?.key === key ? state : null;
  return (
    <SlipScreen packet={current?.packet} loading={!current} error={current?.error ?? null} back={BACK} />
  );
}
