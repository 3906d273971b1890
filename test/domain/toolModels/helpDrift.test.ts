// Drift check (issue 12): every option the installed tool advertises in its own help must be
// in its model, so a new tool version cannot add an option the review treats as harmless.
// Real tools, no mocks; a tool missing on this machine is skipped, per command.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ToolModel } from '../../../src/domain/toolModels/modelTypes.js';
import { TOOL_MODELS } from '../../../src/domain/toolModels/registry.js';
import { helpOptions } from './helpOptions.js';

/** How each tool prints its full option list, where `--help` is not it. */
const HELP_ARGS: Record<string, string[]> = {
  ps: ['--help', 'all'],
  curl: ['--help', 'all'],
  xxd: ['-h'],
  bzcat: ['--help'],
  xzcat: ['--long-help'],
  // `git --help` opens the manual; `git -h` prints the usage with every global option.
  git: ['-h'],
  // Network probes: asked only in ways that print usage and exit, never one that could send a
  // query (`host` with no name prints its usage).
  dig: ['-h'],
  host: [],
  ping: ['-h'],
  ping4: ['-h'],
  ping6: ['-h'],
  xz: ['--long-help'],
  unxz: ['--long-help'],
  // mawk has no --help; `-W usage` is also gawk's --usage.
  awk: ['-W', 'usage'],
  gawk: ['-W', 'usage'],
  mawk: ['-W', 'usage'],
  nawk: ['-W', 'usage'],
  // UnZip's full option list is its extended help; ZipInfo prints its usage when given nothing.
  unzip: ['-hh'],
  zipinfo: [],
  // kubectl's global options are listed by `kubectl options` (its --help lists commands).
  kubectl: ['options'],
  zstd: ['-H'],
  unzstd: ['-H'],
};

/**
 * Tools with no option list to compare: nslookup's `-word=value` settings are data in its model
 * (no getopt), and any word it does not take as a setting it would look up over the network.
 */
/**
 * APT 2.x's `apt --help`, `apt-cache --help` and `apt-get --help` list commands only: their models follow
 * apt-private/private-cmndline.cc (toolModels/tools/apt.ts), and an option missing there asks.
 */
/** npm's `--help` lists commands only: its model is checked against npm's own config definitions (npmConfigDrift.test.ts). */
const NO_HELP = new Set(['nslookup', 'apt', 'apt-cache', 'apt-get', 'npm']);

/**
 * The command resolves and runs here. A pyenv shim resolves for every version pyenv knows
 * (`pip3.9`) but runs only under the selected one: `pyenv which` says whether it does.
 */
function installed(command: string): boolean {
  try {
    const path = execFileSync('sh', ['-c', 'command -v "$1"', 'sh', command], { encoding: 'utf8' }).trim();
    if (path.includes('/.pyenv/shims/')) execFileSync('pyenv', ['which', command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Help words that look like options and are not (cut's and numfmt's LIST syntax `-M`; tar's
 * "defaults to: … -b20" line, which is `-b 20`). dpkg's `-Dh` is `-D h`; `--force-THING`, `--no-force-THING`, `--refuse-THING`,
 * `--assert-FEATURE`, `--validate-THING` are families its model leaves out, so each asks.
 */
const NOT_OPTIONS: Record<string, string[]> = {
  cut: ['-M'],
  numfmt: ['-M'],
  tar: ['-b20'],
  dpkg: ['-Dh', '--force', '--no-force', '--refuse', '--assert', '--validate'],
};

/** Some tools print their help on stderr (bzip2) or exit non-zero after printing it: both streams count. */
/** Tools with one help per app (openssl): every app the model covers, helps joined. */
const HELP_RUNS: Record<string, string[][]> = {
  openssl: ['x509', 'req', 'genrsa', 'genpkey', 'rsa', 'pkey', 'rand'].map((app) => [app, '-help']),
};

/**
 * Tools whose help is no option list, and how to read the options it advertises. iproute2:
 * `-s[tatistics]` in the OPTIONS block is `-statistics` (ip takes any prefix, which the ip model
 * spells out), `-force` and `-batch` are on the usage lines. ifconfig: `[-a] [-v] [-s]` on the
 * line after `Usage:`.
 */
const HELP_READERS: Record<string, (text: string) => Set<string>> = {
  ip: (t) =>
    new Set([...t.matchAll(/(?:^|[\s{|[])(-[A-Za-z0-9]+)(?:\[([A-Za-z-]+)\])?/g)].map((m) => m[1]! + (m[2] ?? ''))),
  ifconfig: (t) => new Set([...t.matchAll(/\[(-[A-Za-z0-9])\]/g)].map((m) => m[1]!)),
};

/** Every subcommand model with the words that name it (`['stash', 'push']`), nested ones too. */
function nestedSubcommands(model: ToolModel, above: string[] = []): [string[], ToolModel][] {
  return Object.entries(model.subcommands ?? {}).flatMap(([word, sub]): [string[], ToolModel][] => [
    [[...above, word], sub],
    ...nestedSubcommands(sub, [...above, word]),
  ]);
}

let scratch: string | undefined;
/** An empty repository for `git stash push -h` and the like: parse-options exits on `-h`, but nothing there to touch if one did not. */
function scratchRepo(): string {
  if (!scratch) {
    scratch = mkdtempSync(join(tmpdir(), 'shimctl-drift-'));
    execFileSync('git', ['init', '-q', scratch]);
  }
  return scratch;
}

function helpText(command: string): string {
  return (HELP_RUNS[command] ?? [HELP_ARGS[command] ?? ['--help']])
    .map((args) => {
      const r = spawnSync(command, args, {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 10_000,
        env: { ...process.env, LC_ALL: 'C' },
      });
      return `${r.stdout ?? ''}\n${r.stderr ?? ''}`;
    })
    .join('\n');
}

describe("option models match the installed tools' --help", () => {
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });
  for (const model of TOOL_MODELS) {
    for (const command of model.commands) {
      it.skipIf(!installed(command) || NO_HELP.has(command))(`${command}`, () => {
        const known = new Set(model.options.flatMap((o) => o.names));
        const advertised = (HELP_READERS[command] ?? helpOptions)(helpText(command));
        expect(advertised.size, `${command} --help listed no options: the help parser needs a look`).toBeGreaterThan(0);
        const missing = [...advertised].filter((n) => !known.has(n) && !(NOT_OPTIONS[command] ?? []).includes(n));
        expect(missing, `${command} advertises options its model lacks`).toEqual([]);
      });
    }
    // Each modelled subcommand against `git SUB -h` (parse-options' own list; `--[no-]x` is both),
    // and each nested one against `git SUB SUB2 -h`, run in a fresh scratch repository.
    for (const [words, sub] of nestedSubcommands(model)) {
      const command = model.commands[0]!;
      it.skipIf(!installed(command))(`${command} ${words.join(' ')}`, () => {
        const known = new Set(sub.options.flatMap((o) => o.names));
        const r = spawnSync(command, [...words, '-h'], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          timeout: 10_000,
          env: { ...process.env, LC_ALL: 'C' },
          ...(words.length > 1 ? { cwd: scratchRepo() } : {}),
        });
        const text = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.replace(/--\[no-\]/g, '--');
        const advertised = helpOptions(text);
        const missing = [...advertised].filter((n) => !known.has(n) && !(sub.negatable && n.startsWith('--no-')));
        expect(missing, `git ${words.join(' ')} -h advertises options its model lacks`).toEqual([]);
      });
    }
  }
});
