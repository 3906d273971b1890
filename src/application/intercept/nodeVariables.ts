import list from '../../../shims/nodeVariables.json' with { type: 'json' };

/** A name the generated shell may `eval` and the C client may `setenv`: nothing but NODE_ and capitals. */
const NAME = /^NODE_[A-Z_]+$/;

/**
 * Node variables the shims move aside (as `SHIMCTL_SAVED_<NAME>`) so they never reach the
 * review core's own Node process; the command that runs gets them back. A fixed list, kept in
 * shims/nodeVariables.json, from which the shell templates and the C client are generated: a
 * `SHIMCTL_SAVED_LD_PRELOAD` must not turn into anything.
 */
export const SAVED_NODE_VARIABLES: readonly string[] = list.moved.map((n) => {
  if (!NAME.test(n)) throw new Error(`shims/nodeVariables.json: '${n}' is not a NODE_ variable name`);
  return n;
});
