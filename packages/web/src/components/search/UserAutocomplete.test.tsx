import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserAutocomplete } from './UserAutocomplete.tsx';
import type { UserAutocompleteValue } from './UserAutocomplete.tsx';
import { ROUTES } from '@ayar/contract';
import { renderWithProviders } from '../../test/render.tsx';
import { handle } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';

let searches: Calls;
beforeEach(() => {
  searches = handle(ROUTES.manage.usersByName, [
    { id: 'w1', name: 'آزمایشگاه زرین' },
    { id: 'w2', name: 'آزمایشگاه زرناب' },
  ]);
});

function Harness({ onValue }: { onValue: (v: UserAutocompleteValue | null) => void }) {
  const [value, setValue] = useState<UserAutocompleteValue | null>(null);
  return (
    <>
      <UserAutocomplete
        label="آزمایشگاه"
        status={1}
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
      <output>{value ? value.id : 'هیچ'}</output>
    </>
  );
}

describe('UserAutocomplete', () => {
  it('suggests after typing, picks one, and clears the choice as soon as the text changes', async () => {
    const onValue = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'آزمایشگاه' });
    await user.type(input, 'زر');
    // jsdom lays nothing out, so Mantine's popover counts its target as detached and hides the list
    // with display:none; the options are there and clickable all the same.
    await user.click(await screen.findByRole('option', { name: 'آزمایشگاه زرناب', hidden: true }));
    expect(input).toHaveValue('آزمایشگاه زرناب');
    expect(screen.getByRole('status')).toHaveTextContent('w2');
    expect(onValue).toHaveBeenLastCalledWith({ id: 'w2', name: 'آزمایشگاه زرناب' });
    const { url } = searches.last!;
    expect(url.pathname + url.search).toBe(
      `/api/v1.0/Manage/UsersByName?name=${encodeURIComponent('زر')}&status=1`,
    );

    await user.type(input, 'x');
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('status')).toHaveTextContent('هیچ');
    expect(input).toHaveValue('آزمایشگاه زرنابx');
  });
});
