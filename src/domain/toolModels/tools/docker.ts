import type { OptionModel, ToolModel } from '../modelTypes.js';
import { opt, pflagBooleans, plain } from '../spell.js';

/**
 * Docker CLI 24 to 28 (the docker CLI reference: `docker --help` and each query's `--help`), for
 * the queries rule `system:containers` allows (DOCKER_QUERIES). The global options come before
 * the subcommand only (the root command stops at the first word); each subcommand's own options
 * may follow its operands. cobra and pflag: no long prefixes, `-f=FORMAT`. An option not listed
 * asks (`command.unknown_option`); a subcommand not modelled is judged by name (and asked).
 */

const GLOBALS: OptionModel[] = [
  // cli-plugins/docker-* under the config directory run for `docker info`, `docker version`, help
  // and completion; config.json names credential helpers (docker-credential-NAME) (pass 10).
  opt('--config=DIR', 'docker --config=d ps', 'loads', {
    recursive: true,
    why: 'runs the cli-plugins in that directory and the credential helpers its config.json names',
  }),
  // tcp://, unix://, fd://, npipe:// or a bare HOST:PORT (tcp) reach that daemon; ssh:// runs ssh
  // with your keys and `docker system dial-stdio` on that host.
  opt('-H, --host=HOST', 'docker -H tcp://127.0.0.1:2375 ps', 'network', {
    effectIf: [[/^ssh:\/\//i, 'exec']],
    why: 'runs ssh to that host with your keys',
  }),
  opt('--tlscacert=FILE', 'docker --tlscacert=ca.pem ps', 'read'),
  opt('--tlscert=FILE', 'docker --tlscert=cert.pem ps', 'read'),
  opt('--tlskey=FILE', 'docker --tlskey=key.pem ps', 'read'),
  ...plain(
    'docker',
    'ps',
    // A context the user created (`docker context create`); its endpoint is the user's choice.
    '-c, --context=NAME',
    '-D, --debug',
    '-l, --log-level=LEVEL',
    '--tls',
    '--tlsverify',
    '-v, --version',
    '-h, --help',
  ),
];

function model(word: string, own: (tool: string) => OptionModel[], more: Partial<ToolModel> = {}): ToolModel {
  const tool = `docker ${word}`;
  return {
    commands: [tool],
    longPrefixes: false,
    pflag: true,
    options: [...own(tool), ...plain(tool, '', '--help')],
    operands: { rest: 'none' },
    ...more,
  };
}

const format = (t: string): OptionModel[] => plain(t, '', '-f, --format=TEMPLATE');

const ps = model('ps', (t) =>
  plain(
    t,
    '',
    '-a, --all',
    '-f, --filter=FILTER',
    '--format=TEMPLATE',
    '-n, --last=N',
    '-l, --latest',
    '--no-trunc',
    '-q, --quiet',
    '-s, --size',
  ),
);
const images = model('images', (t) =>
  plain(
    t,
    '',
    '-a, --all',
    '--digests',
    '-f, --filter=FILTER',
    '--format=TEMPLATE',
    '--no-trunc',
    '-q, --quiet',
    '--tree',
  ),
);
const inspect = model('inspect', (t) => [...format(t), ...plain(t, 'web', '-s, --size', '--type=TYPE')]);
const imageInspect = model('image inspect', (t) => [...format(t), ...plain(t, 'alpine', '--platform=PLATFORM')]);
const logs = model('logs', (t) =>
  plain(t, 'web', '--details', '-f, --follow', '--since=TIME', '-n, --tail=N', '-t, --timestamps', '--until=TIME'),
);
const history = model('history', (t) =>
  plain(t, 'alpine', '--format=TEMPLATE', '-H, --human', '--no-trunc', '--platform=PLATFORM', '-q, --quiet'),
);
const stats = model('stats', (t) => plain(t, '', '-a, --all', '--format=TEMPLATE', '--no-stream', '--no-trunc'));
// `docker top CONTAINER [ps OPTIONS]`: the daemon runs ps with those options on the host (`e`
// prints every process's environment); the subcommand stops at its first operand.
const top = model('top', () => [], { permute: false, operands: { leading: ['none'], rest: 'exposes' } });
const bare = (word: string): ToolModel => model(word, () => []);
const info = model('info', format);
const version = model('version', format);

const volumeLs = model('volume ls', (t) =>
  plain(t, '', '--cluster', '-f, --filter=FILTER', '--format=TEMPLATE', '-q, --quiet'),
);
const networkLs = model('network ls', (t) =>
  plain(t, '', '-f, --filter=FILTER', '--format=TEMPLATE', '--no-trunc', '-q, --quiet'),
);
const contextLs = model('context ls', (t) => plain(t, '', '--format=TEMPLATE', '-q, --quiet'));
const systemDf = model('system df', (t) => plain(t, '', '--format=TEMPLATE', '-v, --verbose'));

/** A management command: its first word names the subcommand. */
function group(word: string, subs: Record<string, ToolModel>): ToolModel {
  return { ...model(word, () => []), permute: false, subcommands: subs };
}

/** The same table under another command path (`docker container ls` is `docker ps`). */
const as = (m: ToolModel, path: string): ToolModel => ({
  ...m,
  commands: [`docker ${path}`],
  options: m.options.map((o) => ({ ...o, example: o.example.replace(m.commands[0]!, `docker ${path}`) })),
});

const SUBCOMMANDS: Record<string, ToolModel> = {
  ps,
  images,
  info,
  version,
  inspect,
  logs,
  history,
  stats,
  top,
  port: bare('port'),
  diff: bare('diff'),
  container: group('container', {
    ls: as(ps, 'container ls'),
    list: as(ps, 'container list'),
    ps: as(ps, 'container ps'),
    inspect: as(inspect, 'container inspect'),
    logs: as(logs, 'container logs'),
    stats: as(stats, 'container stats'),
    top: as(top, 'container top'),
    port: bare('container port'),
    diff: bare('container diff'),
  }),
  image: group('image', {
    ls: as(images, 'image ls'),
    list: as(images, 'image list'),
    inspect: imageInspect,
    history: as(history, 'image history'),
  }),
  volume: group('volume', {
    ls: volumeLs,
    list: as(volumeLs, 'volume list'),
    inspect: model('volume inspect', format),
  }),
  network: group('network', {
    ls: networkLs,
    list: as(networkLs, 'network list'),
    inspect: model('network inspect', (t) => [...format(t), ...plain(t, 'bridge', '-v, --verbose')]),
  }),
  context: group('context', {
    ls: contextLs,
    list: as(contextLs, 'context list'),
    inspect: model('context inspect', format),
    show: bare('context show'),
  }),
  system: group('system', { df: systemDf, info: as(info, 'system info') }),
};

export const dockerModel: ToolModel = pflagBooleans({
  commands: ['docker'],
  longPrefixes: false,
  pflag: true,
  permute: false,
  options: GLOBALS,
  operands: { rest: 'none' },
  subcommands: SUBCOMMANDS,
});

/** The subcommands that only read: word paths through `subcommands` (the rule allows these only). */
export const DOCKER_QUERIES: readonly (readonly string[])[] = [
  ...['ps', 'images', 'info', 'version', 'inspect', 'logs', 'history', 'stats', 'top', 'port', 'diff'].map((w) => [w]),
  ...Object.keys(SUBCOMMANDS.container!.subcommands!).map((w) => ['container', w]),
  ...Object.keys(SUBCOMMANDS.image!.subcommands!).map((w) => ['image', w]),
  ...Object.keys(SUBCOMMANDS.volume!.subcommands!).map((w) => ['volume', w]),
  ...Object.keys(SUBCOMMANDS.network!.subcommands!).map((w) => ['network', w]),
  ...Object.keys(SUBCOMMANDS.context!.subcommands!).map((w) => ['context', w]),
  ...Object.keys(SUBCOMMANDS.system!.subcommands!).map((w) => ['system', w]),
];
