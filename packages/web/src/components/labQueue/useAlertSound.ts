import { useCallback, useEffect, useRef, useState } from 'react';
import { apiBlob } from '../../lib/api.ts';

export type SoundState = 'none' | 'loading' | 'ready' | 'blocked' | 'failed';

/**
 * The workshop's audio (the file the administrator uploaded, ADR 0027) as a sound to play. It is
 * fetched with the login's token (an audio element cannot send one) and played from a blob: URL. A
 * browser that will not play before the person has touched the page answers `blocked`; `play()` from
 * a click then unlocks it.
 */
export function useAlertSound(address: string | null) {
  const audio = useRef<HTMLAudioElement | null>(null);
  // What became of which address: a state for another address (or none yet) means still loading.
  const [loaded, setLoaded] = useState<{ address: string; state: SoundState } | null>(null);

  useEffect(() => {
    if (!address) return;
    let url: string | null = null;
    let cancelled = false;
    apiBlob(address, { silent: true, background: true })
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        audio.current = new Audio(url);
        setLoaded({ address, state: 'ready' });
      })
      .catch(() => {
        if (!cancelled) setLoaded({ address, state: 'failed' });
      });
    return () => {
      cancelled = true;
      audio.current = null;
      if (url) URL.revokeObjectURL(url);
    };
  }, [address]);

  const play = useCallback(async (): Promise<boolean> => {
    const element = audio.current;
    if (!element || !address) return false;
    try {
      element.currentTime = 0;
      await element.play();
      setLoaded({ address, state: 'ready' });
      return true;
    } catch {
      setLoaded({ address, state: 'blocked' });
      return false;
    }
  }, [address]);

  const state: SoundState = !address ? 'none' : loaded?.address === address ? loaded.state : 'loading';
  return { state, play };
}
