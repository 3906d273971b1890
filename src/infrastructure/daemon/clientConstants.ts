/** What install builds into a client: where the resident process lives, and for the bash/sh shims their paths. */
export interface ClientConstants {
  /** The resident process's directory for this install (statePaths().runDir). */
  runDir?: string;
  /**
   * The node binary and shim entry the resident process must run for the client to trust it
   * (the shims' own, when `shim` is set). Unset: the NODE and ENTRY the client is started with.
   */
  daemon?: { node: string; entry?: string };
  /** Set: the client is the bash or sh shim itself (see shims/client). */
  shim?: { name: 'bash' | 'sh'; realShell: string; node: string; entry: string };
}
