/**
 * Where a v2 version's entry lives in the published status lists (IETF Token Status List, ADR 0041).
 * Every v2 version draws one global index (`result_versions.status_idx`); list n holds the indexes
 * n·65,536 … n·65,536 + 65,535. A list's address is signed into results forever, so it is outside the
 * API's versioned prefix and never moves.
 */

/** Entries per list: 2 bits each, 16 KiB uncompressed; a few hundred bytes once ZLIB-compressed. */
export const STATUS_LIST_SIZE = 65536;

/** Where list `list` is published: absolute under PUBLIC_URL, else path-absolute (ADR 0041). */
export function statusListUri(publicUrl: string | undefined, list: number): string {
  return `${publicUrl ?? ''}/status-lists/${list}`;
}

/** The list and the index within it of a global index. */
export function statusListPosition(globalIdx: number): { list: number; idx: number } {
  return { list: Math.floor(globalIdx / STATUS_LIST_SIZE), idx: globalIdx % STATUS_LIST_SIZE };
}

/** The payload's `status` member for the version with this global index. */
export function statusClaim(
  publicUrl: string | undefined,
  globalIdx: number,
): { status_list: { idx: number; uri: string } } {
  const { list, idx } = statusListPosition(globalIdx);
  return { status_list: { idx, uri: statusListUri(publicUrl, list) } };
}
