import { useEffect, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { Box, UnstyledButton } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import { UI } from '@ayar/contract';

export interface HoldToConfirmButtonProps {
  /** Called once when the button has been held for `holdMs`. */
  onConfirm: () => void;
  /** The visible text; «برای تأیید نگه دارید» by default. */
  children?: ReactNode;
  /** What a screen reader announces, e.g. «تأیید درخواست ۵۰٬۰۰۰ تومان (نگه دارید)». */
  'aria-label'?: string;
  holdMs?: number;
  color?: MantineColor;
  disabled?: boolean;
}

const HOLD_KEYS = new Set([' ', 'Enter', 'Spacebar']);

/** The button's look: an outline in the colour, dimmed while disabled; a hold never selects text. */
function buttonStyle(color: MantineColor, disabled: boolean): CSSProperties {
  return {
    position: 'relative',
    overflow: 'hidden',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: 36,
    paddingInline: 14,
    borderRadius: 'var(--mantine-radius-md)',
    border: `1.5px solid var(--mantine-color-${color}-filled)`,
    color: `var(--mantine-color-${color}-9)`,
    background: 'var(--mantine-color-white)',
    fontSize: 'var(--mantine-font-size-sm)',
    fontWeight: 600,
    whiteSpace: 'nowrap',
    userSelect: 'none',
    WebkitUserSelect: 'none',
    WebkitTouchCallout: 'none',
    touchAction: 'none',
    opacity: disabled ? 0.5 : 1,
    cursor: disabled ? 'not-allowed' : 'pointer',
  };
}

/** The hold: started, it confirms once after `holdMs` unless stopped first. */
function useHold(onConfirm: () => void, holdMs: number, disabled: boolean) {
  const [holding, setHolding] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const start = () => {
    if (disabled || timer.current !== undefined) return;
    setDone(false);
    setHolding(true);
    timer.current = window.setTimeout(() => {
      setDone(true);
      onConfirm();
    }, holdMs);
  };
  const stop = () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    setHolding(false);
    setDone(false);
  };
  return { holding, done, start, stop };
}

/**
 * Press and hold to confirm (docs/product.md §2.14, §6.2): the action fires once after `holdMs` (2 s) of
 * holding with the pointer, or with Space or Enter held on the keyboard. A fill grows across the button while
 * it is held; releasing earlier cancels and nothing is sent.
 */
export function HoldToConfirmButton({
  onConfirm,
  children = 'برای تأیید نگه دارید',
  'aria-label': ariaLabel,
  holdMs = UI.holdToConfirmMs,
  color = 'green',
  disabled = false,
}: HoldToConfirmButtonProps) {
  const { holding, done, start, stop } = useHold(onConfirm, holdMs, disabled);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button > 0) return;
    // Keep getting the pointer's events even if the finger slides a little.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    start();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!HOLD_KEYS.has(event.key)) return;
    event.preventDefault();
    if (!event.repeat) start();
  };
  const onKeyUp = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!HOLD_KEYS.has(event.key)) return;
    event.preventDefault();
    stop();
  };

  // A light fill under dark text, so the label stays readable while the fill grows.
  const fill = `var(--mantine-color-${color}-2)`;
  return (
    <UnstyledButton
      type="button"
      aria-label={ariaLabel}
      disabled={disabled}
      data-holding={holding || undefined}
      onPointerDown={onPointerDown}
      onPointerUp={stop}
      onPointerCancel={stop}
      onLostPointerCapture={stop}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      onBlur={stop}
      onContextMenu={(event) => event.preventDefault()}
      style={buttonStyle(color, disabled)}
    >
      <Box
        aria-hidden
        data-testid="hold-progress"
        style={{
          position: 'absolute',
          insetBlock: 0,
          insetInlineStart: 0,
          // Grows from the inline start: the right edge in RTL.
          inlineSize: holding ? '100%' : '0%',
          background: fill,
          transition: `inline-size ${holding ? holdMs : 150}ms linear`,
        }}
      />
      <span style={{ position: 'relative' }}>{done ? 'تأیید شد' : children}</span>
    </UnstyledButton>
  );
}
