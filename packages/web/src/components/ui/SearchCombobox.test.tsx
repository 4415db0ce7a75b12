import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UI } from '@ayar/contract';
import { renderWithProviders } from '../../test/render.tsx';
import { SearchCombobox } from './SearchCombobox.tsx';
import type { SearchComboboxItem, SearchComboboxProps } from './SearchCombobox.tsx';

const ITEMS: SearchComboboxItem[] = [
  { id: 'a', name: 'زرین' },
  { id: 'b', name: 'زرناب' },
];

type Options = Partial<Pick<SearchComboboxProps<SearchComboboxItem>, 'suggestWhenEmpty'>>;

function setup(options: Options = {}) {
  const search = vi.fn(async (text: string) => ITEMS.filter((i) => i.name.includes(text)));
  function Harness() {
    const [value, setValue] = useState<SearchComboboxItem | null>(null);
    return (
      <>
        <SearchCombobox
          label="نام"
          placeholder="بنویسید"
          value={value}
          onChange={setValue}
          searchQuery={(text) => ({ queryKey: ['search-combobox-test', text], queryFn: () => search(text) })}
          debounceMs={200}
          nothingFound="پیدا نشد"
          {...options}
        />
        <output>{value ? value.id : 'هیچ'}</output>
        <button type="button" onClick={() => setValue(null)}>
          پاک کردن از بیرون
        </button>
        <button type="button">جای دیگر</button>
      </>
    );
  }
  renderWithProviders(<Harness />);
  return { search, input: screen.getByRole('textbox', { name: 'نام' }) };
}

// jsdom lays nothing out, so Mantine's popover hides the list with display:none and never finishes
// taking it away: the options are found with `hidden`, and whether the list is open is read from the
// field's aria-controls, which points at the list only while it is open.
const option = (name: string) => screen.queryByRole('option', { name, hidden: true });

afterEach(() => vi.useRealTimers());

describe('SearchCombobox', () => {
  it('searches once for a word typed without a pause, not once a letter', async () => {
    const { search, input } = setup();
    const user = userEvent.setup();
    await user.type(input, 'زرن');
    expect(await screen.findByRole('option', { name: 'زرناب', hidden: true })).toBeInTheDocument();
    expect(search.mock.calls.map(([text]) => text)).toEqual(['زرن']);
    expect(option('زرین')).toBeNull();
  });

  it('stays open after a click outside and closes autocompleteCloseMs after the field loses focus', async () => {
    const { input } = setup();
    await userEvent.setup().type(input, 'زر');
    expect(await screen.findByRole('option', { name: 'زرین', hidden: true })).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-controls');

    vi.useFakeTimers();
    // A click elsewhere, step by step: userEvent waits on timers, which are stopped here.
    const elsewhere = screen.getByRole('button', { name: 'جای دیگر' });
    fireEvent.mouseDown(elsewhere);
    act(() => elsewhere.focus());
    fireEvent.mouseUp(elsewhere);
    fireEvent.click(elsewhere);
    expect(input).not.toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(UI.autocompleteCloseMs - 1));
    expect(input).toHaveAttribute('aria-controls');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(input).not.toHaveAttribute('aria-controls');
  });

  it('picks a suggestion, and typing again clears the choice but keeps the text', async () => {
    const { input } = setup();
    const user = userEvent.setup();
    await user.type(input, 'زر');
    await user.click(await screen.findByRole('option', { name: 'زرین', hidden: true }));
    expect(input).toHaveValue('زرین');
    expect(screen.getByRole('status')).toHaveTextContent('a');

    await user.type(input, '!');
    expect(screen.getByRole('status')).toHaveTextContent('هیچ');
    expect(input).toHaveValue('زرین!');
  });

  it('neither searches nor opens for an empty field by default', async () => {
    const { search, input } = setup();
    await userEvent.setup().click(input);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(search).not.toHaveBeenCalled();
    expect(input).not.toHaveAttribute('aria-controls');
  });

  it('lists suggestions for an empty field that suggests when empty, once the field is focused', async () => {
    const { search, input } = setup({ suggestWhenEmpty: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(search).not.toHaveBeenCalled();
    await userEvent.setup().click(input);
    expect(input).toHaveAttribute('aria-controls');
    expect(await screen.findByRole('option', { name: 'زرناب', hidden: true })).toBeInTheDocument();
    expect(search.mock.calls.map(([text]) => text)).toEqual(['']);
  });

  it('says «پیدا نشد» beside an empty list, which holds nothing but options (axe: aria-required-children)', async () => {
    const { input } = setup();
    await userEvent.setup().type(input, 'نقره');
    const status = await screen.findByText('پیدا نشد');
    expect(status.closest('[role="status"]')).not.toBeNull();
    const list = screen.getByRole('listbox', { hidden: true });
    expect(list).not.toContainElement(status);
    expect(
      [...list.querySelectorAll('*')].filter(
        (el) => el.getAttribute('role') !== 'option' && !el.closest('[role="option"]'),
      ),
    ).toEqual([]);
  });

  it('empties the name it showed when the value is cleared from outside', async () => {
    const user = userEvent.setup();
    const { input } = setup();
    await user.type(input, 'زر');
    await user.click(await screen.findByRole('option', { name: 'زرین', hidden: true }));
    expect(input).toHaveValue('زرین');
    await user.click(screen.getByRole('button', { name: 'پاک کردن از بیرون' }));
    expect(screen.getByRole('status')).toHaveTextContent('هیچ');
    expect(input).toHaveValue('');
  });
});
