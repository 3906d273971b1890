// Finding the one config file of a directory among its candidate names, read and validated:
// shared by the config loader (createConfigSource.ts) and the host fact that reads the project
// files of places a command reaches outside its own project (hostFacts/projectFilesAt.ts).
import { basename, dirname, join } from 'node:path';
import type { ConfigOutcome } from '../../application/ports/configSource.js';
import { REFUSED_PROJECT_FILES, probe } from './configFiles.js';
import type { ConfigFileContent } from './configSchema.js';
import { SchemaError, validateConfigFile } from './configSchema.js';
import { readConfigFile } from './readConfigFile.js';

export type Failure = Extract<ConfigOutcome, { kind: 'invalid' | 'unreadable' }>;
export type Found = { file: string; content: ConfigFileContent } | Failure | undefined;

/** Reads and validates one file of a directory's candidate set; at most one may hold config. */
export function findOne(dir: string, names: readonly string[]): Found {
  let found: { file: string; content: ConfigFileContent } | undefined;
  for (const name of names) {
    const p = probe(join(dir, name));
    if (p.kind === 'absent') continue;
    if (p.kind === 'unreadable') return { kind: 'unreadable', file: p.path, message: p.message };
    const read = readConfigFile(p.path);
    if (read.kind === 'absent') continue;
    if (read.kind === 'invalid') return { kind: 'invalid', file: p.path, field: '(file)', message: read.message };
    if (found) {
      return {
        kind: 'invalid',
        file: p.path,
        field: '(file)',
        message: `${found.file} is also a shimctl config; keep only one per directory`,
      };
    }
    try {
      found = { file: p.path, content: validateConfigFile(read.content) };
    } catch (err) {
      if (err instanceof SchemaError) return { kind: 'invalid', file: p.path, field: err.field, message: err.message };
      throw err;
    }
  }
  return found;
}

export const isFailure = (f: Found): f is Failure => !!f && 'kind' in f;

/** The managed file: absent is fine (no managed layer); present but unreadable or invalid fails closed. */
export function findManaged(file: string): Found {
  return findOne(dirname(file), [basename(file)]);
}

export function refusedCodeConfig(dir: string): Failure | undefined {
  for (const name of REFUSED_PROJECT_FILES) {
    const p = probe(join(dir, name));
    if (p.kind !== 'absent') {
      return {
        kind: 'invalid',
        file: join(dir, name),
        field: '(file)',
        message:
          "a project config written in JavaScript/TypeScript would run the repository's code; use .shimctlrc.json or .shimctlrc.yaml",
      };
    }
  }
  return undefined;
}
