import type { BuiltinRule } from '../ruleTypes.js';
import { any, noArgs, not } from '../ruleTypes.js';
import { aptQueries, dpkgQueries } from '../../toolModels/tools/apt.js';
import { aptGetQueries } from '../../toolModels/tools/aptGet.js';
import { PIP_NAMES, pipQueries } from '../../toolModels/tools/pip.js';
import { npmQueries } from '../../toolModels/tools/npm.js';

/** A package-database query: the first argument (subcommand or dpkg/rpm query option) decides. */
const PACKAGE_QUERIES = new Set([
  'list',
  'search',
  'show',
  'policy',
  'info',
  '-l',
  '-L',
  '-s',
  '-S',
  '--list',
  '--listfiles',
  '--status',
  '--search',
  '-q',
  '-qa',
  '-qi',
  '-ql',
  '-Q',
  '-Qi',
  '-Ql',
  '-Ss',
  '-Si',
]);
/**
 * apt, apt-cache, apt-get, dpkg and dpkg-query have option models (toolModels/tools/apt.ts,
 * aptGet.ts): their query is read from the model's parse (the command word anywhere, apt-get's
 * simulations, dpkg's action options anywhere);
 * the model asks for what it does not know. The others: the first argument decides.
 */
const isPackageQuery = (command: string, args: readonly string[]): boolean => {
  if (command === 'apt' || command === 'apt-cache') return aptQueries(command, args);
  if (command === 'dpkg' || command === 'dpkg-query') return dpkgQueries(command, args);
  if (command === 'apt-get') return aptGetQueries(args);
  return args.length > 0 && PACKAGE_QUERIES.has(args[0]!);
};

const JS = ['npm', 'pnpm', 'yarn', 'bun'];
const jsQuery = [
  'ls',
  'list',
  'view',
  'info',
  'outdated',
  'why',
  'explain',
  'audit',
  'config',
  'doctor',
  'root',
  'bin',
  'prefix',
  'search',
  'help',
];
const jsScripts = ['test', 't', 'run', 'run-script', 'start', 'build', 'lint', 'dev', 'restart', 'stop', 'rebuild'];
const jsInstall = [
  'install',
  'i',
  'ci',
  'add',
  'update',
  'up',
  'upgrade',
  'remove',
  'rm',
  'uninstall',
  'un',
  'link',
  'dedupe',
  'prune',
];

