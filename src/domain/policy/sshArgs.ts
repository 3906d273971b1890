// Which words of an ssh/scp/sftp command are files, and how ssh uses them. A key given with
// `-i` or `-o IdentityFile=` is used to log in (it never leaves the machine), which is not the
// same as reading it out; a key named as a file to copy (`scp ~/.ssh/id_rsa host:`) is.
import type { PathArg } from '../paths/judgePaths.js';

/** OpenSSH options that take a value, per program (from the man pages' synopses). */
const VALUE_OPTS: Readonly<Record<string, string>> = {
  ssh: 'BbcDEeFIiJLlmOopQRSWw',
  scp: 'cDFiJloPSX',
  sftp: 'BbcDFiJloPRSs',
};

/** `-o Key=value` keys whose value is a file ssh reads for itself (keys, known hosts, sockets). */
const CREDENTIAL_KEYS = new Set([
  'identityfile',
  'certificatefile',
  'userknownhostsfile',
  'globalknownhostsfile',
  'controlpath',
  'identityagent',
  'revokedhostkeys',
]);

/** `-i FILE`, `-F FILE` (and ssh's `-S SOCKET`) name files ssh uses for itself. */
function credentialOption(program: string, letter: string): boolean {
  return letter === 'i' || letter === 'F' || (program === 'ssh' && letter === 'S');
}

function optionFile(value: string): string | undefined {
  const m = /^\s*(\w+)\s*(?:=\s*|\s+)(.*)$/s.exec(value);
  if (!m || !CREDENTIAL_KEYS.has(m[1]!.toLowerCase())) return undefined;
  const file = m[2]!.trim().replace(/^"(.*)"$/s, '$1');
  return file && file.toLowerCase() !== 'none' ? file : undefined;
}

/** A local scp operand: no `host:` before the first `/` (`./a:b` and `/x:y` are local files). */
function isLocalOperand(word: string): boolean {
  const colon = word.indexOf(':');
  if (colon < 0) return true;
  const slash = word.indexOf('/');
  return slash >= 0 && slash < colon;
}

/**
 * Path arguments of ssh, scp and sftp. Option values are never taken for operands; files ssh
 * uses to authenticate are `credential`; scp's local sources are `read` and a local destination
 * is `write`; ssh's remote command words are only `mention` (they may name local paths).
 */
export function sshPathArgs(program: string, args: readonly string[]): PathArg[] {
  const valueLetters = VALUE_OPTS[program] ?? '';
  const out: PathArg[] = [];
  const operands: string[] = [];
  let optionsDone = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (optionsDone || !a.startsWith('-') || a === '-') {
      operands.push(a);
      // ssh reads options once more right after the destination (`ssh host -i key cmd`); then the
      // remote command starts. scp and sftp: a later `-i` is taken as a file to copy (the strict
      // reading: a key after an operand may be sent, so it is judged as a file).
      optionsDone = program !== 'ssh' || operands.length > 1;
      continue;
    }
    if (a === '--') {
      optionsDone = true;
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const letter = a[k]!;
      if (!valueLetters.includes(letter)) continue;
      const attached = a.slice(k + 1);
      const value = attached !== '' ? attached : (args[++i] ?? '');
      if (letter === 'o') {
        const file = optionFile(value);
        if (file) out.push({ raw: file, access: 'credential' });
      } else if (credentialOption(program, letter)) out.push({ raw: value, access: 'credential' });
      else if (letter === 'E') out.push({ raw: value, access: 'write' });
      break;
    }
  }
  if (program === 'scp') {
    const dest = operands.length >= 2 ? operands[operands.length - 1] : undefined;
    const sources = dest === undefined ? operands : operands.slice(0, -1);
    for (const s of sources) if (isLocalOperand(s)) out.push({ raw: s, access: 'read' });
    if (dest !== undefined && isLocalOperand(dest)) out.push({ raw: dest, access: 'write' });
    return out;
  }
  // ssh/sftp: the destination is a host; anything after it that looks like a path is mentioned.
  for (const w of operands.slice(1))
    if (w.includes('/') || w.startsWith('.') || w.startsWith('~')) out.push({ raw: w, access: 'mention' });
  return out;
}
