import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import type { LabListRow } from '@ayar/contract';
import { LAB_SETTINGS, labRow } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { handle, handleAny } from '../../test/server.ts';
import { signInAsStaff } from '../../test/session.ts';

// ADR 0050: the lists and the packet page name who registered, recorded and verified; a purity waiting
// for its «تأیید» shows as such; a purity sent back shows why to the assayer.

const published = labRow({
  id: 'a1a1a1a1-0000-4000-8000-000000000021',
  docNumber: 2001,
  waitFor: false,
  cutting: 750,
  registeredBy: 'زهرا کریمی',
  purityBy: 'رضا احمدی',
  verifiedBy: 'علی نادری',
});
const pending = labRow({
  id: 'a1a1a1a1-0000-4000-8000-000000000022',
  docNumber: 2002,
  pendingCutting: 750,
  pendingBy: 'رضا احمدی',
  registeredBy: 'زهرا کریمی',
});
const returned = labRow({
  id: 'a1a1a1a1-0000-4000-8000-000000000023',
  docNumber: 2003,
  returnedReason: 'وزن نمونه با برگه نمی‌خواند',
});

let rows: LabListRow[];
beforeEach(() => {
  handleAny(null);
  handle(ROUTES.tests.allTests, () => ({ list: rows, totalCount: rows.length, currPage: 1, pageSize: 100 }));
  signInAsStaff(['assayer'], { settings: LAB_SETTINGS });
});

describe('who did what', () => {
  it('names the people of a packet on one compact line', async () => {
    rows = [published];
    renderApp('/lab/list');
    expect(await screen.findByTestId('who-line')).toHaveTextContent(
      'ثبت: زهرا کریمی · عیار: رضا احمدی · تأیید: علی نادری',
    );
  });

  it('shows a waiting purity instead of a box, and a returned one’s reason', async () => {
    rows = [pending, returned];
    renderApp('/lab/list/true');
    expect(await screen.findByText('در انتظار تأیید (ثبت: رضا احمدی)')).toBeInTheDocument();
    expect(screen.queryByLabelText('عیار بسته ۲۰۰۲')).not.toBeInTheDocument();
    expect(screen.getByTestId('returned-reason')).toHaveTextContent(
      'برگشت خورد: وزن نمونه با برگه نمی‌خواند',
    );
    // The packet sent back takes its purity again.
    expect(screen.getByLabelText('عیار بسته ۲۰۰۳')).toBeInTheDocument();
  });

  it('says the purity waits for its «تأیید» after «ثبت عیار», as the server does', async () => {
    rows = [returned];
    const cuttings = handle(
      ROUTES.tests.addCutting,
      { updated: 1, awaitingVerification: 1 },
      { message: 'عیار ثبت شد و تا تأیید شخص دوم منتشر نمی‌شود' },
    );
    const user = userEvent.setup();
    renderApp('/lab/list/true');
    await user.type(await screen.findByLabelText('عیار بسته ۲۰۰۳'), '760');
    await user.click(screen.getByRole('button', { name: /^ثبت عیار/ }));
    await waitFor(() => expect(cuttings).toHaveLength(1));
    expect(await screen.findByText('عیار ثبت شد و تا تأیید شخص دوم منتشر نمی‌شود')).toBeInTheDocument();
  });

  it('names them on the packet page, with a waiting purity', async () => {
    handle(ROUTES.tests.getTest, { ...pending, purityBy: null });
    rows = [];
    renderApp(`/lab/edit/${pending.id}`);
    expect(await screen.findByTestId('who-line')).toHaveTextContent('ثبت: زهرا کریمی');
    expect(screen.getByText(/در انتظار تأیید \(ثبت: رضا احمدی\)/)).toBeInTheDocument();
  });
});