export const pkgPack: BuiltinRule[] = [
  {
    id: 'pkg:js-query',
    commands: JS,
    // npm has an option model (toolModels/tools/npm.ts): its subcommand is read from the model's
    // parse and the model judges every config option; pnpm, yarn, bun: the first word decides.
    when: (v) =>
      v.command === 'npm'
        ? npmQueries(v.args)
        : jsQuery.includes(v.sub[0] ?? '') &&
          !(v.sub[0] === 'config' && ['set', 'delete', 'edit'].includes(v.sub[1] ?? '')) &&
          !(v.sub[0] === 'audit' && v.sub[1] === 'fix'),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'reads package metadata',
    examples: {
      match: ['npm ls', 'npm view react version', 'pnpm outdated', 'npm config get registry', 'npm pkg get name'],
      noMatch: ['npm test', 'npm config set x y', 'npm audit fix', 'npm pack', 'npm config fix', 'npm pkg set x=1'],
    },
  },
  {
    id: 'pkg:js-scripts',
    commands: JS,
    when: (v) =>
      jsScripts.includes(v.sub[0] ?? '') ||
      (v.command === 'yarn' &&
        v.sub.length > 0 &&
        !jsQuery.includes(v.sub[0]!) &&
        !jsInstall.includes(v.sub[0]!) &&
        !['publish', 'exec', 'dlx', 'npm'].includes(v.sub[0]!)),
    decision: 'ask',
    risk: 'medium',
    code: 'command.asked',
    reason: 'runs package.json scripts, which the agent can edit without going through the shell',
    examples: {
      match: ['npm test', 'npm run build', 'pnpm run lint', 'yarn build'],
      noMatch: ['npm ls', 'npm publish'],
    },
  },
  {
    id: 'pkg:js-install',
    commands: JS,
    when: any(
      (v) => jsInstall.includes(v.sub[0] ?? ''),
      (v) => v.command !== 'npm' && noArgs(v),
    ),
    decision: 'ask',
    risk: 'medium',
    code: 'command.asked',
    reason: 'installs packages, whose install scripts run arbitrary code',
    examples: { match: ['npm install', 'npm ci', 'pnpm add left-pad', 'yarn'], noMatch: ['npm ls'] },
  },
  {
    id: 'pkg:js-exec',
    commands: [...JS, 'npx', 'pnpx', 'bunx'],
    when: (v) =>
      v.command === 'npx' ||
      v.command === 'pnpx' ||
      v.command === 'bunx' ||
      ['exec', 'x', 'dlx', 'create', 'init'].includes(v.sub[0] ?? ''),
    decision: 'ask',
    risk: 'high',
    code: 'command.escape_hatch',
    reason: 'downloads and runs an arbitrary package',
    examples: { match: ['npx cowsay hi', 'npm exec -- tsc', 'pnpm dlx x', 'npm init vite'], noMatch: ['npm test'] },
  },
  {
    id: 'pkg:publish',
    commands: [...JS, 'cargo', 'twine', 'gem', 'poetry', 'uv', 'flit', 'vsce'],
    when: (v) =>
      ['publish', 'push', 'upload', 'unpublish', 'deprecate', 'owner', 'dist-tag', 'yank'].includes(v.sub[0] ?? ''),
    decision: 'ask',
    risk: 'high',
    code: 'command.publish',
    reason: 'publishes (or withdraws) a package for everyone',
    examples: {
      match: ['npm publish', 'cargo publish', "twine upload 'dist/*'", 'npm unpublish x'],
      noMatch: ['npm pack'],
    },
  },
  {
    id: 'pkg:build-tools',
    commands: [
      'tsc',
      'esbuild',
      'vite',
      'vitest',
      'jest',
      'eslint',
      'prettier',
      'cargo',
      'go',
      'make',
      'cmake',
      'ninja',
      'gradle',
      'mvn',
      'pytest',
      'tox',
      'mypy',
      'ruff',
      'black',
      'rustc',
      'gcc',
      'cc',
      'g++',
      'clang',
      'javac',
      'dotnet',
      'swift',
      'mocha',
      'webpack',
      'rollup',
      'biome',
    ],
    when: not(
      (v) =>
        (v.command === 'cargo' && ['publish', 'install', 'yank', 'owner', 'login'].includes(v.sub[0] ?? '')) ||
        (v.command === 'go' && ['install', 'get'].includes(v.sub[0] ?? '')),
    ),
    decision: 'ask',
    risk: 'medium',
    code: 'command.asked',
    reason: 'builds and test runners execute project code (build scripts, tests, plugins) the agent may have written',
    examples: {
      match: ['tsc --noEmit', 'cargo build --release', 'make', 'pytest -q', 'go test ./...'],
      noMatch: ['cargo publish', 'ls'],
    },
  },
  {
    id: 'pkg:py-query',
    commands: [...PIP_NAMES, 'uv', 'poetry', 'pipx'],
    // pip's queries are the subcommands its option model covers (toolModels/tools/pip.ts).
    when: (v) =>
      PIP_NAMES.includes(v.command)
        ? pipQueries(v.args)
        : ['list', 'show', 'freeze', 'check', 'search', 'help', 'tree'].includes(v.sub[0] ?? ''),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'reads installed package metadata',
    examples: {
      match: ['pip list', 'pip3 show requests', 'pip freeze', 'pip3.11 list', 'pip cache dir'],
      noMatch: ['pip install x', 'pip cache purge', 'pip config list'],
    },
  },
  {
    id: 'pkg:install-other',
    commands: [
      ...PIP_NAMES,
      'uv',
      'poetry',
      'pipx',
      'gem',
      'bundle',
      'cargo',
      'go',
      'composer',
      'conda',
      'mamba',
      'brew',
    ],
    when: (v) =>
      [
        'install',
        'add',
        'update',
        'upgrade',
        'sync',
        'get',
        'uninstall',
        'remove',
        'lock',
        'download',
        'tap',
        'run',
        'exec',
      ].includes(v.sub[0] ?? ''),
    decision: 'ask',
    risk: 'medium',
    code: 'command.asked',
    reason: 'installs packages or runs their code',
    examples: {
      match: [
        'pip install requests',
        'cargo install ripgrep',
        'brew install jq',
        'go install x@latest',
        'bundle exec rake',
      ],
      noMatch: ['pip list'],
    },
  },
  {
    id: 'pkg:system-packages',
    commands: [
      'apt',
      'apt-get',
      'dpkg',
      'dpkg-query',
      'yum',
      'dnf',
      'rpm',
      'pacman',
      'zypper',
      'apk',
      'snap',
      'flatpak',
    ],
    when: not((v) => isPackageQuery(v.command, v.args)),
    decision: 'ask',
    risk: 'high',
    code: 'command.system',
    reason: 'changes system packages (usually as root)',
    examples: {
      match: ['apt-get install -y jq', 'dpkg -i x.deb', 'apt remove x'],
      noMatch: ['apt list --installed', 'dpkg -l'],
    },
  },
  {
    id: 'pkg:system-packages-query',
    commands: [
      'apt',
      'apt-get',
      'apt-cache',
      'dpkg',
      'dpkg-query',
      'yum',
      'dnf',
      'rpm',
      'pacman',
      'apk',
      'snap',
      'flatpak',
    ],
    when: (v) => isPackageQuery(v.command, v.args),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'queries the package database',
    examples: {
      match: ['apt list --installed', 'dpkg -l', 'apt-cache search jq', 'dpkg-query -W jq', 'apt-get -s install jq'],
      noMatch: [
        'apt-get install jq',
        'apt-get install -y jq list',
        'apt-get install -s no jq',
        'dpkg -i x.deb -l',
        'apt-cache gencaches',
      ],
    },
  },
];
