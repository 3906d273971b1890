import type { Effect, EnvironmentModel, OperandModel, OptionModel, ToolModel } from '../modelTypes.js';
import { opt, pflagBooleans, plain } from '../spell.js';

/**
 * kubectl 1.28 to 1.34 (the kubectl reference, `kubectl options` and each query's `--help`), for
 * the queries rule `system:containers` allows (KUBECTL_QUERIES). cobra and pflag: no long
 * prefixes, `-o=yaml`, `_` read as `-` in long names; the global options (`kubectl options`) are
 * taken anywhere on the line, so every subcommand's table repeats them. The klog options older
 * releases still had (`--log-file`, `--log-dir`) are listed too: they write. An option not listed
 * asks (`command.unknown_option`); a subcommand not modelled is judged by name (and asked).
 */

/** pflag's false spellings (strconv.ParseBool): `--raw=false` turns the flag off. */
const FALSE = /^(?:0|f|F|false|FALSE|False)$/;
/** A klog level that prints request headers or response bodies (7 and up); anything but a plain small number too. */
const VERBOSE_LEVEL = /^(?![0-6]$)/;
const VERBOSE_MODULE = /=(?![0-6](?:,|$))/;

/**
 * `-o FORMAT`: the `*-file=PATH` formats read PATH and print it as a template (pass 10: `-o
 * jsonpath-file=.env` printed .env); without `=PATH` the file is `--template`'s value.
 */
const FILE_FORMAT = /^(?:go-template-file|templatefile|jsonpath-file|custom-columns-file)(?:=|$)/i;
const FILE_FORMAT_PATH = /^(?:go-template-file|templatefile|jsonpath-file|custom-columns-file)=(.*)$/is;

function globals(tool: string): OptionModel[] {
  const t = `${tool} `;
  return [
    opt('--kubeconfig=FILE', `${t}--kubeconfig=kc`, 'loads', {
      why: "a kubeconfig's users[].user.exec runs a program (credential plugin)",
    }),
    opt('--kuberc=FILE', `${t}--kuberc=kr`, 'loads', { why: 'aliases and default flags for every command' }),
    opt('--cache-dir=DIR', `${t}--cache-dir=cache`, 'write', { recursive: true, why: 'the discovery cache' }),
    opt('--profile-output=FILE', `${t}--profile-output=p.pprof`, 'write'),
    // `--profile KIND` writes the profile to profile.pprof in the cwd unless --profile-output names
    // another file: valueAt names no word, so the path judged is that default; `none` writes nothing.
    opt('--profile=KIND', `${t}--profile=cpu`, 'write', {
      valueAt: 1,
      defaultValue: 'profile.pprof',
      effectIf: [[/^none$/, 'none']],
    }),
    opt('--log-file=FILE', `${t}--log-file=k.log`, 'write'),
    opt('--log-dir=DIR', `${t}--log-dir=logs`, 'write', { recursive: true }),
    opt('--certificate-authority=FILE', `${t}--certificate-authority=ca.crt`, 'read'),
    opt('--client-certificate=FILE', `${t}--client-certificate=c.crt`, 'read'),
    opt('--client-key=FILE', `${t}--client-key=c.key`, 'read'),
    // Another server keeps the kubeconfig user's token and client certificate: they go to it.
    opt('-s, --server=URL', `${t}--server=https://example.com`, 'network', {
      asks: 'credential',
      why: "the kubeconfig's credentials are sent to that server",
    }),
    ...[
      '--token=TOKEN',
      '--username=NAME',
      '--password=PASSWORD',
      '--as=USER',
      '--as-group=GROUP',
      '--as-uid=UID',
      '--as-user-extra=EXTRA',
      '--tls-server-name=NAME',
    ].map((s) => opt(s, `${t}${s.replace(/=.*/, '=x')}`, 'credential')),
    opt('--insecure-skip-tls-verify', `${t}--insecure-skip-tls-verify`, 'credential', {
      dataIf: FALSE,
      why: 'the server certificate is not checked before the credentials are sent',
    }),
    opt('-h, --help', `${t}--help`),
    // client-go logs each request from level 6, its headers from 7 and the response bodies from
    // 8: whole objects, a secret's data among them, whatever -o asks for (attack pass 15).
    opt('-v, --v=LEVEL', `${t}-v=9`, 'none', {
      effectIf: [[VERBOSE_LEVEL, 'exposes']],
      why: 'from level 7 kubectl logs the requests and, from 8, the response bodies: whole objects, secrets among them',
    }),
    opt('--vmodule=PATTERNS', `${t}--vmodule=round_trippers=9`, 'none', {
      effectIf: [[VERBOSE_MODULE, 'exposes']],
      why: 'a module logged at level 7 or more prints the requests and response bodies, as -v does',
    }),
    ...plain(
      tool,
      '',
      '-n, --namespace=NAMESPACE',
      '--context=NAME',
      '--cluster=NAME',
      '--user=NAME',
      '--request-timeout=DURATION',
      '--disable-compression',
      '--match-server-version',
      '--warnings-as-errors',
      '--log-flush-frequency=DURATION',
      '--add-dir-header',
      '--alsologtostderr',
      '--logtostderr',
      '--log-backtrace-at=FILE:LINE',
      '--log-file-max-size=MB',
      '--one-output',
      '--skip-headers',
      '--skip-log-headers',
      '--stderrthreshold=SEVERITY',
    ),
  ];
}

