import { verdict } from '../verdict.js';
import { awkProgramFacts, awkProgramOf, awkRunsOrWrites } from './awkProgram.js';
import { scanSedScript, sedScripts } from './sedScript.js';
import { gitEscapeHatches } from '../toolModels/tools/git/escapeHatches.js';
import type { EscapeFindings } from './escapeFindings.js';
import { hatch, printsEnvironment } from './escapeFindings.js';
import { jqProgramFindings } from './jqProgram.js';
import { namedOptionValues } from './longOption.js';
import { httpClientOptions, unreviewedWgetSettings } from './httpClientOptions.js';
import { deviceReplacement } from './copyLanding.js';
import { isLongFlag, positionals } from './argView.js';
import { tarHatches, unreviewedWrites, unzipExtract } from './tarEscapes.js';
import { zipOperation } from '../toolModels/tools/zip.js';

function lastPositional(args: readonly string[]): string | undefined {
  const p = positionals(args);
  return p[p.length - 1];
}

export type { EscapeFindings } from './escapeFindings.js';

/**
 * `cp -a stage/. DEST`, `cp -rT stage DEST`, `rsync -a stage/ DEST`: the tree's unseen contents are
 * laid over DEST, where a `.git/` or `.claude/` inside it would replace that configuration. Asked.
 */
function contentsOverDestination(name: string, args: readonly string[], out: EscapeFindings): void {
  const pos = positionals(args);
  if (pos.length < 2) return;
  const sources = pos.slice(0, -1);
  const recursive =
    name === 'mv' ||
    name === 'rsync' ||
    args.some((a) => /^-[A-Za-z]*[rRa]/.test(a) || isLongFlag(a, '--recursive') || isLongFlag(a, '--archive'));
  const contents =
    name === 'rsync'
      ? sources.some((s) => s.endsWith('/') && !s.includes(':'))
      : args.some((a) => /^-[A-Za-z]*T/.test(a) || isLongFlag(a, '--no-target-directory')) ||
        sources.some((s) => /(^|\/)\.\/?$/.test(s));
  if (recursive && contents)
    out.verdicts.push(
      hatch(
        `${name} lays a whole tree's contents over ${pos[pos.length - 1]}; files in it nobody has seen (a .git/config, hooks) replace what is there`,
        'medium',
      ),
    );
}

/** Option values, long options abbreviated or not (see longOption.ts). */
const optionValues = namedOptionValues;

// Harmless long options that are themselves prefixes of dangerous ones: an exact match wins.
const ZIP_LONGS = ['--unzip-command', '--unicode', '--update', '--test'];
const RSYNC_LONGS = ['--rsh', '--rsync-path'];
const MAKE_LONGS = ['--eval', '--file', '--makefile', '--environment-overrides', '--every-directory'];

function sshLike(name: string, args: readonly string[], out: EscapeFindings): void {
  for (const v of optionValues(args, ['-o'])) {
    const m = /^\s*(\w+)\s*[= ]\s*([\s\S]*)$/.exec(v);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    if (
      key === 'proxycommand' ||
      key === 'localcommand' ||
      key === 'knownhostscommand' ||
      (key === 'remotecommand' && name !== 'ssh')
    ) {
      out.verdicts.push(hatch(`${name} -o ${m[1]} runs a local command`));
      if (m[2]!.trim() && m[2]!.trim() !== 'none') out.shellTexts.push({ text: m[2]!, why: `${name} -o ${m[1]}` });
    } else if (
      key === 'permitlocalcommand' ||
      key === 'proxyjump' ||
      key === 'match' ||
      key === 'include' ||
      key === 'sendenv' ||
      key === 'setenv'
    ) {
      out.verdicts.push(hatch(`${name} -o ${m[1]} changes what ssh runs or sends`, 'medium'));
    }
  }
  if (optionValues(args, ['-F']).length > 0)
    out.verdicts.push(hatch(`${name} -F loads a config that can set ProxyCommand`, 'medium'));
  if (name === 'scp' || name === 'sftp')
    for (const v of optionValues(args, ['-S'])) {
      out.verdicts.push(hatch(`${name} -S runs another program as ssh`));
      if (v) out.commands.push({ argv: [v], why: `${name} -S`, viaExec: true });
    }
}

