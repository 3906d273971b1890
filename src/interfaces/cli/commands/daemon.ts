// `shimctl daemon`: the optional resident review process behind the compiled shim client.
import { spawn } from 'node:child_process';
// Static, not import(): the shim entry runs this bundle through vm.Script, where a dynamic import
// of a built-in has no loader. This module is only loaded for `daemon` commands.
import { createHash, randomUUID } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { connect } from 'node:net';
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { interceptUseCase } from '../../../application/intercept/interceptUseCase.js';
import { createApp, preloadShellGrammar, systemClock } from '../../../compositionRoot.js';
import {
  acquireLock,
  daemonFiles,
  ensureRunDir,
  readLockPid,
  releaseFiles,
  unlinkQuiet,
  writeToken,
} from '../../../infrastructure/daemon/daemonFiles.js';
import type { DaemonFiles } from '../../../infrastructure/daemon/daemonFiles.js';
import type { ClientChannel } from '../../../infrastructure/daemon/daemonServer.js';
import { startDaemon } from '../../../infrastructure/daemon/daemonServer.js';
import type { ConfigOutcome } from '../../../application/ports/configSource.js';
import type { RunningApi } from '../../http/startHttpApi.js';
import { daemonArgv, daemonEnvironment, isDaemonEnvironment } from '../../../infrastructure/daemon/daemonEnv.js';
import { daemonIdentityMismatch } from '../../../infrastructure/daemon/daemonIdentity.js';
import { createReviewPool, serveReviewWorker } from '../../../infrastructure/daemon/reviewWorkers.js';
import type { DaemonRequest } from '../../../infrastructure/daemon/daemonServer.js';
import { createWatchedConfigSource } from '../../../infrastructure/daemon/watchedConfigSource.js';
import type { ConfigSource } from '../../../application/ports/configSource.js';
import { AUDIT_SCHEMA_VERSION } from '../../../application/ports/auditLog.js';
import { ENV_AGENT, ENV_SESSION } from '../../../application/intercept/interceptRequest.js';
import { defaultConfig } from '../../../domain/defaultConfig.js';
import { verdict } from '../../../domain/verdict.js';
import { readManifest } from '../../../infrastructure/install/manifestStore.js';
import { statePaths } from '../../../infrastructure/paths/statePaths.js';
import { SHIM_ENTRY_NAME, installAnchorMismatch } from '../../hotpath/installAnchor.js';
import type { CliCommand, CliContext } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { reportError, runCommand, runSubcommand } from '../runCommand.js';
import { processAlive } from '../../../infrastructure/exec/processAlive.js';
import type { ShipSupervisor } from '../../../infrastructure/daemon/shipSupervisor.js';

const USAGE = 'usage: shimctl daemon <run|start|stop|status> [--idle-seconds N] [--verbose] [--json]\n';
const DEFAULT_IDLE_SECONDS = 300;

/** `daemon run` and `daemon start` take the same options (start hands them to run). */
const RUN_OPTIONS = { 'idle-seconds': { type: 'string' }, verbose: { type: 'boolean' } } as const;
interface RunValues {
  'idle-seconds'?: string;
  verbose?: boolean;
}

function idleSeconds(option: string | undefined, env: CliContext['env']): number {
  const raw = option ?? env.SHIMCTL_DAEMON_IDLE_SECONDS;
  const n = raw !== undefined && /^[0-9]{1,6}(\.[0-9]+)?$/.test(raw) ? Number(raw) : DEFAULT_IDLE_SECONDS;
  return n > 0 ? n : DEFAULT_IDLE_SECONDS;
}

/** The code this process runs; when it changes on disk (an upgrade) the daemon is stale. */
function codeStamp(): string {
  const files = [typeof __filename === 'string' ? __filename : '', process.argv[1] ?? ''];
  return files
    .map((f) => {
      try {
        const st = statSync(f);
        return `${st.ino}:${st.size}:${st.mtimeMs}`;
      } catch {
        return '-';
      }
    })
    .join('|');
}

/**
 * The identity of the bundle as the shim entry saw it just before reading it (shims/shim-entry.cjs
 * leaves it here): later than that, a file replaced or removed while this bundle was compiling
 * would be stamped as the code we run. Without the entry (`daemon start`), the stamp at load.
 */
