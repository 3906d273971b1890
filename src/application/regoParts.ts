// A compound command under a Rego engine: one input per simple command (and per directory it may
// run in), so a policy written for one simple command judges every part of `a && b | c` as the
// command it is. What Rego does not see keeps its native verdict whatever the engine: the agent's
// own envelope parts (as the shape-matched envelopes, whose fixed text Rego never sees either),
// redirections (judged by the path policy), and parts with no simple command of their own.
import type { EngineInput } from './ports/policyEngine.js';
import { ENGINE_INPUT_VERSION } from './ports/policyEngine.js';
import type { ReviewRequest } from '../domain/reviewRequest.js';
import type { ReviewResult } from '../domain/review/reviewCommand.js';
import type { Verdict } from '../domain/verdict.js';

export interface PartsForRego {
  inputs: EngineInput[];
  /** Verdicts that stand beside Rego's under `engine: rego`. */
  kept: Verdict[];
}

export function regoInputsForParts(native: ReviewResult, req: ReviewRequest): PartsForRego {
  const parts = native.parts ?? [];
  const judged = parts.filter((p) => p.forEngine && !p.envelopePart);
  const compound = {
    parts: judged.flatMap((p) =>
      p.forEngine!.judged.map((j) => ({ command: p.text, argv: j.normalized.argv, cwd: j.cwd })),
    ),
  };
  const inputs: EngineInput[] = [];
  const kept: Verdict[] = [];
  for (const p of parts) {
    if (!p.forEngine || p.envelopePart) {
      kept.push(p.verdict);
      continue;
    }
    kept.push(p.forEngine.redirects);
    for (const j of p.forEngine.judged) {
      inputs.push({
        input_version: ENGINE_INPUT_VERSION,
        request: { cwd: req.cwd, agent: req.agent, command: req.command, argv: req.argv },
        normalized: j.normalized,
        native: p.verdict,
        part: { index: inputs.length, command: p.text, cwd: j.cwd },
        compound,
      });
    }
  }
  return { inputs, kept };
}