/**
 * The outputs that print a table of chosen columns (the default, `wide`) or names: any other
 * format prints whole objects or any field of them (`whole-objects`).
 */
const TABLE_FORMAT = /^(?:wide|name)$/;

/** The printer options of get, config view, version, auth whoami (genericclioptions.PrintFlags). */
function printer(tool: string): OptionModel[] {
  return [
    opt('-o, --output=FORMAT', `${tool} -o jsonpath-file=t.txt`, 'none', {
      effectIf: [[FILE_FORMAT_PATH, 'read']],
      sets: 'template-file',
      setsWhen: FILE_FORMAT,
      alsoSets: [[new RegExp(`^(?!${TABLE_FORMAT.source})`), 'whole-objects']],
      why: 'the template file is printed',
    }),
    // Without -o, a template is a go-template (PrintFlags): whole objects too.
    opt('--template=TEMPLATE', `${tool} --template={{.kind}}`, 'none', {
      effectWhen: { 'template-file': 'read' },
      sets: 'whole-objects',
      why: 'the template file is printed',
    }),
    ...plain(tool, '', '--allow-missing-template-keys', '--show-managed-fields'),
  ];
}

/** `-f FILE` and `-k DIR` name the objects in manifests the review cannot see (a Secret among them). */
function manifests(tool: string): OptionModel[] {
  return [
    opt('-f, --filename=FILE', `${tool} -f pod.yaml`, 'list', { why: 'the objects are named in that manifest' }),
    opt('-k, --kustomize=DIR', `${tool} -k overlay`, 'list', {
      recursive: true,
      why: 'a kustomization names objects and may fetch remote bases',
    }),
    ...plain(tool, '', '-R, --recursive'),
  ];
}

function model(word: string, own: (tool: string) => OptionModel[], more: Partial<ToolModel> = {}): ToolModel {
  const tool = `kubectl ${word}`;
  return {
    commands: [tool],
    longPrefixes: false,
    pflag: true,
    underscoreIsDash: true,
    options: [...globals(tool), ...own(tool)],
    operands: { rest: 'none' },
    ...more,
  };
}

/** `secret`, `secrets`, `secrets.v1`, `Secret/db`, `pods,secrets`: kubectl lowercases resource names. */
const SECRETS = /(?:^|,)secrets?(?:\.[^,/]*)?(?:\/|,|$)/i;

/**
 * The kinds whose objects hold no secret by their schema (addresses, ports, rules, conditions,
 * references by name): their whole objects may be printed (`kubectl get svc -o yaml`, `describe
 * node`). Every other kind asks for whole objects (issue 12, attack pass 11 P11-13): a workload
 * (pod, deployment, replicaset, statefulset, daemonset, job, cronjob, replicationcontroller,
 * podtemplate, `all`) holds its containers' literal `env` values, which `get -o yaml|json|jsonpath`
 * and `describe` print (a value from a Secret is shown as a reference); a ConfigMap holds data;
 * a custom resource holds whatever its schema says (Helm values, connection strings). The table
 * (`kubectl get pods`, `-o wide`, `-o name`) prints none of these and stays allowed.
 * Names as kubectl spells them: plural, singular, short; case-insensitive; no `.group` suffix (a
 * `services.example.com` is another kind).
 */
