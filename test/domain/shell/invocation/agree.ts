// Does what a real shell did agree with what the parser claimed? Returns the disagreements.
import type { ShellInvocation } from '../../../../src/domain/shell/parseInvocation.js';
import type { Observed } from './probe.js';

/** The shell stopped on its options: the parser should have refused, not claimed anything. */
const OPTION_ERROR =
  /invalid option|Illegal option|option requires an argument|invalid shell option name|requires an argument/;

const probeIndex = (text: string): number | undefined => {
  const m = /^\{ printf 'C(\d+)'/.exec(text);
  return m ? Number(m[1]) : undefined;
};

export function disagreements(
  claim: ShellInvocation,
  obs: Observed,
  argv0: string,
  real: 'bash' | 'dash',
  rc: string,
): string[] {
  const out: string[] = [];
  if (claim.kind === 'unsupported') return out;
  if (claim.kind === 'info' && real === 'dash') {
    // dash has no --help/--version: it stops on them before anything runs.
    if (obs.status !== 2 || obs.ran.length || obs.other.length || obs.profile)
      out.push(`claimed info, but dash did not stop at once (status ${obs.status})`);
    return out;
  }
  if (OPTION_ERROR.test(obs.stderr)) out.push(`the shell refused its options: ${obs.stderr.split('\n')[0]}`);
  if (obs.status === null) out.push('the shell did not finish in time');
  if (obs.rcfile && !(claim.kind === 'script' && claim.file === rc))
    out.push('the rcfile named on the command line was read');
  if (obs.other.length) out.push(`unexpected output: ${JSON.stringify(obs.other.slice(0, 3))}`);
  if (claim.kind !== 'command') {
    if (obs.ran.length) out.push(`claimed ${claim.kind}, but probe C${obs.ran[0]!.k} ran as command text`);
    if (claim.kind === 'info' && !obs.info) out.push('claimed info, but the shell printed no version or help');
    return out;
  }
  if (obs.stdin) out.push('claimed -c text only, but the shell also ran commands from stdin');
  if (obs.bashrc && !claim.interactive) out.push('~/.bashrc was read, but the claim is not interactive');
  const k = probeIndex(claim.script);
  if (k === undefined) {
    if (obs.ran.length) out.push(`claimed a non-probe text, but probe C${obs.ran[0]!.k} ran`);
    return out;
  }
  if (obs.ran.length === 0) {
    // -n / -o noexec: nothing ran, which is not more than claimed; but a shell that read the
    // text as a file name, or failed, exits non-zero.
    if (obs.status !== 0) out.push(`claimed probe C${k}, but nothing ran and the shell exited ${obs.status}`);
    return out;
  }
  if (obs.ran.length > 1 || obs.ran[0]!.k !== k)
    out.push(`claimed probe C${k}, but ran ${obs.ran.map((r) => `C${r.k}`).join(', ')}`);
  const bound = [claim.argv0 ?? argv0, ...claim.positional].map((a) => `<${a}>`).join('');
  if (obs.ran[0]!.bound !== bound) out.push(`bound ${obs.ran[0]!.bound}, claimed ${bound}`);
  if (obs.interactive !== claim.interactive) out.push(`interactive ${obs.interactive}, claimed ${claim.interactive}`);
  // bash says so itself; dash has no such query, but a dash login shell is exactly one that reads ~/.profile.
  const login = real === 'bash' ? obs.login : obs.profile;
  if (login !== claim.login) out.push(`login ${login}, claimed ${claim.login}`);
  return out;
}