function loadedStamp(): string {
  const seen = (globalThis as Record<symbol, unknown>)[Symbol.for('shimctl.loadedBundle')] as
    | { file?: unknown; stamp?: unknown }
    | undefined;
  const now = codeStamp().split('|');
  if (seen && seen.file === __filename && typeof seen.stamp === 'string') now[0] = seen.stamp;
  return now.join('|');
}

const LOADED_STAMP = loadedStamp();

/** The argv that makes this bundle a review worker (see reviewWorkers.ts). */
const WORKER_ARGV = ['daemon', '__review-worker'];

/** One request, end to end, as the per-command core does it, with the daemon's ports (exported for scripts/benchDaemonReview.mjs). */
export function reviewRequest(
  req: DaemonRequest,
  channel: ClientChannel,
  human: (waiting: boolean) => void,
  configSource: ConfigSource,
): Promise<number> {
  const app = createApp(req.env);
  // Time spent waiting for a person is not the review's: the budget pauses meanwhile.
  const approver = {
    request: async (...args: Parameters<typeof app.approver.request>) => {
      human(true);
      try {
        return await app.approver.request(...args);
      } finally {
        human(false);
      }
    },
  };
  return interceptUseCase(
    { shell: req.shell, realShell: req.realShell, args: req.args, cwd: req.cwd, env: req.env, mode: req.mode },
    // The daemon's watched config source and the client's channel replace the per-command ones.
    { ...app, ...systemClock, approver, configSource, executor: channel.executor, writeStderr: channel.writeStderr },
  );
}

/** The worker thread's side: reviews the requests the main thread hands it, one at a time. */
async function reviewWorker(): Promise<number> {
  if (!parentPort) return EXIT.USAGE;
  // Every request it gets was accepted for the daemon's own paths (refuseEnv): one config source.
  let configSource: ConfigSource | undefined;
  serveReviewWorker(parentPort, (req, channel, human) => {
    configSource ??= createWatchedConfigSource(statePaths(req.env));
    return reviewRequest(req, channel, human, configSource);
  });
  // Agents' envelopes are compound (Claude 2.1.3xx): have the grammar ready before the first one.
  preloadShellGrammar();
  return new Promise<number>(() => undefined); // lives as long as the pool keeps it
}

/**
 * The record of a request its budget blocked. Its review never finished, so the text is not in it
 * (redacting it may be what was slow): its size and digest are, with the reason.
 */
async function recordTimeout(req: DaemonRequest, budgetMs: number, configSource: ConfigSource): Promise<void> {
  const app = createApp(req.env);
  const outcome = configSource.load(req.cwd);
  const config = outcome.kind === 'ok' ? outcome.config : defaultConfig();
  const text = req.args.join('\0');
  const digest = createHash('sha256').update(text).digest('hex');
  const writer = await app.auditLog(config).open();
  try {
    await writer.write({
      v: AUDIT_SCHEMA_VERSION,
      id: randomUUID(),
      ts: new Date().toISOString(),
      session: req.env[ENV_SESSION] || undefined,
      agent: req.env[ENV_AGENT] || undefined,
      cwd: req.cwd,
      ...verdict(
        'block',
        'high',
        'review.timeout',
        `the review did not finish within ${budgetMs} ms; the command did not run`,
      ),
      command: `[${req.shell}: ${Buffer.byteLength(text)} bytes of arguments, sha256 ${digest}; not reviewed in time]`,
    });
  } finally {
    await writer.close();
  }
}

/**
 * How a resident process is started, whoever starts it: the node binary install recorded running
 * the install's shim entry, exactly as the compiled client starts it, because the client trusts
 * only a process on the socket that runs those two (docs/hotpath.md). Without an install (a
 * development checkout), this node and the hot-path bundle: clients will not trust that one.
 */
function daemonLaunch(env: CliContext['env']): { node: string; entry: string } {
  const paths = statePaths(env);
  const entry = join(paths.shimDir, SHIM_ENTRY_NAME);
  if (existsSync(entry)) {
    let node: string | undefined;
    try {
      node = readManifest(paths.manifest)?.node;
    } catch {
      // an unreadable manifest: this node, as before
    }
    return { node: node && existsSync(node) ? node : process.execPath, entry };
  }
  const hot = typeof __filename === 'string' ? join(dirname(__filename), 'shim.cjs') : '';
  return { node: process.execPath, entry: hot && existsSync(hot) ? hot : process.argv[1]! };
}

