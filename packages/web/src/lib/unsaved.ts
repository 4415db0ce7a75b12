import { useEffect } from 'react';

// Which screens hold input that is not saved yet, so nothing the app does on its own (loading a new
// version) throws it away (ADR 0026). A form reports while it is dirty; nothing is stored.

const holders = new Set<symbol>();

/** Whether any screen shown now holds unsaved input. */
export function hasUnsavedInput(): boolean {
  return holders.size > 0;
}

/** Marks the calling screen as holding unsaved input while `dirty` is true. */
export function useUnsavedInput(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const token = Symbol('unsaved');
    holders.add(token);
    return () => {
      holders.delete(token);
    };
  }, [dirty]);
}
