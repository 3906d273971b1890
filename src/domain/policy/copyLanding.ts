/**
 * Where `cp`/`mv`/`ln`/`install` actually write. Into a directory destination a source lands at
 * `dest/basename(src)`, so `cp -r /tmp/stage/.ssh ~` writes `~/.ssh/...` although neither
 * operand names it; `cp -a stage/. ~/` and `cp -rT stage ~` lay the source's contents over the
 * destination. Whether the destination is a directory is not known without the file system,
 * so both readings are judged: the extra landing path only matters when it is protected.
 */
import type { PathArg } from '../paths/judgePaths.js';
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import { normalizePosix } from '../paths/posixPath.js';
import { PROTECTED_DIR_NAMES } from '../paths/protectedResources.js';

function lastComponent(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const slash = trimmed.lastIndexOf('/');
  return slash < 0 ? trimmed : trimmed.slice(slash + 1);
}

/** The paths written when `sources` are copied (moved, linked) to `dest`. */
export function landingPaths(
  sources: readonly string[],
  dest: string,
  opts: { wholeTree: boolean; contentsOnly: boolean },
): PathArg[] {
  const out: PathArg[] = [];
  // Onto a device (`cp x /dev/null`) nothing lands below it; replacing it is judged by deviceReplacement.
  if (dest.startsWith('/dev/') && !dest.endsWith('/')) return out;
  const join = (a: string, b: string): string => (a.endsWith('/') ? a + b : `${a}/${b}`);
  // A destination named like a protected directory (`ln -s /tmp/evil .git`, `mv stage .git`,
  // `cp gitfile .git`) may be replaced when it does not exist yet: everything below it is
  // written, which judgePaths reads as reaching the protected files that may sit there.
  if (sources.length && PROTECTED_DIR_NAMES.has(lastComponent(dest)))
    out.push({ raw: dest, access: 'write', recursive: true });
  for (const s of sources) {
    const base = lastComponent(s);
    if (opts.contentsOnly || base === '.' || base === '') {
      // The source's children land directly in dest: whatever sits below dest may be replaced.
      out.push({ raw: dest, access: 'write', recursive: opts.wholeTree });
      continue;
    }
    if (base === '..') continue;
    const landing = join(dest, base);
    // A whole tree lands below `landing` (judgePaths finds the protected files that may sit
    // there, `dest/.git/hooks` included). A file named like a protected directory is judged the
    // same way: a `.git` file is a gitfile that points git at another directory.
    const tree = opts.wholeTree || PROTECTED_DIR_NAMES.has(base);
    out.push(tree ? { raw: landing, access: 'write', recursive: true } : { raw: landing, access: 'write' });
  }
  return out;
}

/** Writes into /dev that are harmless for `>` (`/dev/null`) replace the node itself for these commands. */
const REPLACES_TARGET = new Set(['mv', 'ln', 'install']);

/**
 * `mv x /dev/null`, `ln -sf x /dev/null`, `cp --remove-destination x /dev/null`: the device node
 * is replaced for the whole machine (as root). Block.
 */
export function deviceReplacement(
  name: string,
  dest: string | undefined,
  removesDestination: boolean,
): Verdict | undefined {
  if (dest === undefined || !(REPLACES_TARGET.has(name) || (name === 'cp' && removesDestination))) return undefined;
  if (!dest.startsWith('/')) return undefined;
  const abs = normalizePosix(dest);
  if (!abs.startsWith('/dev/') || abs.endsWith('/')) return undefined;
  return verdict(
    'block',
    'high',
    'path.system_write',
    `${name} onto ${abs} replaces a device node for the whole machine.`,
    'paths:device-replace',
  );
}