/**
 * `daemon run` typed by a person (or started by an older client) carries that session's whole
 * environment, which every other session could read in /proc/PID/environ. It starts the daemon
 * again with only the daemon's variables, in the foreground, and passes signals on.
 */
function rerunWithDaemonEnvironment(args: string[], ctx: CliContext): Promise<number> {
  const { node, entry } = daemonLaunch(ctx.env);
  const child = spawn(node, daemonArgv(entry, args), { stdio: 'inherit', env: daemonEnvironment(ctx.env), cwd: '/' });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const signals = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
  const handlers = signals.map((signal) => [signal, forward(signal)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  return new Promise((resolve) => {
    child.once('error', (err) => {
      ctx.stderr.write(`shimctl daemon: cannot start ${node}: ${err.message}\n`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      for (const [s, handler] of handlers) process.off(s, handler);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

async function run(args: string[], values: RunValues, ctx: CliContext): Promise<number> {
  if (!isDaemonEnvironment(ctx.env)) return rerunWithDaemonEnvironment(args, ctx);
  // A client under a redirected HOME would otherwise start a daemon serving the attacker's config.
  const foreign = installAnchorMismatch(ctx.env, process.argv[1]);
  if (foreign) {
    ctx.stderr.write(`shimctl daemon: refusing to start: ${foreign}\n`);
    return EXIT.FAILED;
  }
  const paths = statePaths(ctx.env);
  const files = daemonFiles(paths.runDir);
  process.umask(0o077);
  ensureRunDir(files.dir);
  if (!acquireLock(files)) {
    // A lock whose pid is alive but whose socket does not answer belongs to a reused pid (or a
    // daemon that hung): after a grace period for a daemon that is still starting, take it over.
    const age = Date.now() - (statSync(files.lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age < 10_000 || (await probe(files)) || (unlinkQuiet(files.lock), !acquireLock(files))) {
      ctx.stderr.write(`shimctl daemon: already running (pid ${readLockPid(files) ?? '?'})\n`);
      return EXIT.OK;
    }
  }
  let token: string | undefined;
  try {
    unlinkQuiet(files.socket);
    token = writeToken(files);
    const configSource = createWatchedConfigSource(paths);
    const ownPaths = JSON.stringify(paths);
    let acceptedKey: string | undefined;
    const started = codeStamp();
    const pool = createReviewPool({
      // Through the shim entry when the daemon was started by it: the worker then loads the bundle
      // from V8's code cache like the daemon did (without it, a worker compiles the whole bundle).
      script:
        basename(process.argv[1] ?? '') === SHIM_ENTRY_NAME || typeof __filename !== 'string'
          ? process.argv[1]!
          : __filename,
      argv: WORKER_ARGV,
      recordTimeout: (req, budgetMs) => recordTimeout(req, budgetMs, configSource),
    });
    // Listen only once a worker is up, so the first request is not the one that waits for it.
    await pool.ready;
    const daemon = await startDaemon({
      files,
      token,
      idleMs: idleSeconds(values['idle-seconds'], ctx.env) * 1000,
      refuseEnv(env) {
        // statePaths() reads only these four; the same values as an accepted request's give the same paths.
        const key = [env.HOME, env.XDG_CONFIG_HOME, env.XDG_STATE_HOME, env.XDG_DATA_HOME].join('\0');
        if (key === acceptedKey) return undefined;
        try {
          if (JSON.stringify(statePaths(env)) !== ownPaths) return 'this daemon serves another HOME/XDG configuration';
          acceptedKey = key;
          return undefined;
        } catch (err) {
          return String(err);
        }
      },
      // Compared with the stamp taken when this module loaded too: an upgrade (or removal) that
      // lands while the daemon starts up must still make it stale.
      staleReason: () => {
        const now = codeStamp();
        return now === LOADED_STAMP && now === started
          ? undefined
          : 'shimctl changed on disk since this daemon started';
      },
      // Each request in a worker thread of its own, within a time budget (reviewWorkers.ts).
      handle: (req, channel) => pool.handle(req, channel),
    });
    // The local HTTP API inside this process, when the user's config turns it on (docs/http-api.md).
    // A failure to start it is said (with --verbose) and leaves the review serving: the API is not
    // on the interception path.
    const api = await startApiIfConfigured(ctx.env, configSource, paths.home).catch((err: Error) => {
      if (values.verbose) ctx.stderr.write(`shimctl daemon: HTTP API not started: ${err.message}\n`);
      return undefined;
    });
    // Shipping the audit in the background when the user has a ship.json (issue 14): a thread of
    // its own, off every review's path; a failure to start it leaves the review serving.
    const shipper = await startShipper(paths.auditLog, ctx.env, values.verbose === true, ctx);
    // Hold no directory of the agent's open; every request names its own cwd.
    process.chdir('/');
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => daemon.stop(signal));
    // A bug must not leave a half-working daemon: stop (finishing the requests in flight, so their
    // records are written, then removing socket, token and lock), and clients fall back to the
    // per-command core. The shim entry's own handlers exit at once with 126, which is right for a
    // per-command call but would skip all of that here: they are replaced.
    process.removeAllListeners('uncaughtException');
    process.removeAllListeners('unhandledRejection');
    process.on('uncaughtException', () => daemon.stop('internal error'));
    process.on('unhandledRejection', () => daemon.stop('internal error'));
    const reason = await daemon.stopped;
    await api?.close().catch(() => undefined);
    // A push in flight finishes within a grace period or is abandoned: its cursor did not move,
    // so the next shipper sends those records again (at least once).
    await shipper?.stop().catch(() => undefined);
    pool.close();
    if (values.verbose) ctx.stderr.write(`shimctl daemon: stopped (${reason})\n`);
    return EXIT.OK;
  } finally {
    releaseFiles(files, token);
  }
}

/**
 * The background shipper beside this bundle (dist/shipWorker.cjs); none when run from source.
 * Its supervisor is a bundle apart (dist/shipSupervisor.cjs, scripts/build.mjs), loaded here
 * only: the shims load the hot bundle for every command.
 */
async function startShipper(
  auditLog: string,
  env: CliContext['env'],
  verbose: boolean,
  ctx: CliContext,
): Promise<ShipSupervisor | undefined> {
  if (typeof __dirname !== 'string') return undefined;
  try {
    const { startShipSupervisor } = await import('../../../infrastructure/daemon/shipSupervisor.js');
    return startShipSupervisor({ auditLog, env, script: join(__dirname, 'shipWorker.cjs') });
  } catch (err) {
    if (verbose) ctx.stderr.write(`shimctl daemon: audit shipping not started: ${String(err)}\n`);
    return undefined;
  }
}

function probe(files: DaemonFiles): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(files.socket);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * Whether what answers on the socket is this install's resident process: the pid in the lock must
 * pass the checks the shims make (they read the listener's pid from the socket itself, which Node
 * cannot). A stand-in there makes every command fall back; this is where a person sees why.
 */
function impostor(files: DaemonFiles, env: CliContext['env']): string | undefined {
  const pid = readLockPid(files);
  if (pid === undefined) return 'no lock names its pid';
  return daemonIdentityMismatch(pid, daemonLaunch(env));
}

async function status(values: { json?: boolean }, ctx: CliContext): Promise<number> {
  const files = daemonFiles(statePaths(ctx.env).runDir);
  const pid = readLockPid(files);
  const answering = await probe(files);
  const foreign = answering ? impostor(files, ctx.env) : undefined;
  const running = answering && !foreign;
  const info = {
    running,
    pid: running ? pid : undefined,
    socket: files.socket,
    ...(foreign ? { notShimctl: foreign } : {}),
  };
  if (values.json) ctx.stdout.write(`${JSON.stringify(info)}\n`);
  else if (foreign)
    ctx.stdout.write(
      `something answers on ${files.socket} but it is not shimctl's resident process (${foreign}); the shims do not trust it and use the per-command core\n`,
    );
  else
    ctx.stdout.write(
      running
        ? `running (pid ${pid ?? '?'}) on ${files.socket}\n`
        : 'not running (the shims use the per-command core until the next command starts it)\n',
    );
  return running ? EXIT.OK : EXIT.NOT_RUNNING;
}

/** `shimctl daemon stop`; also run by `uninstall`, so no resident process outlives the install. */
export async function stop(ctx: CliContext): Promise<number> {
  const files = daemonFiles(statePaths(ctx.env).runDir);
  const pid = readLockPid(files);
  if (pid === undefined) {
    ctx.stdout.write('not running\n');
    return EXIT.OK;
  }
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    ctx.stdout.write('not running (stale lock)\n');
    return EXIT.OK;
  }
  // Stopped means the process is gone, not only its lock: it releases the lock and then, at exit,
  // writes its code cache into the state directory, so an uninstall (or a test removing the HOME)
  // that went on at the lock's release would race that write and find the directory refilled.
  const stillThere = (): boolean => readLockPid(files) === pid || processAlive(pid);
  for (let i = 0; i < 100 && stillThere(); i++) await new Promise((r) => setTimeout(r, 50));
  ctx.stdout.write(stillThere() ? `pid ${pid} did not stop yet (it finishes running commands first)\n` : 'stopped\n');
  return EXIT.OK;
}

async function start(args: string[], ctx: CliContext): Promise<number> {
  const files = daemonFiles(statePaths(ctx.env).runDir);
  if (await probe(files)) {
    const foreign = impostor(files, ctx.env);
    if (foreign) {
      ctx.stderr.write(
        `shimctl daemon: something answers on ${files.socket} but it is not shimctl's resident process (${foreign}); not starting one beside it\n`,
      );
      return EXIT.FAILED;
    }
    ctx.stdout.write('already running\n');
    return EXIT.OK;
  }
  // Started exactly as the shims start it (same node, entry and flags, only the daemon's variables),
  // so both ways run (and watch) the same code and the clients trust it.
  const { node, entry } = daemonLaunch(ctx.env);
  const child = spawn(node, daemonArgv(entry, args), {
    detached: true,
    stdio: 'ignore',
    env: daemonEnvironment(ctx.env),
    cwd: '/',
  });
  child.unref();
  for (let i = 0; i < 100; i++) {
    if (await probe(files)) {
      ctx.stdout.write(`running (pid ${readLockPid(files) ?? child.pid})\n`);
      return EXIT.OK;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  ctx.stderr.write('shimctl daemon: did not start within 5s\n');
  return EXIT.FAILED;
}

export const daemonCommand: CliCommand = {
  name: 'daemon',
  summary: 'The optional resident review process that makes each shimmed command fast (run|start|stop|status).',
  run: (args, ctx) =>
    runSubcommand(
      'daemon',
      USAGE,
      {
        run: (rest, c) =>
          runCommand(
            { name: 'daemon run', usage: USAGE, options: RUN_OPTIONS, run: (values) => run(rest, values, c) },
            rest,
            c,
          ),
        start: (rest, c) =>
          runCommand({ name: 'daemon start', usage: USAGE, options: RUN_OPTIONS, run: () => start(rest, c) }, rest, c),
        stop: (rest, c) => runCommand({ name: 'daemon stop', usage: USAGE, options: {}, run: () => stop(c) }, rest, c),
        status: (rest, c) =>
          runCommand(
            {
              name: 'daemon status',
              usage: USAGE,
              options: { json: { type: 'boolean' } },
              run: (values) => status(values, c),
            },
            rest,
            c,
          ),
        // Internal: a review worker thread's entry; it takes no options.
        '__review-worker': (_rest, c) => reviewWorker().catch((err: unknown) => reportError('daemon', USAGE, err, c)),
      },
      args,
      ctx,
    ),
};

/** `http.serveInDaemon` from the user's config: start the API in this process. */
async function startApiIfConfigured(
  env: Record<string, string | undefined>,
  configSource: { load(cwd: string): ConfigOutcome },
  home: string,
): Promise<RunningApi | undefined> {
  const loaded = configSource.load(home);
  if (loaded.kind !== 'ok' || !loaded.config.http.serveInDaemon) return undefined;
  // Imported here: the shims load this bundle for every command, and only a resident process
  // with the API turned on needs the API's wiring (the server itself is dist/http.cjs).
  const { startHttpApi } = await import('../../http/startHttpApi.js');
  return startHttpApi(env, loaded.config.http.port);
}
