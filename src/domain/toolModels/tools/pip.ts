import type { OptionModel, ToolModel } from '../modelTypes.js';
import { parseArgv } from '../parseArgv.js';
import { opt, plain } from '../spell.js';

/**
 * pip 23-24 (optparse: unambiguous long prefixes, short clusters, `--opt=value`), for the queries
 * rule pkg:py-query allows (`list`, `show`, `freeze`, `check`, `help`, `--version`). General
 * options come before the subcommand and again after it (every subcommand's parser has them);
 * a subcommand without a model here is not allowed by the rule. Index options take a URL (the
 * URL stage judges every URL on the line) or a local directory or file, read here.
 */
function general(cmd: string): OptionModel[] {
  return [
    opt('--python=PYTHON', `${cmd} --python /usr/bin/python3`, 'exec', {
      why: 'runs pip under that interpreter',
    }),
    opt('--log, --log-file, --local-log=PATH', `${cmd} --log pip.log`, 'write', { why: 'an appending log' }),
    opt('--cache-dir=DIR', `${cmd} --cache-dir .cache/pip`, 'write', { recursive: true }),
    opt('--cert=PATH', `${cmd} --cert ca.pem`, 'read'),
    opt('--client-cert=PATH', `${cmd} --client-cert client.pem`, 'read'),
    opt('--proxy=PROXY', `${cmd} --proxy http://127.0.0.1:3128`, 'network'),
    // `subprocess` (and `auto`, which falls back to it) runs the `keyring` program found on PATH.
    opt('--keyring-provider=PROVIDER', `${cmd} --keyring-provider disabled`, 'exec', {
      dataIf: /^(disabled|import)$/,
      why: 'runs the keyring program found on PATH for credentials',
    }),
    ...plain(
      cmd,
      '',
      '-h, --help',
      '--debug',
      '--isolated',
      '--require-virtualenv, --require-venv',
      '-v, --verbose',
      '-V, --version',
      '-q, --quiet',
      '--no-input',
      '--retries=N',
      '--timeout, --default-timeout=SEC',
      '--exists-action=ACTION',
      '--trusted-host=HOST',
      '--no-cache-dir',
      '--disable-pip-version-check',
      '--no-color',
      '--no-python-version-warning',
      '--use-feature=FEATURE',
      '--use-deprecated=FEATURE',
    ),
  ];
}

/** A value that is no URL (`scheme:`) names a local index: a directory or an HTML file, read. */
const LOCAL = /^(?![A-Za-z][A-Za-z0-9+.-]*:)(.+)$/;

function index(cmd: string): OptionModel[] {
  return [
    opt('-i, --index-url=URL', `${cmd} -o -i https://pypi.org/simple`, 'read', { pathIn: LOCAL }),
    opt('--extra-index-url=URL', `${cmd} -o --extra-index-url wheels`, 'read', { pathIn: LOCAL }),
    opt('-f, --find-links=URL', `${cmd} -o -f wheels`, 'read', { pathIn: LOCAL }),
    ...plain(cmd, '', '--no-index'),
  ];
}

function sub(word: string, own: OptionModel[]): ToolModel {
  return { commands: [`pip ${word}`], options: [...own, ...general(`pip ${word}`)], operands: { rest: 'none' } };
}

/** pip's versioned names (`pip3.11`), which pyenv and python.org installs put on PATH. */
export const PIP_NAMES: readonly string[] = [
  'pip',
  'pip3',
  ...['8', '9', '10', '11', '12', '13', '14'].map((minor) => `pip3.${minor}`),
];

export const pipModel: ToolModel = {
  commands: PIP_NAMES,
  // The first operand is the subcommand: general options end there (optparse's disable_interspersed_args).
  permute: false,
  options: general('pip'),
  operands: { rest: 'none' },
  subcommands: {
    list: sub('list', [
      opt('--path=PATH', 'pip list --path .venv/lib', 'read'),
      ...index('pip list'),
      ...plain(
        'pip list',
        '',
        '-o, --outdated',
        '-u, --uptodate',
        '-e, --editable',
        '-l, --local',
        '--user',
        '--pre',
        '--format=FORMAT',
        '--not-required',
        '--exclude-editable',
        '--include-editable',
        '--exclude=PACKAGE',
      ),
    ]),
    show: sub('show', plain('pip show', 'requests', '-f, --files')),
    freeze: sub('freeze', [
      opt('-r, --requirement=FILE', 'pip freeze -r requirements.txt', 'read'),
      opt('--path=PATH', 'pip freeze --path .venv/lib', 'read'),
      ...plain('pip freeze', '', '-l, --local', '--user', '--all', '--exclude-editable', '--exclude=PACKAGE'),
    ]),
    check: sub('check', []),
    help: sub('help', []),
    // `pip cache dir|info|list` read; `remove` and `purge` delete (PIP_READS below).
    cache: sub('cache', plain('pip cache', 'list', '--format=FORMAT')),
  },
};

/**
 * The subcommands pkg:py-query allows for pip: the ones modelled above, `cache` only with a
 * reading action. `pip config list|get|debug` is left out on purpose: it prints pip's
 * environment variables with their values (`:env:.index-url='https://user:TOKEN@…'`), as
 * printenv does, which asks.
 */
const PIP_READS: Readonly<Record<string, readonly string[] | true>> = {
  list: true,
  show: true,
  freeze: true,
  check: true,
  help: true,
  cache: ['dir', 'info', 'list'],
};

/** `pip ARGS` runs a query: the subcommand (after the general options) and, for `cache`, its action. */
export function pipQueries(args: readonly string[]): boolean {
  const [word, ...rest] = parseArgv(pipModel, args).operands;
  if (word === undefined || !Object.hasOwn(PIP_READS, word)) return false;
  const needs = PIP_READS[word]!;
  if (needs === true) return true;
  const action = parseArgv(pipModel.subcommands![word]!, rest).operands[0];
  return action !== undefined && needs.includes(action);
}
