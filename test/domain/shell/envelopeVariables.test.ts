// The Gemini envelope's EXIT trap writes to `$_bgpids_file` after the model's command ran: a model
// command that touches the envelope's own variables is not the envelope (red-team F08).
import { describe, expect, it } from 'vitest';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { envelopeVariables } from '../../../src/domain/shell/envelopes/envelopeVariables.js';
import { fakeHostFacts } from '../review/fakeHostFacts.js';

const gemini = (cmd: string): string =>
  `shopt -u promptvars nullglob extglob nocaseglob dotglob; _bgpids_file=/tmp/gemini-shell-Z8s3TB/bgpids.tmp\n(\n  trap 'jobs -p > "$_bgpids_file"' EXIT\n${cmd}\n)\n__code=$?\nexit $__code`;
const decide = (cmd: string): string =>
  reviewCommand({ command: gemini(cmd), cwd: '/work/proj', agent: 'gemini' }, defaultConfig(), fakeHostFacts()).verdict
    .decision;

describe('envelope variables', () => {
  it('are read from the template text', () => {
    expect(envelopeVariables('a; _x=1\n( trap \'y > "$_x"\' EXIT\n)\n__code=$?\nexit ${__code}').sort()).toEqual([
      '__code',
      '_x',
    ]);
  });

  it.each([
    '_bgpids_file=/home/u/.bashrc',
    'unset _bgpids_file',
    "export _bgpids'_'file=/home/u/.bashrc",
    'declare _bgpids\\_file=x',
    'read __code',
    'printf -v _bgpids_file %s /home/u/.profile',
  ])('a Gemini command touching them is blocked: %s', (cmd) => {
    expect(decide(cmd)).toBe('block');
  });

  it.each(['ls', 'git status', 'echo bgpids_file_x'])('ordinary Gemini commands stay allowed: %s', (cmd) => {
    expect(decide(cmd)).toBe('allow');
  });
});