function findActions(args: readonly string[], out: EscapeFindings): void {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-exec' || a === '-execdir' || a === '-ok' || a === '-okdir') {
      const argv: string[] = [];
      let j = i + 1;
      while (j < args.length && args[j] !== ';' && !(args[j] === '+' && args[j - 1] === '{}')) argv.push(args[j++]!);
      if (argv.length) out.commands.push({ argv, why: `find ${a}`, viaExec: true });
      i = j;
    }
  }
  if (args.includes('-delete'))
    out.verdicts.push(verdict('ask', 'high', 'command.destructive', 'find -delete deletes every file it matches'));
}

/** Escape hatches of well-known programs, judged as what they would run. */
export function findEscapeHatches(name: string, args: readonly string[]): EscapeFindings | undefined {
  const out: EscapeFindings = { verdicts: [], shellTexts: [], commands: [], paths: [] };
  switch (name) {
    case 'git':
      gitEscapeHatches(args, out);
      break;
    case 'tar':
    case 'gtar':
    case 'bsdtar':
      tarHatches(name, args, out);
      break;
    case 'unzip':
      // `unzip x.zip -d ~` lays the archive's tree (a `.ssh/`, a `.bashrc`) over the directory:
      // the model judges `-d` as a recursive write (toolModels/tools/unzip.ts).
      unzipExtract(args, out);
      break;
    case 'ssh':
    case 'scp':
    case 'sftp':
      sshLike(name, args, out);
      break;
    case 'find':
      findActions(args, out);
      break;
    case 'rsync':
      for (const v of optionValues(args, ['--rsh', '-e'], RSYNC_LONGS)) {
        out.verdicts.push(hatch('rsync -e runs a remote shell program'));
        if (v) out.shellTexts.push({ text: v, why: 'rsync -e' });
      }
      for (const a of args)
        if (/^-[a-zA-Z]*e$/.test(a) && a !== '-e' && !/^-[a-zA-Z]*e[a-zA-Z]/.test(a)) {
          const v = args[args.indexOf(a) + 1];
          out.verdicts.push(hatch('rsync -e runs a remote shell program'));
          if (v) out.shellTexts.push({ text: v, why: 'rsync -e' });
        }
      if (optionValues(args, ['--rsync-path'], RSYNC_LONGS).length)
        out.verdicts.push(hatch('rsync --rsync-path runs a program on the remote side'));
      contentsOverDestination(name, args, out);
      break;
    case 'zip':
      for (const v of optionValues(args, ['-TT', '--unzip-command'], ZIP_LONGS)) {
        out.verdicts.push(hatch('zip -TT runs a test command'));
        if (v) out.shellTexts.push({ text: v, why: 'zip -TT' });
      }
      // `-@`: the files to store are read from stdin; nobody judged their names (attack pass 4).
      if (args.some((a) => a === '-@' || a === '--names-stdin' || /^-[A-Za-z0-9]*@/.test(a)))
        out.verdicts.push(hatch('zip -@ stores the files named on stdin, which the review cannot see'));
      // The path policy judges each deleted tree, but not a workspace emptied from inside (`.`,
      // `.git`): deleting whole trees after storing them is asked, like `rm -r` and tar
      // --remove-files (attack pass 18, F7: `zip -rm x.zip .` deleted the work tree and `.git`).
      {
        const zip = zipOperation(args);
        if (zip.removes && zip.recursive)
          out.verdicts.push(
            verdict(
              'ask',
              'medium',
              'command.destructive',
              'zip -m with -r/-R deletes every file it stores, whole trees included',
            ),
          );
      }
      break;
    case 'curl':
    case 'wget': {
      const o = httpClientOptions(name, args);
      for (const c of o.configs)
        out.verdicts.push(
          hatch(`${name} loads more options from ${c}, which the review cannot see (uploads, URLs, output files)`),
        );
      const unreviewed = unreviewedWgetSettings(o.settings);
      if (unreviewed.length)
        out.verdicts.push(
          hatch(
            `${name} -e runs wgetrc commands (${unreviewed.join(', ')}) that can upload, write files or run programs`,
            'medium',
          ),
        );
      // `curl -J`, `wget -r`, `--content-disposition`: the server names the files written (downloadNames.ts).
      if (o.serverNamed.length)
        out.verdicts.push(
          unreviewedWrites(
            `${name} ${o.serverNamed.join(' ')} saves files under names the server chooses, which the review cannot see`,
          ),
        );
      // `curl -o '#1' URL{…}`: the names come from a URL glob too large or malformed to list (curlGlob.ts).
      if (o.globNamed.length)
        out.verdicts.push(
          unreviewedWrites(
            `${name} saves files under names taken from the URL glob of ${o.globNamed.join(' ')}, too large or malformed for the review to list`,
          ),
        );
      break;
    }
    case 'mv':
    case 'ln':
    case 'install':
    case 'cp': {
      const v = deviceReplacement(
        name,
        lastPositional(args),
        name === 'cp' && args.some((a) => a.length > 3 && '--remove-destination'.startsWith(a)),
      );
      if (v) out.verdicts.push(v);
      if (name === 'cp' || name === 'mv') contentsOverDestination(name, args, out);
      break;
    }
    case 'tcpdump':
      if (optionValues(args, ['-z']).length) out.verdicts.push(hatch('tcpdump -z runs a program on each saved file'));
      break;
    case 'gdb':
    case 'lldb':
      if (args.some((a) => /^(-ex|--eval-command|-x|--command|-ix|-iex|-o|--one-line|-s|--source)(=|$)/.test(a)))
        out.verdicts.push(hatch(`${name} runs debugger commands, which include shell`));
      break;
    case 'make':
    case 'gmake':
      if (
        args.some((a) => /^(-E|-f)$/.test(a) || /^-f./.test(a)) ||
        optionValues(args, ['--eval', '--file', '--makefile'], MAKE_LONGS).length
      )
        out.verdicts.push(hatch('make --eval/-f runs recipes from text or a file the policy has not seen'));
      break;
    case 'sed':
    case 'gsed': {
      const { scripts, scriptFiles } = sedScripts(args);
      if (scriptFiles.length) out.verdicts.push(hatch('sed -f runs a script file the review cannot see', 'medium'));
      for (const s of scripts) {
        const f = scanSedScript(s);
        if (f.executes) out.verdicts.push(hatch('the sed script runs a shell command (`e`)'));
        for (const w of f.writes) {
          out.verdicts.push(hatch('the sed script writes a file (`w`)', 'medium'));
          out.paths.push({ raw: w, access: 'write' });
        }
        for (const r of f.reads) out.paths.push({ raw: r, access: 'read' });
      }
      break;
    }
    case 'awk':
    case 'gawk':
    case 'mawk':
    case 'nawk': {
      const p = awkProgramOf(args);
      if (p.fromFile) out.verdicts.push(hatch('awk -f runs a program file the review cannot see', 'medium'));
      else if (p.program !== undefined && awkRunsOrWrites(p.program))
        out.verdicts.push(hatch('the awk program runs commands or writes files (system, pipes, print >)'));
      else if (p.program !== undefined) {
        const facts = awkProgramFacts(p.program);
        if (facts.ask !== undefined) out.verdicts.push(hatch(facts.ask));
        if (facts.environ) out.verdicts.push(printsEnvironment('the awk program (ENVIRON)'));
        for (const r of facts.reads) out.paths.push({ raw: r, access: 'read' });
      }
      break;
    }
    case 'jq': {
      const j = jqProgramFindings(args);
      if (j.fromFile) out.verdicts.push(hatch('jq -f runs a program file the review cannot see', 'medium'));
      if (j.env) out.verdicts.push(printsEnvironment('the jq program (env, $ENV)'));
      if (j.modules)
        out.verdicts.push(hatch('the jq program imports modules: jq searches for and reads their files', 'medium'));
      break;
    }
    case 'vim':
    case 'vi':
    case 'nvim':
    case 'view':
      if (args.some((a) => a === '-c' || a.startsWith('+') || a === '--cmd' || a === '-S'))
        out.verdicts.push(hatch(`${name} runs editor commands given on the command line`));
      break;
    case 'npm':
    case 'pnpm':
    case 'yarn':
      if (args.some((a) => a.startsWith('--script-shell') || a.startsWith('--node-options')))
        out.verdicts.push(hatch(`${name} --script-shell/--node-options changes what scripts run`));
      break;
    default:
      return undefined;
  }
  return out;
}
