import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { HoldToConfirmButton } from './HoldToConfirmButton.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const onConfirm = vi.fn();
  renderWithProviders(<HoldToConfirmButton onConfirm={onConfirm} aria-label="تأیید درخواست" />);
  const button = screen.getByRole('button', { name: 'تأیید درخواست' });
  return { onConfirm, button };
}
// A synchronous act flushes React's work and throws what failed before it returns; the thenable it gives
// back has nothing left to wait for (awaiting it would wait on a task the fake timers hold).
const advance = (ms: number): void => void act(() => vi.advanceTimersByTime(ms));

describe('HoldToConfirmButton', () => {
  it('shows the hint and fires once after being held for 2 seconds', () => {
    const { onConfirm, button } = setup();
    expect(button).toHaveTextContent('برای تأیید نگه دارید');
    fireEvent.pointerDown(button, { button: 0, pointerId: 1 });
    expect(button).toHaveAttribute('data-holding');
    advance(1999);
    expect(onConfirm).not.toHaveBeenCalled();
    advance(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(button).toHaveTextContent('تأیید شد');
    // Holding on does not fire again.
    advance(5000);
    fireEvent.pointerUp(button, { button: 0, pointerId: 1 });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(button).not.toHaveAttribute('data-holding');
  });

  it('sends nothing when released at 1.5 seconds', () => {
    const { onConfirm, button } = setup();
    fireEvent.pointerDown(button, { button: 0, pointerId: 1 });
    advance(1500);
    fireEvent.pointerUp(button, { button: 0, pointerId: 1 });
    advance(5000);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(button).toHaveTextContent('برای تأیید نگه دارید');
  });

  it('a plain click does nothing', () => {
    const { onConfirm, button } = setup();
    fireEvent.click(button);
    advance(5000);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('works from the keyboard: holding Space or Enter confirms, an early release cancels', () => {
    const { onConfirm, button } = setup();
    button.focus();
    fireEvent.keyDown(button, { key: ' ' });
    // Auto-repeat while the key is held does not restart the timer.
    advance(1000);
    fireEvent.keyDown(button, { key: ' ', repeat: true });
    advance(1000);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.keyUp(button, { key: ' ' });

    fireEvent.keyDown(button, { key: 'Enter' });
    advance(1500);
    fireEvent.keyUp(button, { key: 'Enter' });
    advance(2000);
    expect(onConfirm).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(button, { key: 'Enter' });
    advance(2000);
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('cancels when the button loses focus mid-hold', () => {
    const { onConfirm, button } = setup();
    button.focus();
    fireEvent.keyDown(button, { key: 'Enter' });
    advance(1000);
    fireEvent.blur(button);
    advance(3000);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
