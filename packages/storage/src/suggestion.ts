/**
 * Upstream's rule for work done on a caller's possibly stale copy of the current object
 * (`cachedExistingObject`, the watch cache's suggestion) in GuaranteedUpdate and conditional delete.
 * @module
 */

/**
 * After a precondition, validation or update function failed on a suggested state: reads the current
 * state once. If its revision is the suggestion's, the suggestion was current and the failure stands
 * (rethrown); otherwise the fresh state is returned for the caller to retry on.
 */
export async function refreshAfterSuggestionFailure<S extends { readonly rev: string | number }>(
  failure: unknown,
  suggested: S,
  fresh: () => Promise<S>,
): Promise<S> {
  const current = await fresh();
  if (current.rev === suggested.rev) throw failure;
  return current;
}
