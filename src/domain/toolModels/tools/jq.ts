import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/**
 * jq 1.6: its own parser, long options compared exactly, short flags clustered (`-nr`), `-L`
 * attached or next. `-f` is a flag there: the first operand becomes the program file. Files
 * are read through operands, --rawfile/--slurpfile/--argfile (second word) and -L (modules).
 */
export const jqModel: ToolModel = {
  commands: ['jq'],
  longPrefixes: false,
  options: [
    opt('-f, --from-file', 'jq -f prog.jq data.json', 'none', { sets: 'program-file' }),
    opt('-L DIR', 'jq -L lib .a data.json', 'read', { recursive: true, why: 'module search path' }),
    opt('--rawfile A F', 'jq --rawfile t notes.txt .a data.json', 'read', { words: 2 }),
    opt('--slurpfile A F', 'jq --slurpfile t more.json .a data.json', 'read', { words: 2 }),
    opt('--argfile A F', 'jq --argfile t more.json .a data.json', 'read', { words: 2 }),
    opt('--arg A V', 'jq --arg n 1 .a data.json', 'none', { words: 2 }),
    opt('--argjson A V', 'jq --argjson n 1 .a data.json', 'none', { words: 2 }),
    // Operands after these are strings, not files; they are still judged as reads (stricter).
    opt('--args', 'jq -n $ARGS --args a b'),
    opt('--jsonargs', 'jq -n $ARGS --jsonargs 1 2'),
    opt('--run-tests', 'jq --run-tests tests.txt', 'none', {
      sets: 'program-file',
      why: 'the operands are test files',
    }),
    opt('--indent N', 'jq --indent 4 . data.json'),
    opt('--debug-trace[=all]', 'jq --debug-trace . data.json'),
    ...plain(
      'jq',
      '. data.json',
      '-s, --slurp',
      '-r, --raw-output',
      '-j, --join-output',
      '-a, --ascii-output',
      '-c, --compact-output',
      '-C, --color-output',
      '-M, --monochrome-output',
      '-S, --sort-keys',
      '-R, --raw-input',
      '-n, --null-input',
      '-e, --exit-status',
      '--tab',
      '--unbuffered',
      '--stream',
      '--stream-errors',
      '--seq',
      '--debug-dump-disasm',
      '-h, --help',
      '-V, --version',
    ),
  ],
  operands: { leading: ['none'], rest: 'read' },
  operandsWhen: { 'program-file': { rest: 'read' } },
};
