import type { Explanation } from '../../application/decide/explainDecision.js';
import { API_VERSION } from './apiError.js';
import { visibleText as v } from './visibleText.js';

export function explanationJson(e: Explanation): string {
  const { verdict } = e;
  return `${JSON.stringify(
    {
      api_version: API_VERSION,
      request: e.request,
      decision: verdict.decision,
      risk: verdict.risk,
      reasons: verdict.reasons,
      rule_ids: verdict.rule_ids,
      mode: e.mode,
      rules: e.rules,
      trace: e.trace,
      normalized: e.normalized,
      envelope: e.envelope,
      bookkeeping: e.bookkeeping,
      parts: e.parts?.map((p) => ({
        command: p.text,
        argv: p.argv,
        cwd: p.cwd,
        decision: p.verdict.decision,
        risk: p.verdict.risk,
        reasons: p.verdict.reasons,
        rule_ids: p.verdict.rule_ids,
      })),
      config: e.config,
    },
    null,
    2,
  )}\n`;
}

/** The verdict for a person: what was judged, the answer, why, each stage, and which config. */
export function explanationText(e: Explanation): string {
  const out: string[] = [];
  const req = e.request;
  out.push(`command   ${req.argv ? `argv ${v(JSON.stringify(req.argv))}` : v(req.command ?? '')}`);
  out.push(`cwd       ${v(req.cwd)}${req.agent ? `   agent ${v(req.agent)}` : ''}`);
  out.push(`verdict   ${e.verdict.decision.toUpperCase()}   risk ${e.verdict.risk}`);
  if (e.mode) out.push(`mode      ${e.mode}`);
  out.push('', 'why');
  if (e.verdict.reasons.length === 0) out.push('  (no reasons given)');
  for (const r of e.verdict.reasons) out.push(`  - ${r.code}: ${v(r.message)}`);
  out.push('', 'rules that fired');
  if (e.rules.length === 0) out.push('  (none)');
  for (const r of e.rules) {
    if (r.origin === 'built-in') out.push(`  - ${r.id} (built-in)`);
    else {
      const rule = r.rule!;
      const what = [rule.command, ...(rule.subcommand ?? [])].join(' ');
      const extra = [
        rule.args ? `args ${JSON.stringify(rule.args)}` : '',
        rule.argsContain ? `argsContain ${JSON.stringify(rule.argsContain)}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      out.push(
        `  - ${r.id} (config ${v(r.file ?? '?')}): ${v(what)}${extra ? ` [${v(extra)}]` : ''} -> ${rule.decision}${rule.reason ? `: ${v(rule.reason)}` : ''}`,
      );
    }
  }
  out.push('', 'stages');
  if (e.envelope) out.push(`  envelope: the ${v(e.envelope)} agent envelope was unwrapped`);
  if (e.bookkeeping) out.push(`  bookkeeping: ${v(e.bookkeeping)}`);
  if (e.trace.length === 0) out.push('  (the review core reported no stages)');
  e.trace.forEach((s, i) => {
    const verdict = s.verdict
      ? `  => ${s.verdict.decision}/${s.verdict.risk}${s.verdict.reasons.length ? ` (${s.verdict.reasons.map((r) => r.code).join(', ')})` : ''}`
      : '';
    out.push(`  ${String(i + 1).padStart(2)}. ${v(s.stage)}: ${v(s.detail)}${verdict}`);
  });
  if (e.parts?.length) {
    out.push('', 'parts (a compound command, judged part by part; the strictest part decides)');
    e.parts.forEach((p, i) => {
      const codes = p.verdict.reasons.map((r) => r.code).join(', ');
      out.push(
        `  ${String(i + 1).padStart(2)}. ${v(p.text)}   in ${v(p.cwd)}   => ${p.verdict.decision}/${p.verdict.risk}${codes ? ` (${codes})` : ''}`,
      );
    });
  }
  if (e.normalized) {
    const n = e.normalized;
    out.push('', 'normalized');
    out.push(
      `  argv       ${v(JSON.stringify(n.effectiveArgv))}${n.wrappers.length ? `   wrappers ${v(n.wrappers.join(' > '))}` : ''}`,
    );
    if (n.resolvedBinary) out.push(`  binary     ${v(n.resolvedBinary)}`);
    if (Object.keys(n.envAssignments).length) out.push(`  env        ${v(Object.keys(n.envAssignments).join(', '))}`);
    for (const p of n.paths) out.push(`  path       ${v(p.raw)}${p.resolved !== p.raw ? ` -> ${v(p.resolved)}` : ''}`);
    for (const u of n.urls) out.push(`  url        ${v(u)}`);
  }
  out.push('', 'config');
  if (e.config.kind !== 'ok')
    out.push(
      `  ${e.config.kind.toUpperCase()}: ${v(e.config.sources[0] ?? '?')} (interception blocks everything until it is fixed)`,
    );
  else {
    out.push('  built-in defaults');
    for (const s of e.config.sources) out.push(`  ${v(s)}`);
    for (const w of e.config.warnings) out.push(`  warning ${w.code}: ${v(w.file)}: ${v(w.field)}: ${v(w.message)}`);
  }
  return `${out.join('\n')}\n`;
}
