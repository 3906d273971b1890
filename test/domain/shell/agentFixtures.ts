import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Real agent captures (copied from /work/shared/agents into ./agents/), with the capture's placeholders filled the way a real run would. */
export const AGENTS_DIR = fileURLToPath(new URL('./agents/', import.meta.url));
export const HOME = '/home/u';

const fill = (s: string): string =>
  s
    .replaceAll('$HOME', HOME)
    .replaceAll('$AGENT_INSTALL', '/opt/agents')
    .replaceAll('$SHIMDIR', `${HOME}/.local/share/shimctl/shims`)
    .replaceAll('$WORKSPACE', '/work/ws');

const lines = (agent: string): Array<Record<string, unknown>> =>
  readFileSync(join(AGENTS_DIR, `${agent}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const lastArg = (rec: Record<string, unknown>): string => (rec.args as string[]).at(-1)!;

const claude = lines('claude');
const claudeRc = lines('claude-bashrc');
const claudeNoSnapshot = lines('claude-no-snapshot');
const codex = lines('codex').map((r) => r.exec_string as string);
const copilot = lines('copilot');

/** Named base texts the case tables refer to. */
export const BASES: Record<string, string> = {
  'claude-snapshot': fill(lastArg(claude[0]!)),
  'claude-env': lastArg(claude[1]!),
  claude: fill(lastArg(claude[2]!)),
  // With a ~/.bashrc, the snapshot script sources it; after a failed snapshot, no `source` prefix.
  'claude-snapshot-rc': fill(lastArg(claudeRc[1]!)),
  'claude-rc': fill(lastArg(claudeRc[2]!)),
  'claude-no-snapshot': fill(lastArg(claudeNoSnapshot[2]!)),
  gemini: fill(lastArg(lines('gemini')[0]!)),
  // The Codex snapshot script contains `$HOME` as shell code, not as a capture placeholder.
  'codex-snapshot': codex[0]!,
  'codex-check': fill(codex[1]!),
  codex: fill(codex[2]!),
  'codex-plain': codex[3]!,
  'copilot-dump': fill(lastArg(copilot[0]!)),
  copilot: lastArg(copilot[1]!),
  qwen: lastArg(lines('qwen')[0]!),
  opencode: lastArg(lines('opencode')[0]!),
  cn: lastArg(lines('cn')[0]!),
  // Claude Code 2.1.332: the env probe, a new snapshot script, then a compound envelope judged by the grammar.
  'claude-2.1.332': fill(lastArg(lines('claude-2.1.332')[2]!)),
  'claude-2.1.332-snapshot': fill(lastArg(lines('claude-2.1.332')[1]!)),
};

/** Claude Code 2.1.197's own quoting (its `Qa`): safe words bare, else single quotes with `'"'"'`. */
export const claudeRealQuote = (cmd: string): string =>
  cmd === '' ? "''" : /^[A-Za-z0-9_./:=@+,-]+$/.test(cmd) ? cmd : `'${cmd.replaceAll("'", `'"'"'`)}'`;
export const claudeRealEnvelope = (cmd: string): string =>
  BASES.claude!.replace("eval 'touch marker.txt'", () => `eval ${claudeRealQuote(cmd)}`);

/** Claude's quoting of the model's command for `eval` (the `'\\''` form, also accepted). */
export const claudeQuote = (cmd: string): string => `'${cmd.replaceAll("'", "'\\''")}'`;
export const claudeEnvelope = (cmd: string): string =>
  BASES.claude!.replace("eval 'touch marker.txt'", () => `eval ${claudeQuote(cmd)}`);
export const claudeNoSnapshotEnvelope = (cmd: string): string =>
  BASES['claude-no-snapshot']!.replace("eval 'touch marker.txt'", () => `eval ${claudeQuote(cmd)}`);
export const geminiEnvelope = (cmd: string): string =>
  BASES.gemini!.replace('\ntouch marker.txt\n', () => `\n${cmd}\n`);
export const codexEnvelope = (cmd: string): string =>
  BASES.codex!.replace("-c 'touch marker.txt'", () => `-c ${claudeQuote(cmd)}`);
export const claude332Envelope = (cmd: string): string =>
  BASES['claude-2.1.332']!.replace("eval 'touch marker.txt'", () => `eval ${claudeRealQuote(cmd)}`);

/**
 * Both Claude Code versions (2.1.197's `W1a`/`fyo`, 2.1.332's `sSl`/`um`, read from their binaries)
 * quote a command that holds a here-document as `'…'` with `'"'"'` and give its eval no `< /dev/null`.
 */
export const claudeHeredocQuote = (cmd: string): string => `'${cmd.replaceAll("'", `'"'"'`)}'`;
export const claude332HeredocEnvelope = (cmd: string): string =>
  BASES['claude-2.1.332']!.replace("eval 'touch marker.txt' < /dev/null", () => `eval ${claudeHeredocQuote(cmd)}`);
export const claudeHeredocEnvelope = (cmd: string): string =>
  BASES.claude!.replace("eval 'touch marker.txt' < /dev/null", () => `eval ${claudeHeredocQuote(cmd)}`);
