// Reads README.md and cuts it into the pieces the README tests check: marked blocks, code (inline
// spans and fenced blocks, where commands are written), links and headings.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const README_PATH = join(ROOT, 'README.md');

export function readReadme(): string {
  return readFileSync(README_PATH, 'utf8');
}

/** The reference the README links to: the long forms (reason codes, record schema, ...) live here. */
export const REFERENCE_PATH = join(ROOT, 'docs', 'reference.md');

export function readReference(): string {
  return readFileSync(REFERENCE_PATH, 'utf8');
}

/** What a reader of the README can follow: the README and its reference page. */
export function readReadmeAndReference(): string {
  return `${readReadme()}\n${readReference()}`;
}

/** The text between `<!-- NAME:begin -->` and `<!-- NAME:end -->`; throws when the markers are missing. */
export function markedBlock(text: string, name: string): string {
  const begin = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`no ${begin} … ${end} block`);
  if (text.indexOf(begin, from + 1) >= 0) throw new Error(`two ${begin} markers`);
  return text
    .slice(from + begin.length, to)
    .replace(/^\n/, '')
    .replace(/\n$/, '');
}

/** Splits a Markdown table row into cells, honouring `\|` inside a cell. */
export function tableCells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
}

/** Every line of code in the README: each line of a fenced block, and each inline code span. */
export function codeLines(text: string): string[] {
  const lines: string[] = [];
  let prose = '';
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) lines.push(line);
    else prose += `${line}\n`;
  }
  if (fenced) throw new Error('README.md has an unclosed ``` fence');
  // Inline spans may wrap onto the next line in prose; join wrapped text before matching.
  for (const m of prose.replace(/\n(?!\n)/g, ' ').matchAll(/`([^`]+)`/g)) lines.push(m[1]!);
  return lines;
}

/** Headings of a Markdown file as GitHub anchors (lower case, punctuation dropped, spaces to `-`, duplicates numbered). */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      continue;
    }
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Relative links `[text](target)` outside code, as written (absolute http(s) links are left out). */
export function relativeLinks(text: string): string[] {
  const withoutCode = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/i.test(t));
}

/** The text under a `## heading` up to the next `## ` heading; throws when there is none. */
export function section(text: string, heading: string): string {
  const lines = text.split('\n');
  const from = lines.indexOf(`## ${heading}`);
  if (from < 0) throw new Error(`README.md has no "## ${heading}" section`);
  const rest = lines.slice(from + 1);
  const to = rest.findIndex((l) => l.startsWith('## '));
  return rest.slice(0, to < 0 ? undefined : to).join('\n');
}