const SAFE_KIND_NAMES = [
  'namespaces|namespace|ns',
  'nodes|node|no',
  'services|service|svc',
  'endpoints|ep',
  'endpointslices|endpointslice',
  'events|event|ev',
  'ingresses|ingress|ing',
  'ingressclasses|ingressclass',
  'persistentvolumes|persistentvolume|pv',
  'persistentvolumeclaims|persistentvolumeclaim|pvc',
  'storageclasses|storageclass|sc',
  'serviceaccounts|serviceaccount|sa',
  'networkpolicies|networkpolicy|netpol',
  'resourcequotas|resourcequota|quota',
  'limitranges|limitrange|limits',
  'poddisruptionbudgets|poddisruptionbudget|pdb',
  'horizontalpodautoscalers|horizontalpodautoscaler|hpa',
  'priorityclasses|priorityclass|pc',
  'leases|lease',
  'roles|role',
  'rolebindings|rolebinding',
  'clusterroles|clusterrole',
  'clusterrolebindings|clusterrolebinding',
  'customresourcedefinitions|customresourcedefinition|crds|crd',
  'componentstatuses|componentstatus|cs',
].join('|');
const kindList = (names: string): RegExp => new RegExp(`^(?:${names})(?:,(?:${names}))*(?:/.*)?$`, 'is');
const SAFE_KINDS = kindList(SAFE_KIND_NAMES);

/**
 * Operands when whole objects are printed: the first names the kinds (`pods`, `svc,ep`), the
 * others names of objects; any `KIND/NAME` is judged by its kind.
 */
