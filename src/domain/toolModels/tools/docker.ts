import type { EnvironmentModel, OptionModel, ToolModel } from '../modelTypes.js';
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
  // A context names the daemon's endpoint, an ssh:// host among them (`docker context create x
  // --docker host=ssh://…`): the command then runs on that machine (attack pass 11, P11-14).
  // `default` is the local daemon (or DOCKER_HOST, which asks: policy/envAssignments.ts).
  opt('-c, --context=NAME', 'docker --context=remote ps', 'remote', {
    dataIf: /^default$/,
    why: "the context's endpoint may be another machine (ssh://, tcp://)",
  }),
  ...plain(
    'docker',
    'ps',
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

/**
 * What `inspect` prints (issue 12, attack pass 11 P11-13). A container's object holds Config.Env
 * (where secrets are commonly passed: `docker run -e TOKEN=…`), Config.Cmd and Args, and
 * HostConfig.LogConfig (log drivers' options, tokens among them); an image's holds the
 * Dockerfile's ENV; a volume's Options are its mount options (a CIFS volume's
 * `o=username=…,password=…`, docker's storage docs); `docker inspect NAME` may be any of these,
 * or a swarm config (its data) or service (its env). So they ask (`itself`), unless every
 * `--format` template reads only fields listed here, which hold no secret (`proven-safe`). A
 * network's object (driver, IPAM, attached containers' names and addresses) holds none: allowed.
 */
const SAFE_FIELD = [
  String.raw`\.(?:Id|ID|Name|Created|CreatedAt|Image|RestartCount|Platform|Driver|Path|Architecture|Os|Variant|Size|VirtualSize|SizeRw|SizeRootFs|RepoTags|RepoDigests|Mountpoint|Scope|Mounts)`,
  // Not .State.Health.Log: the health check's output.
  String.raw`\.State\.(?:Status|Running|Paused|Restarting|OOMKilled|Dead|Pid|ExitCode|Error|StartedAt|FinishedAt|Health\.Status|Health\.FailingStreak)`,
  String.raw`\.NetworkSettings(?:\.[A-Za-z0-9_-]+)*`,
  String.raw`\.HostConfig\.(?:RestartPolicy(?:\.Name)?|NetworkMode|PortBindings|Binds|Privileged)`,
  String.raw`\.Config\.(?:Image|Hostname|User|WorkingDir|ExposedPorts)`,
].join('|');
/** Lists whose elements hold no secret either: inside `{{range …}}` every field is safe. */
const SAFE_LIST = String.raw`\.NetworkSettings(?:\.[A-Za-z0-9_-]+)*|\.Mounts|\.RepoTags|\.RepoDigests|\.HostConfig\.(?:PortBindings|Binds)`;
const OPEN = String.raw`\{\{-?\s*`;
const CLOSE = String.raw`\s*-?\}\}`;
const TEXT = String.raw`[^{]|\{(?!\{)`;
const SAFE_ACTION = String.raw`${OPEN}(?:json\s+)?(?:${SAFE_FIELD})${CLOSE}`;
const INNER = String.raw`${OPEN}(?:json\s+)?(?:\.|(?:\.[A-Za-z0-9_]+)+)${CLOSE}`;
const SAFE_RANGE = String.raw`${OPEN}range\s+(?:${SAFE_LIST})${CLOSE}(?:${TEXT}|${INNER})*${OPEN}end${CLOSE}`;
/**
 * A template of text and safe actions only, with at least one action (an empty value, `json`,
 * `table`, `raw` or `pretty` is a whole-object format): no functions but `json`, no pipes, no
 * variables (`$` is the root object), no `index`.
 */
export const SAFE_INSPECT_TEMPLATE = new RegExp(
  `^(?!\\s*(?:json|table|raw|pretty)\\b)(?=[\\s\\S]*\\{\\{)(?:${TEXT}|${SAFE_ACTION}|${SAFE_RANGE})*$`,
);

/** `-f`: asks unless the template is safe; one safe template proves the whole output (`itself.unless`). */
function inspectFormat(t: string, example: string): OptionModel[] {
  return [
    opt('-f, --format=TEMPLATE', `${t} --format={{.Config.Env}} ${example}`, 'exposes', {
      dataIf: SAFE_INSPECT_TEMPLATE,
      sets: 'proven-safe',
      setsWhen: SAFE_INSPECT_TEMPLATE,
      why: 'the template may print the environment, where secrets are commonly passed',
    }),
  ];
}
const PRINTS_ENV = {
  effect: 'exposes',
  unless: 'proven-safe',
  why: "prints the object's configuration, a container's or image's environment (Config.Env, where secrets are commonly passed) among them; `-f '{{.State.Status}}'` and other templates of safe fields are allowed",
} as const;

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
const inspect = model('inspect', (t) => [...inspectFormat(t, 'web'), ...plain(t, 'web', '-s, --size', '--type=TYPE')], {
  itself: PRINTS_ENV,
});
const imageInspect = model(
  'image inspect',
  (t) => [...inspectFormat(t, 'alpine'), ...plain(t, 'alpine', '--platform=PLATFORM')],
  { itself: PRINTS_ENV },
);
const logs = model('logs', (t) =>
  plain(t, 'web', '--details', '-f, --follow', '--since=TIME', '-n, --tail=N', '-t, --timestamps', '--until=TIME'),
);
/**
 * `docker history` prints each layer's CREATED BY: the Dockerfile's `ENV KEY=value` and, for RUN,
 * the build arguments (`|1 NPM_TOKEN=… /bin/sh -c …`); truncated to 45 characters by default,
 * which still holds a short secret. Asked, unless `-q` (layer IDs only) or a template of `.ID`,
 * `.CreatedAt`, `.CreatedSince`, `.Size` only.
 */
const SAFE_HISTORY_TEMPLATE =
  /^(?!\s*(?:json|raw)\b)(?=[\s\S]*\{\{)(?:[^{]|\{(?!\{)|\{\{-?\s*\.(?:ID|CreatedAt|CreatedSince|Size)\s*-?\}\})*$/;
const history = model(
  'history',
  (t) => [
    opt('--format=TEMPLATE', `${t} --format={{.CreatedBy}} alpine`, 'exposes', {
      dataIf: SAFE_HISTORY_TEMPLATE,
      sets: 'proven-safe',
      setsWhen: SAFE_HISTORY_TEMPLATE,
      why: 'CreatedBy holds ENV values and build arguments',
    }),
    opt('-q, --quiet', `${t} -q alpine`, 'none', { sets: 'proven-safe' }),
    ...plain(t, 'alpine', '-H, --human', '--no-trunc', '--platform=PLATFORM'),
  ],
  {
    itself: {
      effect: 'exposes',
      unless: 'proven-safe',
      why: "prints the commands each layer was built with: the Dockerfile's ENV values and the build arguments (`--build-arg TOKEN=…`)",
    },
  },
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
    // A volume's Options are its mount options: a CIFS volume's password among them.
    inspect: model('volume inspect', (t) => inspectFormat(t, 'data'), {
      itself: {
        ...PRINTS_ENV,
        why: "prints the volume's mount options (a CIFS volume's password among them); `-f '{{.Mountpoint}}'` and other templates of safe fields are allowed",
      },
    }),
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

/**
 * docker's variables that do what its options do: DOCKER_CONTEXT is `--context` (a remote
 * endpoint, ssh:// among them; `default` is the local daemon). DOCKER_HOST and DOCKER_CONFIG ask
 * with the other config variables (policy/envAssignments.ts).
 */
export const DOCKER_ENVIRONMENT: EnvironmentModel = {
  DOCKER_CONTEXT: {
    effect: 'network',
    why: 'the context, as --context: its endpoint may be another machine (ssh://, tcp://)',
    dataIf: /^default$/,
  },
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
