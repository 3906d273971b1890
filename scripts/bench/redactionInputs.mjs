// Adversarial inputs for the redaction patterns (issue 17): long runs of each pattern's prefix
// and of near-misses that make a backtracking pattern retry (a prefix then the wrong character,
// `docker login ` × N, `-p` × N, `Bearer ` × N, `=` × N, alternating classes). Shared by
// scripts/benchRedaction.mjs (CPU budget at 256 KiB) and the vitest scaling test.

/** The literal starts of every pattern in src/domain/audit (shapes and context rules). */
export const PREFIXES = [
  // shapes
  '-----BEGIN ',
  '-----BEGIN PRIVATE KEY-----',
  '-----END ',
  'eyJ',
  'eyJ-',
  'eyJaaaaaaaaa.',
  'sk-ant-',
  'sk-',
  'sk-proj-',
  'AIza',
  'AKIA',
  'ghp_',
  'github_pat_',
  'glpat-',
  'https://hooks.slack.com/services/',
  'xoxb-',
  'sk_live_',
  'whsec_',
  'npm_',
  'hf_',
  'pypi-AgE',
  'dckr_pat_',
  'doo_v1_',
  'SG.',
  'SG.aaaaaaaaaaaaaaaa.',
  'shpat_',
  'gsk_',
  'xai-',
  'r8_',
  'dapi',
  // context rules
  'authorization:',
  'authorization: ',
  'authorization: bearer',
  'Proxy-Authorization=',
  'x-api-key:',
  'cookie: ',
  'bearer ',
  'Bearer\\ ',
  'a://',
  'a://x:',
  'git+ssh://u:',
  '?token=',
  '&key=',
  '"password":"',
  '"token": "',
  '--password=',
  '--password ',
  '--token ',
  '--pass',
  'TOKEN',
  'TOKEN=',
  'x.TOKEN',
  'a-TOKEN',
  'A_KEY',
  'KEY=',
  'PWD=',
  'x.y-z.',
  '$TOKEN=',
  'mysql ',
  'mysql -p',
  'mariadb-',
  'sshpass',
  'sshpass -f',
  'sshpass -e',
  ' -f',
  ' -P ',
  'docker login ',
  'docker ',
  'helm registry login',
  ' login',
  ' -p',
  '-p',
  '-p ',
  'openssl ',
  'openssl enc -k',
  ' -pass ',
  'curl ',
  'curl -',
  'curl -u',
  ' -u',
  ' -a',
  '-aaaa',
  'http -a ',
  ' --user=',
  'wget --proxy-user ',
  'aws ',
  'aws aB3/',
  // attack pass 12: tool password words, JSON keys (plain and shell-escaped), quoted assignments
  'zip -P ',
  'htpasswd -b ',
  '"refresh_token":',
  '\\"token\\":\\"',
  'echo "password=',
  // characters the value readers treat specially
  '=',
  ':',
  '@',
  '\\',
  "'",
  '"',
  '\\ ',
  ' ',
  '\n',
  "gh'p_",
  '"gh"p_',
  'gh\\p_',
];

/** What follows each repeated prefix: nothing, a blank, a near-miss character or class. */
const JOINERS = ['', ' ', 'a', '-', '=', ':', '\n', "'", '"', '\\'];

/** Whole-input generators beyond prefix × N. */
const SPECIALS = {
  'the 39 KB docker login echo (issue 17)': (n) => `echo ${'docker login '.repeat(Math.ceil(n / 13))}`.slice(0, n),
  'docker login then " -p -" × N': (n) => `docker login ${' -p -'.repeat(n / 5)}`,
  'sshpass then " -f" × N': (n) => `sshpass${' -f'.repeat(n / 3)}`,
  'sshpass then " -f -p" × N': (n) => `sshpass${' -f -p'.repeat(n / 6)}`,
  'sshpass -f × N with a quote in each': (n) => `sshpass${" -f x'".repeat(n / 6)}`,
  'authorization: then blanks then a quote': (n) => `authorization:${' '.repeat(n)}'`,
  'authorization: then "\\ " × N': (n) => `authorization:${' \\ '.repeat(n / 3)}'`,
  'curl - then a × N': (n) => `curl -${'a'.repeat(n)}`,
  'http - then a × N then a colon': (n) => `http -${'a'.repeat(n)}x:`,
  'curl - then u × N then a quote': (n) => `curl -${'u'.repeat(n)}'`,
  'a.b.c… = then a blank': (n) => `${'a.'.repeat(n / 2)}TOKEN= `,
  'TOKEN × N then =': (n) => `${'TOKEN'.repeat(n / 5)}=`,
  'alternating classes a1_-./+=': (n) => 'a1_-./+='.repeat(n / 8),
  'eyJ then a × N': (n) => `eyJ${'a'.repeat(n)}`,
  'quoted ghp_ tokens': (n) => `'g'hp_${'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'} `.repeat(n / 44),
  'mysql lines': (n) => 'mysql -p\n'.repeat(n / 9),
  'docker login lines': (n) => 'docker login\n'.repeat(n / 13),
  'an unclosed double quote ending in a backslash': (n) => `docker login -p "${'-p '.repeat(n / 3)}\\`,
};

/** [name, make(n)] for every input; `make` returns about n characters. */
export function adversarialInputs() {
  const out = [];
  for (const prefix of PREFIXES) {
    for (const joiner of JOINERS) {
      const unit = prefix + joiner;
      out.push([
        `${JSON.stringify(prefix)}+${JSON.stringify(joiner)} × N`,
        (n) => unit.repeat(Math.max(1, Math.floor(n / unit.length))),
      ]);
    }
    out.push([`${JSON.stringify(prefix)} then a × N`, (n) => prefix + 'a'.repeat(n)]);
  }
  for (const [name, make] of Object.entries(SPECIALS)) out.push([name, make]);
  return out;
}

/** CPU milliseconds (user + system) of `fn()`, the least of `runs`: robust to a busy machine. */
export function cpuMs(fn, runs = 1) {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

/** A smaller set for the vitest scaling test: every special, every prefix repeated bare and with a blank. */
export function scalingInputs() {
  return adversarialInputs().filter(
    ([name]) =>
      !name.includes(' × N') || name.endsWith('+"" × N') || name.endsWith('+" " × N') || !name.startsWith('"'),
  );
}
