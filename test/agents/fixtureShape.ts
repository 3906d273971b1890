// Compares what an agent handed its shell with the shared fixtures, ignoring only the parts that
// change on every run (random names, ids, the PATH Claude freezes into its snapshot).
import { readFileSync } from 'node:fs';

const RANDOM_PARTS: Array<[RegExp, string]> = [
  [/snapshot-bash-\d+-[a-z0-9]+\.sh/g, 'snapshot-bash-<N>.sh'],
  [/\/tmp\/claude-[0-9a-f]+-cwd/g, '/tmp/claude-<X>-cwd'],
  [/PATH_END_[a-z0-9]+/g, 'PATH_END_<X>'],
  // Claude 2.1.3xx: a random here-doc delimiter in its snapshot script.
  [/CLAUDE_CODE_END_[a-z0-9]+/g, 'CLAUDE_CODE_END_<X>'],
  [/^export PATH=.*$/gm, 'export PATH=<PATH>'],
  [/\/tmp\/gemini-shell-[A-Za-z0-9]+/g, '/tmp/gemini-shell-<X>'],
  [/shell_snapshots\/[0-9a-f-]+\.tmp-\d+/g, 'shell_snapshots/<ID>'],
  [/shell_snapshots\/[0-9a-f-]+\.\d+\.sh/g, 'shell_snapshots/<ID>.sh'],
];

export function normalizeShellLine(line: string): string {
  // Normalise inside the decoded strings, not the JSON text, so ^/$ anchors see real line breaks.
  const value = JSON.parse(line) as { args?: string[]; exec_string?: string };
  const fix = (s: string) => RANDOM_PARTS.reduce((acc, [re, to]) => acc.replace(re, to), s);
  if (value.args) value.args = value.args.map(fix);
  if (value.exec_string) value.exec_string = fix(value.exec_string);
  // Codex's wrapper restores the env vars present in that run and names its install path: keep
  // only its shape and the command it execs.
  if (value.exec_string?.startsWith('__CODEX_SNAPSHOT_OVERRIDE_SET_0=')) {
    value.exec_string = `<codex wrapper> ${value.exec_string.trim().split('\n').at(-1)}`;
  }
  return JSON.stringify(value);
}

export function readFixture(path: string): string[] {
  return readFileSync(path, 'utf8').split('\n').filter(Boolean).map(normalizeShellLine);
}
