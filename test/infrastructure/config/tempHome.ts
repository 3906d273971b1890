import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import type { StatePaths } from '../../../src/infrastructure/paths/statePaths.js';

/** A fresh HOME with no XDG variables: nothing touches the real home. */
export interface TempHome {
  root: string;
  home: string;
  paths: StatePaths;
  /** A project directory with `.git`, outside HOME's config dir. */
  project: string;
  write(path: string, content: string): string;
  cleanup(): void;
}

export function makeTempHome(): TempHome {
  const root = mkdtempSync(join(tmpdir(), 'shimctl-config-'));
  const home = join(root, 'home');
  const project = join(home, 'work', 'proj');
  mkdirSync(join(project, '.git'), { recursive: true });
  const paths = statePaths({ HOME: home });
  return {
    root,
    home,
    paths,
    project,
    write(path, content) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
      return path;
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
