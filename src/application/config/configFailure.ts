import type { ConfigOutcome } from '../ports/configSource.js';
import type { Verdict } from '../../domain/verdict.js';
import { verdict } from '../../domain/verdict.js';
import { isShimctlOnlyConfigName } from '../../domain/projectConfigFiles.js';

export type ConfigFailure = Exclude<ConfigOutcome, { kind: 'ok' }>;

/** Quoted for a POSIX shell, so the person can paste the recovery command as it is. */
const quote = (text: string): string => (/^[\w./@%+:,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/**
 * What the person does to get out of a config failure. Every intercepted command is blocked
 * (the agent's `rm` that would undo a bad file too), so the way out is always "from your own
 * terminal": a terminal without the launchers, where shimctl is not in the way.
 */
export function configRecovery(outcome: ConfigFailure): string {
  const file = outcome.file;
  if (outcome.layer === 'project' && isShimctlOnlyConfigName(baseName(file))) {
    return `from your own terminal (not through the agent) run: shimctl config quarantine ${quote(file)}`;
  }
  if (outcome.layer === 'project')
    return `from your own terminal (not through the agent) fix or remove the "shimctl" key in ${quote(file)}`;
  if (outcome.layer === 'managed')
    return `the managed file ${quote(file)} belongs to your administrator: fix it as its owner, or ask them`;
  if (outcome.layer === 'user')
    return `from your own terminal fix ${quote(file)} (your own config; shimctl doctor shows the error)`;
  return 'from your own terminal run: shimctl doctor';
}

/** What went wrong, capped so the recovery that follows it is never cut off a one-line message. */
function what(outcome: ConfigFailure): string {
  const why = outcome.kind === 'invalid' ? `${outcome.field}: ${outcome.message}` : outcome.message;
  const flat = why.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
}

/**
 * The verdict when the config cannot be used: block (fail closed), naming the file, the field
 * and why, and how a person gets out of it. One text for the shims, the hook and `decide`.
 */
export function configFailureVerdict(outcome: ConfigFailure): Verdict {
  const code = outcome.kind === 'invalid' ? 'config.invalid' : 'config.unreadable';
  return verdict(
    'block',
    'high',
    code,
    `config ${outcome.file}: ${what(outcome)}; every command here is blocked until it is fixed; ${configRecovery(outcome)}`,
  );
}
