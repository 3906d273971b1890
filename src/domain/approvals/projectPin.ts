import type { ConfigRule } from '../policyConfig.js';
import type { HostFacts } from '../reviewRequest.js';
import { BUILD_TOOLS } from '../modes/commandClasses.js';
import { basenamePosix } from '../paths/posixPath.js';

/**
 * Project pinning (docs/rules.md). A project-scope approval of a command that runs the project's
 * own code (the build and test tools of `BUILD_TOOLS`) is tied to a digest of the files that
 * define what runs. This table is the one home of "which files": each name is looked up in every
 * directory from the repository root down to the directory the command runs in (the tools find
 * their files upwards from there). Whole files are digested, so a change to a tool setting kept in
 * `package.json` or `pyproject.toml` asks again too.
 */
const JS_FILES = [
  'package.json',
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
  '.pnpmfile.cjs',
  'pnpm-workspace.yaml',
  'bunfig.toml',
];
const GRADLE_FILES = [
  'build.gradle',
  'build.gradle.kts',
  'settings.gradle',
  'settings.gradle.kts',
  'gradle.properties',
  'gradle/wrapper/gradle-wrapper.properties',
  'gradlew',
];
const MAVEN_FILES = [
  'pom.xml',
  '.mvn/maven.config',
  '.mvn/jvm.config',
  '.mvn/extensions.xml',
  '.mvn/wrapper/maven-wrapper.properties',
  'mvnw',
];

export const PIN_FILES: Readonly<Record<string, readonly string[]>> = {
  npm: JS_FILES,
  pnpm: JS_FILES,
  yarn: JS_FILES,
  bun: JS_FILES,
  make: ['GNUmakefile', 'makefile', 'Makefile'],
  cargo: ['Cargo.toml', 'build.rs', '.cargo/config.toml', '.cargo/config', 'rust-toolchain', 'rust-toolchain.toml'],
  go: ['go.mod', 'go.work'],
  pytest: ['pytest.ini', '.pytest.ini', 'pyproject.toml', 'tox.ini', 'setup.cfg', 'conftest.py'],
  gradle: GRADLE_FILES,
  gradlew: GRADLE_FILES,
  mvn: MAVEN_FILES,
  mvnw: MAVEN_FILES,
};

/** Deeper than this below the root, the pin does not hold (the file list would grow without bound). */
const MAX_DEPTH = 32;

/** The pin files of a command name, or undefined when the command is not a build or test tool. */
export function pinFilesFor(command: string): readonly string[] | undefined {
  const name = basenamePosix(command);
  return BUILD_TOOLS.has(name) && Object.hasOwn(PIN_FILES, name) ? PIN_FILES[name] : undefined;
}

/**
 * The absolute paths digested for `command` run in `cwd` under the repository `root`: each pin
 * file name in the root and in every directory down to `cwd`. Undefined when `cwd` is not inside
 * `root` (or too deep), so the pin cannot hold.
 */
export function pinPaths(command: string, root: string, cwd: string): string[] | undefined {
  const names = pinFilesFor(command);
  if (names === undefined || !root.startsWith('/') || root.includes('/../') || root.endsWith('/..')) return undefined;
  const base = root === '/' ? '' : root.replace(/\/+$/, '');
  if (cwd !== root && cwd !== base && !cwd.startsWith(`${base}/`)) return undefined;
  const below = cwd
    .slice(base.length)
    .split('/')
    .filter((s) => s !== '');
  if (below.length > MAX_DEPTH || below.some((s) => s === '.' || s === '..')) return undefined;
  const paths: string[] = [];
  let dir = base;
  for (let i = 0; i <= below.length; i++) {
    for (const n of names) paths.push(`${dir}/${n}`);
    if (i < below.length) dir = `${dir}/${below[i]}`;
  }
  return paths;
}

/** The digest of the pin files as they are now; undefined when it cannot be known (not a build tool, outside the root, a file unreadable, no file reader). */
export function projectDigest(
  command: string,
  root: string,
  cwd: string,
  facts: Pick<HostFacts, 'digestFiles'> | undefined,
): string | undefined {
  const paths = pinPaths(command, root, cwd);
  if (paths === undefined || facts?.digestFiles === undefined) return undefined;
  return facts.digestFiles(paths);
}

/** Whether a rule's pin (if any) still holds where the command runs. Only called for a rule that matched, so the files are read only then. */
export function pinHolds(
  rule: ConfigRule,
  cwd: string | undefined,
  facts: Pick<HostFacts, 'digestFiles'> | undefined,
): boolean {
  if (rule.pin === undefined) return true;
  if (cwd === undefined) return false;
  const now = projectDigest(rule.command, rule.pin.root, cwd, facts);
  return now !== undefined && now === rule.pin.digest;
}
