import { hasUnsavedInput } from './unsaved.ts';

// A new version of the app that is installed and waiting (vite-plugin-pwa, registerType 'prompt'). It
// is loaded only when the person asks, and never over unsaved input (ADR 0026).

type Activate = () => Promise<void>;

let activate: Activate | null = null;
const listeners = new Set<() => void>();

/** A new version waits; `run` activates it and reloads (null: none waits any more). */
export function offerUpdate(run: Activate | null): void {
  activate = run;
  for (const listener of listeners) listener();
}

export const updateReady = (): boolean => activate !== null;

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads the waiting version, unless a screen holds unsaved input: then nothing happens. */
export async function applyUpdate(): Promise<'reloading' | 'unsaved' | 'none'> {
  if (!activate) return 'none';
  if (hasUnsavedInput()) return 'unsaved';
  await activate();
  return 'reloading';
}
