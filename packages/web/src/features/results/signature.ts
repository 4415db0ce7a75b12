import { useEffect, useState } from 'react';
import { compareShown, fetchResultKeys, verifyResultSignature } from '../../lib/resultSignature.ts';
import type { PublicJwk, ShownResult } from '../../lib/resultSignature.ts';
import type { ResultItem } from './types.ts';

/**
 * What the browser found of a result's signature (ADR 0029):
 * - `none`: nothing signed (no purity yet, or published before signing existed): nothing to say;
 * - `verified`: signed by a published key, and it says what the page shows (`signedAt`: when,
 *   `lab`: the lab it was signed for; `unsigned`: the shown fields an older signature does not
 *   cover (v1's, ADR 0041; v2's staff codes, ADR 0050), which the page shows outside its badge);
 * - `mismatch`: a genuine signature of something else than what the page shows;
 * - `invalid`: not the network's signature (forged, altered, a key never published, or a retired key
 *   claiming a time after its retirement);
 * - `unavailable`: the keys could not be fetched; `unsupported`: this browser has no Ed25519.
 */
export type SignatureState =
  | { state: 'none' }
  | { state: 'checking' }
  | { state: 'verified'; signedAt: string; lab: string; unsigned: (keyof ShownResult)[] }
  | { state: 'mismatch' }
  | { state: 'invalid' }
  | { state: 'unavailable' }
  | { state: 'unsupported' };

/** The key set, fetched once per page for every item shown (and again when a key is not in it). */
let keys: Promise<PublicJwk[]> | null = null;

function resultKeys(refresh = false): Promise<PublicJwk[]> {
  if (!keys || refresh) {
    const loading = fetchResultKeys();
    keys = loading;
    // A failed fetch is not kept: the next result shown tries again.
    loading.catch(() => {
      if (keys === loading) keys = null;
    });
  }
  return keys;
}

/** Tests serve a new key set per file: they start without the previous one. */
export function forgetResultKeys(): void {
  keys = null;
}

/** Checks an item's JWS against the published keys and what the item shows. */
export async function checkSignature(item: ResultItem): Promise<SignatureState> {
  if (!item.jws) return { state: 'none' };
  let check;
  try {
    check = await verifyResultSignature(item.jws, await resultKeys());
    // A key published after this page fetched the set (a rotation): fetch it once more.
    if (!check.ok && check.reason === 'unknown-key') {
      check = await verifyResultSignature(item.jws, await resultKeys(true));
    }
  } catch {
    return { state: 'unavailable' };
  }
  if (!check.ok) return { state: check.reason === 'unsupported' ? 'unsupported' : 'invalid' };
  const { matches, unsigned } = compareShown(check.signed, item);
  return matches
    ? {
        state: 'verified',
        signedAt: check.signed.payload.publishedAt,
        lab: check.signed.payload.lab,
        unsigned,
      }
    : { state: 'mismatch' };
}

/** The item's signature, checked once it is shown (the check runs after render, never during it). */
export function useSignature(item: ResultItem): SignatureState {
  const [found, setFound] = useState<{ item: ResultItem; result: SignatureState } | null>(null);
  useEffect(() => {
    if (!item.jws) return;
    let live = true;
    void checkSignature(item).then((result) => {
      if (live) setFound({ item, result });
    });
    return () => {
      live = false;
    };
  }, [item]);
  if (!item.jws) return { state: 'none' };
  return found?.item === item ? found.result : { state: 'checking' };
}
