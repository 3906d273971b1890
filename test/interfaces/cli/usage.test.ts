// One table for the CLI plumbing (src/interfaces/cli/runCommand.ts): every command answers
// --help with exit 0 and rejects an unknown option with exit 2 and its usage on stderr.
// In-process through main(): both cases end before a command touches HOME or the network.
import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliContext } from '../../../src/interfaces/cli/cliContext.js';
import { COMMANDS } from '../../../src/interfaces/cli/commandTable.js';
import { EXIT } from '../../../src/interfaces/cli/exitCodes.js';
import { main } from '../../../src/interfaces/cli/main.js';
import table from './usage.cases.json' with { type: 'json' };

function sink(): Writable & { text: string } {
  const s = new Writable({
    write(chunk, _enc, done) {
      s.text += String(chunk);
      done();
    },
  }) as Writable & { text: string };
  s.text = '';
  return s;
}

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = sink();
  const stderr = sink();
  const ctx: CliContext = {
    env: { HOME: '/nonexistent.invalid', PATH: '/usr/bin:/bin' },
    cwd: '/',
    stdin: Readable.from([]),
    stdout,
    stderr,
  };
  const code = await main(argv, ctx);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const commands = table.commands as string[][];

describe('every command has one plumbing', () => {
  it('the table names every public command', () => {
    const listed = new Set(commands.map((c) => c[0]));
    const missing = COMMANDS.filter((c) => !c.name.startsWith('__') && !listed.has(c.name)).map((c) => c.name);
    expect(missing).toEqual([]);
  });

  describe.each(commands.map((c) => [c.join(' '), c] as const))('shimctl %s', (_name, words) => {
    it('--help: exit 0, the help on stdout, nothing on stderr', async () => {
      const r = await run([...words, '--help']);
      expect(r).toMatchObject({ code: EXIT.OK, stderr: '' });
      expect(r.stdout).toMatch(/usage:/);
    });

    it('-h: the same as --help', async () => {
      const r = await run([...words, '-h']);
      expect(r.code).toBe(EXIT.OK);
      expect(r.stdout).toMatch(/usage:/);
    });

    it('an unknown option: exit 2, a reason and the usage line on stderr', async () => {
      const r = await run([...words, '--no-such-option']);
      expect(r.code).toBe(EXIT.USAGE);
      expect(r.stderr).toMatch(new RegExp(`^shimctl ${words[0]}[^\\n]*: [^\\n]*'--no-such-option'\\n[^]*usage:`));
    });
  });
});
