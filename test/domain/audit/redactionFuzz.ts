// Random shell-like text built from the pieces every redaction rule reacts to: tool names,
// option clusters, secret-looking names and values, quotes, backslashes, blanks and newlines.
// Seeded, so a failure names an input that can be rebuilt.

const PIECES = [
  'docker', 'podman', 'helm', 'login', 'mysql', 'mariadb-dump', 'mysqldump', 'openssl', 'enc', 'sshpass', 'ssh', 'curl', 'wget',
  'http', 'xh', 'aws', 'git', 'echo', 'export', 'env', 'sudo',
  '-p', '-pX9v', '-p-', '-k', '-pass', '-passin', '-f', '-d', '-P', '-e', '-v', '-u', '-U', '-a', '-au', '-ua', '-sua', '-aaa',
  '-uab', '--user', '--user=', '--proxy-user', '--auth', '--auth=', '--proxy-auth', '-A', 'bearer', '--password', '--password=',
  '--token', '--token=', '--pass', '--api-key=', '--http-password=', '--', '-', '--env',
  'TOKEN', 'GH_TOKEN=', 'API_KEY=', 'A_KEY=', 'KEY=', 'PASS=', 'AUTH=', '_AUTH=', 'x.TOKEN=', 'a-b.SECRET_X=', 'TOKEN.x=',
  'PWD=', 'OLDPWD=', 'pwd=', 'my_pass=', 'db.password=', '$TOKEN=', 'FOO=', 'x=', '=', '==',
  'Authorization:', 'authorization=', 'Proxy-Authorization:', 'Bearer', 'Basic', 'token', 'x-api-key:', 'Cookie:',
  'https://u:pw@h.invalid/p', 'ftp://a:b@c', 'u:pw', 'alice:', ':s3cr3tPw', 'user:pa ss', '?token=abc', '&key=v', '"password": "pw"',
  'hunter2', 'Zq8vN3pLw7Rt2Yx6Hk4m', 'AKIAZ7QW3ER5TY7UI9OP', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8vN3pLw7', 'ghp_', 'gh', 'p_',
  'ghp_4fR8tY2uI6oP0aS3dF7gH1jK5lZ9xC2vB6nM', 'eyJ', 'eyJhbGciOiJIUzI1', '.', 'eyJ-', 'sk-ant-', 'sk-', 'xoxb-', 'npm_',
  '-----BEGIN', 'PRIVATE KEY-----', '-----END', 'RSA',
  "'", '"', '\\', '\\ ', "''", '""', '[REDACTED:x]', ':', '@', '/', '//', ';', '&&', '|', '(', ')', '`', '$(', '#', ',',
  ' ', ' ', ' ', ' ', '  ', '\t', '\n', '\n', '\r', '\u00a0',
];

import { seededRandom as prng } from '../../support/seededRandom.js';

export { prng };

/** One random text of up to `maxPieces` pieces, glued or blank-separated at random. */
export function fuzzText(rand: () => number, maxPieces = 24): string {
  const n = 1 + Math.floor(rand() * maxPieces);
  let s = '';
  for (let i = 0; i < n; i++) {
    s += PIECES[Math.floor(rand() * PIECES.length)]!;
    if (rand() < 0.55) s += ' ';
  }
  return s;
}

const TOOLS = ['docker login', 'docker', 'helm registry login', 'mysql', 'mariadb', 'mysqldump', 'openssl enc', 'openssl', 'sshpass', 'curl', 'wget', 'http', 'xh', 'sudo curl'];
const OPTION_PIECES = [
  '-p', '-pS3cr3tpw', "-p'pw x'", '-p"pw"', '-p-', '-k', '-pass', '-passin', 'pass:pw', '-f', '-fFILE', '-d', '-d3', '-P', '-Pprompt', '-e', '-v',
  '-u', '-uuser:pw', '-U', '-a', '-au', '-ua', '-aua', '-sua', '-aaab', '--user', '--user=a:b', '--auth=x', '-A', 'bearer', 'login',
  'user:pw', 'alice:', ':pw', 'tok3nValue', "'a:b'", '"a:b"', '"a\\"b:c"', 'https://h.invalid', 'x://y', '-', '--', '$PW', "'", '"', '\\',
  '\\ ', ' ', ' ', ' ', '   ', '\n', '\t', 'ssh', 'host', '[REDACTED:x]', '-p ', '-p\n',
];

/** A tool, then options and values: the shapes the position-dependent rules read. */
export function fuzzCommand(rand: () => number, maxPieces = 14): string {
  let s = TOOLS[Math.floor(rand() * TOOLS.length)]!;
  const n = Math.floor(rand() * maxPieces);
  for (let i = 0; i < n; i++) s += (rand() < 0.8 ? ' ' : '') + OPTION_PIECES[Math.floor(rand() * OPTION_PIECES.length)]!;
  return s;
}

const SSHPASS_PIECES = ['-f', '-d', '-P', '-p', '-e', '-v', '-fF', '-pX', '-p-', 'pw', "'a b'", '"c d"', '-', 'ssh', '\\', "'", '"'];

/** `sshpass` and a short run of its options: where an option takes the next word or not. */
export function fuzzSshpass(rand: () => number): string {
  let s = 'sshpass';
  const n = 1 + Math.floor(rand() * 8);
  for (let i = 0; i < n; i++) s += (rand() < 0.9 ? ' ' : rand() < 0.5 ? '' : '\n') + SSHPASS_PIECES[Math.floor(rand() * SSHPASS_PIECES.length)]!;
  return s;
}
