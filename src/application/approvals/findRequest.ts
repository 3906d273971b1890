import type { ApprovalStore, StoredRequest } from './approvalStore.js';

export type Found = { ok: true; stored: StoredRequest } | { ok: false; message: string };

/** The shortest id prefix accepted, so a typo cannot hit an unrelated request by accident. */
export const MIN_PREFIX = 4;

/**
 * The pending request named by `id` (the full id or a unique prefix of at least 4 characters).
 * Requests that fail their integrity check are never answerable: something other than a shim wrote
 * or altered them.
 */
export function findRequest(store: ApprovalStore, id: string): Found {
  if (id.length < MIN_PREFIX)
    return { ok: false, message: `request id '${id}' is too short: give at least ${MIN_PREFIX} characters` };
  const all = store.list();
  const exact = all.filter((s) => s.request.id === id);
  const matches = exact.length > 0 ? exact : all.filter((s) => s.request.id.startsWith(id));
  if (matches.length === 0)
    return { ok: false, message: `no pending request with id '${id}' (answered, timed out, or never existed)` };
  if (matches.length > 1)
    return { ok: false, message: `'${id}' matches ${matches.length} pending requests; give more of the id` };
  const stored = matches[0]!;
  if (!stored.authentic)
    return {
      ok: false,
      message: `request '${stored.request.id}' failed its integrity check (not written by a shimctl shim, or altered): refusing to answer it`,
    };
  if (stored.stale)
    return {
      ok: false,
      message: `request '${stored.request.id}' has no waiting process any more (it was killed); nothing to answer`,
    };
  return { ok: true, stored };
}

/**
 * Authentic requests whose waiter is alive: what the human is asked about. Requests whose waiter
 * was killed outright (SIGKILL leaves no chance to clean up) are removed on the way.
 */
export function answerable(store: ApprovalStore): StoredRequest[] {
  const all = store.list();
  for (const s of all) if (s.authentic && s.stale) store.discard(s.request.id);
  return all.filter((s) => s.authentic && !s.stale);
}
