// Every `shimctl <command>` the README shows must exist in the built CLI (its --help lists the
// command table), every sub-command and long option it shows must appear in that command's usage,
// and every `npm run <script>` must be a script in package.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, ensureBuilt, runCli } from './builtCli.js';
import { ROOT, codeLines, readReadme, readReadmeAndReference, section } from './readmeText.js';

interface Mention {
  command: string;
  words: string[];
  line: string;
}

/** `shimctl X a b --opt …` in code, up to a comment, pipe or the end of the line. */
function shimctlMentions(lines: string[]): Mention[] {
  const found: Mention[] = [];
  for (const line of lines) {
    for (const m of line.matchAll(/(?:^|[\s'"(])shimctl[ \t]+([a-z][a-z-]*)((?:[ \t]+[^\s#]+)*)/g)) {
      found.push({ command: m[1]!, words: m[2]!.trim().split(/\s+/).filter(Boolean), line });
    }
  }
  return found;
}

/** The command names listed under `commands:` in `shimctl --help`. */
function listedCommands(help: string): Map<string, string> {
  const at = help.indexOf('\ncommands:\n');
  expect(at, 'shimctl --help has a "commands:" section').toBeGreaterThanOrEqual(0);
  const table = new Map<string, string>();
  for (const line of help.slice(at).split('\n').slice(2)) {
    const m = /^ {2}([a-z][a-z-]*) {2,}(.*)$/.exec(line);
    if (m) table.set(m[1]!, m[2]!);
  }
  return table;
}

/** Sub-commands a usage text shows: `shimctl X sub` lines and `shimctl X <a|b|c>`. */
function subcommands(command: string, usage: string): Set<string> {
  const subs = new Set<string>();
  for (const m of usage.matchAll(new RegExp(`shimctl ${command} ([a-z]+)\\b`, 'g'))) subs.add(m[1]!);
  for (const m of usage.matchAll(new RegExp(`shimctl ${command} <([a-z|]+)>`, 'g')))
    m[1]!.split('|').forEach((s) => subs.add(s));
  return subs;
}

const readme = readReadme();
// Commands named in the README and in the reference it links to.
const mentions = shimctlMentions(codeLines(readReadmeAndReference()));
let table = new Map<string, string>();
const usage = new Map<string, CliRun>();

beforeAll(() => {
  ensureBuilt();
  const help = runCli(['--help']);
  expect(help.status).toBe(0);
  table = listedCommands(help.out);
  for (const command of new Set(mentions.map((m) => m.command))) {
    if (table.has(command)) usage.set(command, runCli([command, '--help']));
  }
}, 180_000);

describe('shimctl commands named in the README', () => {
  it('finds the commands (the parser is not vacuous)', () => {
    expect(table.size).toBeGreaterThanOrEqual(10);
    expect(mentions.length).toBeGreaterThan(20);
    for (const core of ['install', 'uninstall', 'doctor', 'decide', 'explain', 'approvals', 'audit']) {
      expect(
        mentions.some((m) => m.command === core),
        `README mentions shimctl ${core}`,
      ).toBe(true);
    }
  });

  it('names only commands the CLI has', () => {
    const unknown = mentions.filter((m) => !table.has(m.command)).map((m) => `${m.command}  (in: ${m.line.trim()})`);
    expect(unknown, 'README commands missing from `shimctl --help`').toEqual([]);
  });

  it('names only sub-commands and long options the command shows in its usage', () => {
    const wrong: string[] = [];
    for (const m of mentions) {
      const text = `${table.get(m.command) ?? ''}\n${usage.get(m.command)?.out ?? ''}`;
      const subs = subcommands(m.command, text);
      let afterOption = false;
      for (const [i, raw] of m.words.entries()) {
        const w = raw.replace(/^\[/, '').replace(/\]$/, '');
        if (w === '--') break; // what follows is the judged command (explain -- rm -rf build)
        if (w.startsWith('--')) {
          const opt = /^--[a-z][a-z-]*/.exec(w)?.[0];
          if (opt && !text.includes(opt)) wrong.push(`shimctl ${m.command} ${opt}: not in its usage`);
          afterOption = true;
        } else if (w.startsWith('-')) {
          afterOption = true;
        } else if (afterOption || /^[A-Z…]/.test(w)) {
          afterOption = false; // an option's value, or a placeholder such as ID or FILE.jsonl
        } else if (i === 0 && subs.size > 0) {
          if (!subs.has(w)) wrong.push(`shimctl ${m.command} ${w}: not one of ${[...subs].join(', ')}`);
        } else {
          break; // an operand (explain's command words): options after it are not shimctl's
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('npm scripts named in the README', () => {
  it('exist in package.json', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
    );
    // Only the sections about shimctl itself: elsewhere `npm run X` is an agent's project command.
    const own = ['Quickstart', 'Performance', 'Testing'].map((h) => section(readme, h)).join('\n');
    const named = [
      ...new Set(codeLines(own).flatMap((l) => [...l.matchAll(/\bnpm run ([\w:.-]+)/g)].map((m) => m[1]!))),
    ];
    expect(named.length).toBeGreaterThanOrEqual(3);
    expect(named.filter((s) => !scripts.includes(s))).toEqual([]);
  });
});
