import type { PathArg } from '../paths/judgePaths.js';
import { MODEL_BY_COMMAND } from '../toolModels/registry.js';
import { modelFindings } from '../toolModels/judgeModel.js';
import { findUrls, judgeUrls } from '../urls/judgeUrls.js';
import type { RequestShape } from '../urls/loopbackRead.js';
import type { Verdict } from '../verdict.js';
import type { ReviewState } from './reviewState.js';
import { step } from './reviewState.js';

const PROBE: RequestShape = { plainRead: true };

/** A bare host as a URL for the URL policy (`::1` in brackets). */
function hostUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `http://[${host}]` : `http://${host}`;
}

function samePath(a: PathArg, b: PathArg): boolean {
  return a.raw === b.raw && a.access === b.access && (a.recursive === true) === (b.recursive === true);
}

/**
 * The option model's findings for a modelled tool (toolModels/): verdicts for unknown options
 * and effects no policy judges, URLs for the URL policy, and paths added to `pathArgs` (in
 * place, without duplicates) for the path policy. Undefined for a tool without a model, which
 * the name-based rules alone judge, as before. The caller combines by max, so a model can only
 * tighten what the rules allowed.
 */
export function modelOptionFindings(
  name: string,
  args: readonly string[],
  pathArgs: PathArg[],
  state: ReviewState,
  depth: number,
): Verdict[] | undefined {
  const model = MODEL_BY_COMMAND.get(name);
  if (!model) return undefined;
  const found = modelFindings(name, model, args);
  for (const p of found.paths) if (!pathArgs.some((q) => samePath(p, q))) pathArgs.push(p);
  const out = found.verdicts;
  if (found.urls.length > 0) {
    // findUrls reads words[0] as the command name.
    const urls = findUrls([name, ...found.urls]);
    if (urls.length > 0) out.push(judgeUrls(urls, state.config, undefined, () => state.facts.shimctlHttpPort));
  }
  if (found.hosts.length > 0) {
    // A probe (`ping`, `dig @SERVER`) sends no request of its own: on loopback it is a plain read.
    out.push(judgeUrls(found.hosts.map(hostUrl), state.config, PROBE, () => state.facts.shimctlHttpPort));
  }
  if (out.length > 0 || found.paths.length > 0) {
    step(
      state,
      depth,
      'options',
      () =>
        `${name}'s option model: ${out.length} finding(s), ${found.paths.length} path(s): ${found.paths.map((p) => `${p.raw} (${p.access})`).join(', ')}`,
    );
  }
  return out;
}
