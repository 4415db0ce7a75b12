import '../../test/fakeIndexedDb.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render.tsx';
import { requestsTo } from '../../test/server.ts';
import { slipPacket } from './slip.ts';
import { queuePackets, setConnection, startOffline, storedEntries } from './testKit.ts';

// ADR 0050: with the lab's «تأیید دوم عیار» on, a packet queued offline with its purity is not
// published when it reaches the server: its slip prints it as waiting, never as version 1 (`?v=1`).

const LAB = { userId: 'w1', userFname: 'آزمایشگاه الماس' };

describe('a queued packet’s slip with the second verification', () => {
  beforeEach(async () => {
    await startOffline({
      session: { userFname: LAB.userFname, settings: { requireSecondVerification: true } },
    });
    setConnection(false);
  });

  it('makes the packet waiting, its purity pending, with no version', async () => {
    await queuePackets([5001]);
    const [entry] = await storedEntries();
    const packet = slipPacket(entry as Parameters<typeof slipPacket>[0], LAB);
    expect(packet).toMatchObject({
      waitFor: true,
      cutting: null,
      pendingCutting: 750,
      resultVersion: null,
      resultStatus: null,
      purityAt: null,
    });
    // Without the setting, the same entry is published as version 1.
    expect(slipPacket(entry as Parameters<typeof slipPacket>[0], LAB, false)).toMatchObject({
      waitFor: false,
      cutting: 750,
      resultVersion: 1,
      resultStatus: 'published',
    });
  });

  it('prints it as waiting, its QR without `?v=1`', async () => {
    await queuePackets([5001]);
    const [entry] = await storedEntries();
    renderApp(`/lab/slip/queued/${entry!.key}`);
    const slip = await screen.findByRole('article', { name: 'برگه بسته' }, { timeout: 5_000 });
    const token = (entry as { summary: { publicToken: string } }).summary.publicToken;
    expect(within(slip).getByText(`${window.location.origin}/r/${token}`)).toBeInTheDocument();
    expect(within(slip).queryByText(/\?v=1$/)).not.toBeInTheDocument();
    expect(slip).toHaveTextContent('در انتظار تعیین');
    expect(requestsTo()).toHaveLength(0);
  });
});
