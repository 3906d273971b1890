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
  /** Directories install had to create (deepest last), removed again by uninstall when empty. */
  createdDirs?: string[];
}

export const MANIFEST_VERSION = 1;
