// A project's `protectedPaths` and `roots` guard its places from any command, not only from
// commands started inside it (attack pass 19, F6: from a sibling directory, `cat
// ../wsP/secrets/prod.txt` and `cd ../wsP && cat secrets/prod.txt` read what wsP's file
// protects, because the config holds only the cwd's project files). The project files of every
// other directory a command's paths reach are read (the projectFilesAbove host fact) and what
// they add is judged as the config's own entries are.
import type { PolicyConfig } from '../policyConfig.js';
import type { HostFacts, ProjectFileFact } from '../reviewRequest.js';
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';

/** Per config: its held directories as a set (built once; the loader keeps one config per cwd). */
const heldByConfig = new WeakMap<PolicyConfig, ReadonlySet<string>>();
/**
 * Per config: the config with other projects' entries added, by those entries. Cached so the
 * compiled pattern tables (judgePaths.ts tableFor, keyed by config object) are reused by the
 * next review that reaches the same places.
 */
const widenedByConfig = new WeakMap<PolicyConfig, Map<string, PolicyConfig>>();
/** Per review (facts object): a directory's answer, as many paths share directories. */
const answersByFacts = new WeakMap<HostFacts, Map<string, readonly ProjectFileFact[]>>();

const EMPTY: ReadonlySet<string> = new Set();

export interface OtherProjects {
  /** The config, or a copy holding what other projects protect too. */
  config: PolicyConfig;
  /** One ask per project file that could not be read: what it protects is unknown. */
  problems: Verdict[];
}

/** What the project files of these absolute directories (and those above them) add to `config`. */
export function withOtherProjects(config: PolicyConfig, facts: HostFacts, dirs: Iterable<string>): OtherProjects {
  const lookup = facts.projectFilesAbove;
  if (!lookup) return { config, problems: [] };
  let held = heldByConfig.get(config);
  if (!held) {
    held = config.projectDirs ? new Set(config.projectDirs) : EMPTY;
    heldByConfig.set(config, held);
  }
  let answers = answersByFacts.get(facts);
  if (!answers) {
    answers = new Map();
    answersByFacts.set(facts, answers);
  }
  const files = new Map<string, ProjectFileFact>();
  for (const dir of dirs) {
    let found = answers.get(dir);
    if (!found) {
      found = lookup.call(facts, dir, held);
      answers.set(dir, found);
    }
    for (const f of found) files.set(f.file, f);
  }
  if (files.size === 0) return { config, problems: [] };
  const addedPaths: string[] = [];
  const addedRoots: string[] = [];
  const problems: Verdict[] = [];
  for (const f of files.values()) {
    if ('problem' in f) {
      problems.push(
        verdict(
          'ask',
          'medium',
          'path.project_config_unreadable',
          `The command reaches a project whose shimctl file cannot be read (${f.file}: ${f.problem}), so what it protects is unknown.`,
          'paths:other-project-config',
        ),
      );
      continue;
    }
    for (const p of f.protectedPaths)
      if (!config.protectedPaths.includes(p) && !addedPaths.includes(p)) addedPaths.push(p);
    for (const r of f.roots) if (!config.roots.includes(r) && !addedRoots.includes(r)) addedRoots.push(r);
  }
  if (addedPaths.length === 0 && addedRoots.length === 0) return { config, problems };
  let widened = widenedByConfig.get(config);
  if (!widened) {
    widened = new Map();
    widenedByConfig.set(config, widened);
  }
  const key = `${addedPaths.join('\0')}\u0001${addedRoots.join('\0')}`;
  let wider = widened.get(key);
  if (!wider) {
    wider = {
      ...config,
      protectedPaths: [...config.protectedPaths, ...addedPaths],
      roots: [...config.roots, ...addedRoots],
    };
    if (widened.size > 16) widened.clear(); // a long-lived process reaching many projects: stay bounded
    widened.set(key, wider);
  }
  return { config: wider, problems };
}
