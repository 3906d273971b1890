/**
 * Envelope shapes are written as the agent's exact text with `{{name}}` holes for the parts
 * that change from run to run. Each hole has a tight character class: nothing in a hole can be
 * shell syntax, so only the model's command (the `cmd` hole) carries anything the model chose.
 */
export interface Hole {
  /** Regular-expression source for the hole; must not contain capturing groups. */
  source: string;
  /** Later holes of the same name must repeat the first one's text exactly. */
  same?: boolean;
}

/** A path segment: no quotes, spaces, `$`, backslashes or other shell syntax. */
const SEGMENT = '[A-Za-z0-9._@+-]+';
export const ABS_PATH = `(?:/${SEGMENT})+`;

export function isCleanAbsPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path
      .split('/')
      .slice(1)
      .some((s) => s === '.' || s === '..' || s === '')
  );
}

const escapeLiteral = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Compiles a template to an anchored regular expression with one named group per hole. */
export function compileTemplate(template: string, holes: Record<string, Hole>): RegExp {
  const seen = new Set<string>();
  let source = '';
  let last = 0;
  for (const m of template.matchAll(/\{\{([a-zA-Z]+)\}\}/g)) {
    source += escapeLiteral(template.slice(last, m.index));
    const name = m[1]!;
    const hole = holes[name];
    if (!hole) throw new Error(`template hole without a definition: ${name}`);
    if (seen.has(name)) {
      source += hole.same ? `\\k<${name}>` : `(?:${hole.source})`;
    } else {
      source += `(?<${name}>${hole.source})`;
      seen.add(name);
    }
    last = m.index + m[0].length;
  }
  source += escapeLiteral(template.slice(last));
  return new RegExp(`^${source}$`);
}
