/**
 * Rule word patterns (docs/rules.md): `*` inside a word matches any run of characters (also
 * none), `\*` is a literal star; every other character is itself. Patterns are user data, so
 * they are compiled to anchored expressions with everything else escaped.
 */
const CACHE = new Map<string, RegExp | string>();

function compile(pattern: string): RegExp | string {
  if (!pattern.includes('*')) return pattern;
  let src = '';
  let literal = '';
  let wild = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && pattern[i + 1] === '*') {
      src += '\\*';
      literal += '*';
      i++;
      continue;
    }
    if (c === '*') {
      src += '[\\s\\S]*';
      wild = true;
      continue;
    }
    src += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    literal += c;
  }
  return wild ? new RegExp(`^${src}$`) : literal;
}

function compiled(pattern: string): RegExp | string {
  let c = CACHE.get(pattern);
  if (c === undefined) {
    c = compile(pattern);
    if (CACHE.size < 4096) CACHE.set(pattern, c);
  }
  return c;
}

export function wordMatches(pattern: string, word: string): boolean {
  const c = compiled(pattern);
  return typeof c === 'string' ? c === word : c.test(word);
}

/** A pattern with an unescaped `*`. */
export function isWildWord(pattern: string): boolean {
  return typeof compiled(pattern) !== 'string';
}

/**
 * `args` patterns against the remaining words: one pattern per word, except that a last pattern
 * that is exactly `*` matches any number of remaining words (none included).
 */
export function argsMatch(patterns: readonly string[], words: readonly string[]): boolean {
  const open = patterns.length > 0 && patterns[patterns.length - 1] === '*';
  const fixed = open ? patterns.length - 1 : patterns.length;
  if (open ? words.length < fixed : words.length !== fixed) return false;
  for (let i = 0; i < fixed; i++) if (!wordMatches(patterns[i]!, words[i]!)) return false;
  return true;
}
