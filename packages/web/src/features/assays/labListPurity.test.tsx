import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import type { LabListRow } from '@ayar/contract';
import { labRow } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { handle } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

// One «ثبت عیار» on lab/list, and a saved purity reads as saved.

const row = labRow;

const waiting = row({ id: 'a1a1a1a1-0000-4000-8000-000000000001', docNumber: 1000 });
const saved = row({
  id: 'a1a1a1a1-0000-4000-8000-000000000002',
  docNumber: 999,
  waitFor: false,
  canUpdate: true,
  cutting: 875,
  purityAt: '2026-11-20T08:10:00Z',
});
const final = row({
  id: 'a1a1a1a1-0000-4000-8000-000000000003',
  docNumber: 998,
  waitFor: false,
  cutting: 740,
});

let rows: LabListRow[] = [];
let cuttings: Calls;
beforeEach(() => {
  handle(ROUTES.tests.allTests, () => ({ list: rows, totalCount: rows.length, currPage: 1, pageSize: 100 }));
  cuttings = handle(ROUTES.tests.addCutting, { updated: 1 }, { message: 'عیار ثبت شد' });
  signInAs('workshop');
});

const saveButtons = () => screen.queryAllByRole('button', { name: /^ثبت عیار/ });

describe('lab/list purities', () => {
  it('offers one «ثبت عیار», not one above and one below the list', async () => {
    rows = [waiting, saved, final];
    renderApp('/lab/list');
    await screen.findByLabelText('عیار بسته ۱۰۰۰');
    expect(saveButtons()).toHaveLength(1);
  });

  it('shows a saved purity as text with «ویرایش», and no box that looks unsaved', async () => {
    rows = [saved, final];
    renderApp('/lab/list');
    const edit = await screen.findByRole('button', { name: 'ویرایش عیار بسته ۹۹۹' });
    expect(screen.queryByLabelText('عیار بسته ۹۹۹')).not.toBeInTheDocument();
    expect(screen.getByText('۸۷۵')).toBeInTheDocument();
    // A purity that can no longer change has no «ویرایش».
    expect(screen.getByText('۷۴۰')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ویرایش عیار بسته ۹۹۸' })).not.toBeInTheDocument();
    // Nothing to save until a box is open.
    expect(saveButtons()).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(edit);
    const box = screen.getByLabelText('عیار بسته ۹۹۹');
    expect(box).toHaveValue('۸۷۵');
    await waitFor(() => expect(box).toHaveFocus());
    await user.clear(box);
    await user.type(box, '880');
    expect(box).toHaveValue('۸۸۰');
    expect(saveButtons()).toHaveLength(1);
    await user.click(saveButtons()[0]!);
    await waitFor(() => expect(cuttings).toHaveLength(1));
    expect(cuttings.bodies[0]).toEqual([{ id: saved.id, cutting: 880 }]);
    await waitFor(() => expect(screen.queryByLabelText('عیار بسته ۹۹۹')).not.toBeInTheDocument());
  });
});
