// The public lookup's limits: the results module's lookups and photos and the result-versions
// module's slip check share them, so they live below both (docs/product.md §7.3).

/**
 * Lookups per address per minute (docs/product.md §7.3): numbers are sequential, so this is what stops
 * walking them. `AppOptions.lookupRateLimit` overrides it (the bench measures the lookup, not the limit).
 */
export const LOOKUP_RATE_LIMIT = 30;
/** Photo requests per address per minute: a result page loads a few thumbnails and full images. */
export const PHOTO_RATE_LIMIT = 300;
