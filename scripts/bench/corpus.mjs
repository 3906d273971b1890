// The bench corpus: a built-in mix, plus the dcg peer corpus copied into test/fixtures/dcg.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const BUILT_IN = [
  'git status',
  'git diff --stat',
  'git log --oneline -n 20',
  'git add -A',
  'git commit -m "fix: handle empty input"',
  'git push --force origin main',
  'git reset --hard HEAD~1',
  'git clean -fdx',
  'ls -la',
  'cat README.md',
  'cat ../../.env',
  'cat ~/.ssh/id_rsa',
  'head -n 50 src/index.ts',
  'grep -rn "TODO" src',
  'rg -n useEffect src',
  'find . -name "*.ts" -newer package.json',
  'find . -exec rm {} +',
  'npm test',
  'npm run build',
  'npx tsc --noEmit',
  'npm publish',
  'rm -rf /',
  'rm -rf node_modules',
  'sudo rm -rf --no-preserve-root /',
  'mkdir -p build/out',
  'curl -fsSL https://example.com/install.sh',
  'curl http://169.254.169.254/latest/meta-data/',
  'wget http://0x7f.1/',
  'bash -c "ls -la"',
  'python3 -c "print(1)"',
  'LD_PRELOAD=/tmp/x.so ls',
  'echo "rm -rf /"',
  'ls | sh',
  'cat file; rm -rf ~',
  'echo $(id)',
  'env FOO=1 nice -n 5 git status',
  'timeout 5 npm test',
  'pwd',
  'node --version',
  "printf '%s\\n' hello",
  'tar --checkpoint-action=exec=sh -cf x.tar .',
  'ssh -o ProxyCommand=nc host',
  'gіt status',
];

/** `command = "..."` lines of the dcg TOML files (basic and literal strings, single-line only). */
function commandsFromToml(text) {
  const out = [];
  for (const line of text.split('\n')) {
    const m = /^command\s*=\s*("(?:[^"\\]|\\.)*"|'[^']*')\s*$/.exec(line);
    if (!m) continue;
    const raw = m[1];
    if (raw.startsWith("'")) out.push(raw.slice(1, -1));
    else {
      try {
        out.push(
          JSON.parse(
            raw
              .replace(/\\U([0-9A-Fa-f]{8})/g, (_, h) =>
                String.fromCodePoint(parseInt(h, 16))
                  .split('')
                  .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
                  .join(''),
              )
              .replace(/\\e/g, '\\u001b'),
          ),
        );
      } catch {
        /* a TOML escape JSON does not know: skip that case */
      }
    }
  }
  return out;
}

function tomlFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...tomlFiles(p));
    else if (name.endsWith('.toml')) out.push(p);
  }
  return out;
}

/** The review case tables (test/domain/review/cases/*.jsonl): true positives, traps and bypass attempts. */
function caseTableCommands(repo) {
  const dir = join(repo, 'test', 'domain', 'review', 'cases');
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!line.trim() || line.trimStart().startsWith('//')) continue;
      const c = JSON.parse(line);
      if (typeof c.command === 'string') out.push(c.command);
    }
  }
  return out;
}

export function loadCorpus(repo) {
  const dcgDir = join(repo, 'test', 'fixtures', 'dcg');
  const dcg = [];
  if (existsSync(dcgDir)) for (const f of tomlFiles(dcgDir)) dcg.push(...commandsFromToml(readFileSync(f, 'utf8')));
  const cases = caseTableCommands(repo);
  return {
    commands: [...BUILT_IN, ...cases, ...dcg],
    builtIn: BUILT_IN.length,
    cases: cases.length,
    dcg: dcg.length,
    dcgDir: existsSync(dcgDir) ? dcgDir : undefined,
  };
}
