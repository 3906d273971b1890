import type { BuiltinRule } from '../ruleTypes.js';
import { corePack } from './core.js';
import { fsPack } from './fs.js';
import { gitPack } from './git.js';
import { netPack } from './net.js';
import { pkgPack } from './pkg.js';
import { systemPack } from './system.js';

export const BUILTIN_PACKS: Readonly<Record<string, readonly BuiltinRule[]>> = {
  core: corePack,
  git: gitPack,
  fs: fsPack,
  pkg: pkgPack,
  net: netPack,
  system: systemPack,
};

export const BUILTIN_RULES: readonly BuiltinRule[] = Object.values(BUILTIN_PACKS).flat();

/** Rules indexed by command name at module load, so a decision costs one map lookup. */
export const RULES_BY_COMMAND: ReadonlyMap<string, readonly BuiltinRule[]> = (() => {
  const m = new Map<string, BuiltinRule[]>();
  for (const r of BUILTIN_RULES) {
    for (const c of r.commands) {
      const list = m.get(c) ?? [];
      list.push(r);
      m.set(c, list);
    }
  }
  return m;
})();