const WHOLE_OBJECT_OPERANDS = (more: readonly (readonly [RegExp, Effect])[]): OperandModel => ({
  leading: ['exposes'],
  rest: 'none',
  effectIf: [...more, [SAFE_KINDS, 'none'], [/\//, 'exposes']],
  why: "the objects are printed whole: a workload's literal env values, a ConfigMap's data, a custom resource's fields",
});

// A Secret's data is printed by `get` (`-o yaml`); `describe` shows its sizes only.
const getModel = model(
  'get',
  (t) => [
    ...printer(t),
    ...manifests(t),
    // Any API path, the secrets' among them (`--raw /api/v1/secrets`).
    opt('--raw=URI', `${t} --raw=/healthz`, 'exposes', { why: 'any API path, secrets included' }),
    ...plain(
      t,
      'pods',
      '-A, --all-namespaces',
      '--chunk-size=N',
      '--field-selector=SELECTOR',
      '--ignore-not-found',
      '-L, --label-columns=LABELS',
      '--no-headers',
      '--output-watch-events',
      '-l, --selector=SELECTOR',
      '--server-print',
      '--show-kind',
      '--show-labels',
      '--sort-by=JSONPATH',
      '--subresource=NAME',
      '-w, --watch',
      '--watch-only',
    ),
  ],
  {
    operands: { rest: 'none', effectIf: [[SECRETS, 'exposes']] },
    operandsWhen: { 'whole-objects': WHOLE_OBJECT_OPERANDS([[SECRETS, 'exposes']]) },
  },
);

// `describe` prints a workload's env (literal values in full) and a ConfigMap's data: whole objects.
const describe = model(
  'describe',
  (t) => [
    ...manifests(t),
    ...plain(t, 'nodes', '-A, --all-namespaces', '--chunk-size=N', '-l, --selector=SELECTOR', '--show-events'),
  ],
  { operands: WHOLE_OBJECT_OPERANDS([[kindList('secrets|secret'), 'none']]) },
);

const logs = model('logs', (t) => [
  opt('--insecure-skip-tls-verify-backend', `${t} --insecure-skip-tls-verify-backend web`, 'credential', {
    dataIf: FALSE,
    why: "the kubelet's certificate is not checked",
  }),
  ...plain(
    t,
    'web',
    '--all-containers',
    '--all-pods',
    '-c, --container=NAME',
    '-f, --follow',
    '--ignore-errors',
    '--limit-bytes=N',
    '--max-log-requests=N',
    '--pod-running-timeout=DURATION',
    '--prefix',
    '-p, --previous',
    '-l, --selector=SELECTOR',
    '--since=DURATION',
    '--since-time=TIME',
    '--tail=N',
    '--timestamps',
  ),
]);

const topPod = model('top pod', (t) =>
  plain(
    t,
    '',
    '-A, --all-namespaces',
    '--containers',
    '--field-selector=SELECTOR',
    '--no-headers',
    '-l, --selector=SELECTOR',
    '--sort-by=FIELD',
    '--sum',
    '--use-protocol-buffers',
  ),
);
const topNode = model('top node', (t) =>
  plain(
    t,
    '',
    '--no-headers',
    '-l, --selector=SELECTOR',
    '--show-capacity',
    '--sort-by=FIELD',
    '--use-protocol-buffers',
  ),
);

const none = (): OptionModel[] => [];

/** Dispatch nodes: options before the next word are the globals; the word names the child. */
function group(word: string, subs: Record<string, ToolModel>): ToolModel {
  return { ...model(word, none), permute: false, subcommands: subs };
}

const SUBCOMMANDS: Record<string, ToolModel> = {
  get: getModel,
  describe,
  logs,
  top: group('top', { pod: topPod, pods: topPod, po: topPod, node: topNode, nodes: topNode, no: topNode }),
  version: model('version', (t) => [...printer(t), ...plain(t, '', '--client', '--short')]),
  'api-resources': model('api-resources', (t) => [
    ...printer(t),
    ...plain(
      t,
      '',
      '--api-group=GROUP',
      '--cached',
      '--categories=LIST',
      '--namespaced',
      '--no-headers',
      '--sort-by=FIELD',
      '--verbs=LIST',
    ),
  ]),
  'api-versions': model('api-versions', none),
  explain: model('explain', (t) => plain(t, 'pods', '--api-version=VERSION', '-o, --output=FORMAT', '--recursive')),
  // `cluster-info dump` writes every object and log (`--output-directory`): modelled so the
  // rule sees it is not `cluster-info`, and not among the queries.
  'cluster-info': group('cluster-info', {
    dump: model('cluster-info dump', (t) => [
      ...printer(t),
      opt('--output-directory=DIR', `${t} --output-directory=dump`, 'write', { recursive: true }),
      ...plain(t, '', '-A, --all-namespaces', '--namespaces=LIST', '--pod-running-timeout=DURATION'),
    ]),
  }),
  config: group('config', {
    view: model('config view', (t) => [
      ...printer(t),
      // `--raw` prints the certificates, keys and tokens the default view redacts.
      opt('--raw', `${t} --raw`, 'exposes', { dataIf: FALSE, why: 'the kubeconfig unredacted' }),
      // Embeds the files a kubeconfig names (client keys among them); whether the redaction of
      // --raw's absence still applies has changed between releases: asked (attack pass 11).
      opt('--flatten', `${t} --flatten`, 'exposes', {
        dataIf: FALSE,
        why: 'the kubeconfig with the files it names embedded',
      }),
      ...plain(t, '', '--merge', '--minify'),
    ]),
    'get-contexts': model('config get-contexts', (t) => plain(t, '', '--no-headers', '-o, --output=FORMAT')),
    'current-context': model('config current-context', none),
    'get-clusters': model('config get-clusters', none),
    'get-users': model('config get-users', none),
  }),
  auth: group('auth', {
    'can-i': model('auth can-i', (t) =>
      plain(t, 'get pods', '-A, --all-namespaces', '--list', '--no-headers', '-q, --quiet', '--subresource=NAME'),
    ),
    whoami: model('auth whoami', printer),
  }),
};

/**
 * kubectl's variables that do what its options do (attack pass 11): KUBECACHEDIR is
 * `--cache-dir` (a write), KUBERC is `--kuberc` (preferences loaded: aliases and default flags).
 * KUBECONFIG asks with the other config-file variables (policy/envAssignments.ts).
 */
export const KUBECTL_ENVIRONMENT: EnvironmentModel = {
  KUBECACHEDIR: { effect: 'write', why: 'the discovery and HTTP cache directory, as --cache-dir' },
  KUBERC: { effect: 'loads', why: 'the preferences file, as --kuberc: aliases and default flags for every command' },
  KUBE_EDITOR: { effect: 'exec', why: 'the editor kubectl edit runs' },
};

export const kubectlModel: ToolModel = pflagBooleans({
  commands: ['kubectl'],
  longPrefixes: false,
  pflag: true,
  underscoreIsDash: true,
  options: globals('kubectl'),
  operands: { rest: 'none' },
  permute: false,
  subcommands: SUBCOMMANDS,
});

/**
 * The subcommands that only read (the rule allows these, and only these, once the model has
 * judged every word): word paths through `subcommands`.
 */
export const KUBECTL_QUERIES: readonly (readonly string[])[] = [
  ['get'],
  ['describe'],
  ['logs'],
  ['version'],
  ['api-resources'],
  ['api-versions'],
  ['explain'],
  ['cluster-info'],
  ...['pod', 'pods', 'po', 'node', 'nodes', 'no'].map((w) => ['top', w]),
  ['config', 'view'],
  ['config', 'get-contexts'],
  ['config', 'current-context'],
  ['config', 'get-clusters'],
  ['config', 'get-users'],
  ['auth', 'can-i'],
  ['auth', 'whoami'],
];
