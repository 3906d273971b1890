/** What `install` created, so `uninstall` removes exactly that. Stored as JSON in `paths.manifest`. */
export interface ManifestFile {
  path: string;
  sha256: string;
  kind: 'shim' | 'launcher' | 'guard' | 'entry' | 'fish';
}

export interface ManifestRcEdit {
  /** The file as the user names it (may be a symlink). */
  path: string;
  /** The exact bytes appended. */
  inserted: string;
  /** The file did not exist before install. */
  created: boolean;
}

export interface ManifestAgent {
  name: string;
  realPath: string;
  launcher: string;
  coverage: string;
  note: string;
}

export interface Manifest {
  version: 1;
  installedAt: string;
  node: string;
  bundle: string;
  realShells: { bash: string; sh: string };
  files: ManifestFile[];
  rcEdits: ManifestRcEdit[];
  agents: ManifestAgent[];
  /** sha256 of `bundle` at install; the shim entry carries the same value and refuses any other content. */
  bundleSha256?: string;
  /**
   * shimctl's own locations as this install made them (config, state, data, launcher and shim
   * directories, the review bundles, the agent hook directories it wrote): the review refuses any
   * change there (path.self_protection), read from here so a moved XDG_* cannot unprotect them.
   */
  selfPaths?: string[];
  /** Directories install had to create (deepest last), removed again by uninstall when empty. */
  createdDirs?: string[];
}

export const MANIFEST_VERSION = 1;
