/**
 * What a patch `git apply` or `git am` applies does to the work tree, read from its text (pure;
 * the file is read by the host facts port, HostFacts.patchFile). A git diff can create a
 * symbolic link pointing anywhere (`new file mode 120000`, the target as the file's content),
 * which `ln -s TARGET NAME` would be refused for; it can rename, copy and delete files. Only the
 * headers git's own parser acts on are read (gitformat-diff(5), git-apply(1)); anything this
 * reader cannot place is reported in `hidden`, and the review asks.
 */

export interface PatchLink {
  /** The link's name as the patch spells it, after `-p` stripping and `--directory`. */
  path: string;
  /** The link's target (its content); undefined when the patch does not show it (a binary hunk, a mode change alone). */
  target: string | undefined;
}

export interface PatchEffects {
  /** Paths written or created (`+++ b/x`, `rename to`, `copy to`). */
  writes: string[];
  /** Paths removed (`deleted file mode`, `rename from`). */
  deletes: string[];
  /**
   * Paths whose contents the patch carries to another name (`copy from`, `rename from`): the
   * copy is readable where the source is not (attack pass 25, F2: `copy from .env`).
   */
  reads: string[];
  links: PatchLink[];
  /** Why the patch cannot be judged in full (encoded mail parts, a malformed hunk, quoted names); undefined when it can. */
  hidden?: string;
}

/** git reads a mode line as octal and keeps only its type (canon_mode): 120644, 0120000 are links too (attack pass 15). */
const isLinkMode = (mode: string): boolean => (Number.parseInt(mode, 8) & 0o170000) === 0o120000;

/** git's C-quoted name (`"a/x\tb"`): undefined when it uses an escape this reader does not decode. */
function unquote(name: string): string | undefined {
  if (!name.startsWith('"')) return name;
  if (!name.endsWith('"') || name.length < 2) return undefined;
  const inner = name.slice(1, -1);
  if (/\\[^\\"tn]/.test(inner)) return undefined;
  return inner.replace(/\\(["\\tn])/g, (_, c: string) => (c === 't' ? '\t' : c === 'n' ? '\n' : c));
}

/** Strips `n` leading components (`-p N`); undefined when there are fewer (git skips such a name, or errors). */
function strip(name: string, n: number): string | undefined {
  let rest = name;
  for (let i = 0; i < n; i++) {
    const slash = rest.indexOf('/');
    if (slash < 0) return undefined;
    rest = rest.slice(slash + 1).replace(/^\/+/, '');
  }
  return rest;
}

interface Section {
  names: Set<string>;
  link: boolean;
  deleted: boolean;
  target: string[];
  sawHunk: boolean;
  binary: boolean;
}

/**
 * `strip`: `-p N` (default 1); `directory`: `--directory ROOT`. The `diff --git` line's names and
 * `---`/`+++` names lose `strip` components; `rename`/`copy` names carry no `a/` prefix and lose
 * one fewer (git's apply.c).
 */
export function patchEffects(text: string, stripCount = 1, directory?: string): PatchEffects {
  const out: PatchEffects = { writes: [], deletes: [], reads: [], links: [] };
  const root = directory ? `${directory.replace(/\/+$/, '')}/` : '';
  const place = (raw: string, n: number): string | undefined => {
    const name = unquote(raw.replace(/\t.*$/, '').trimEnd());
    if (name === undefined) {
      out.hidden ??= `a quoted file name this review cannot decode (${raw.slice(0, 60)})`;
      return undefined;
    }
    if (name === '/dev/null') return undefined;
    const s = strip(name, n);
    return s === undefined || s === '' ? undefined : `${root}${s}`;
  };
  if (/^content-transfer-encoding:\s*(?:base64|quoted-printable)/im.test(text))
    out.hidden = 'a mail part is base64 or quoted-printable encoded: the patch inside is not readable as text';

  let section: Section | undefined;
  const finish = (): void => {
    if (!section) return;
    for (const n of section.names) if (!section.deleted) out.writes.push(n);
    if (section.link && !section.deleted) {
      const target = section.binary || !section.sawHunk ? undefined : section.target.join('\n');
      for (const n of section.names) out.links.push({ path: n, target });
    }
    section = undefined;
  };
  const open = (): Section => {
    section ??= { names: new Set(), link: false, deleted: false, target: [], sawHunk: false, binary: false };
    return section;
  };

  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('diff --git ')) {
      finish();
      const s = open();
      // `diff --git a/x b/x`: the names are split where the second `b/` side starts; when the
      // names hold spaces the split is ambiguous, and the `+++`/rename lines name them anyway.
      const m = /^diff --git (\S+) (\S+)$/.exec(line);
      if (m) {
        const name = place(m[2]!, stripCount);
        if (name) s.names.add(name);
      }
      continue;
    }
    if (line.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ')) {
      // A `---`/`+++` pair without `diff --git` starts a traditional diff's file.
      if (!section || section.sawHunk) {
        finish();
        open();
      }
      const old = place(line.slice(4), stripCount);
      const neu = place(lines[i + 1]!.slice(4), stripCount);
      if (neu) section!.names.add(neu);
      else if (old) {
        section!.deleted = true;
        out.deletes.push(old);
      }
      i++;
      continue;
    }
    const header = /^(new file mode|new mode|old mode|deleted file mode|index \S+) ?([0-7]+)?$/.exec(line);
    if (header && section) {
      if (header[1] === 'deleted file mode') section.deleted = true;
      else if (header[2] !== undefined && isLinkMode(header[2]) && header[1] !== 'old mode') section.link = true;
      continue;
    }
    const moved = /^(rename|copy) (from|to) (.+)$/.exec(line);
    if (moved && section) {
      const name = place(moved[3]!, Math.max(0, stripCount - 1));
      if (name && moved[2] === 'to') section.names.add(name);
      if (name && moved[2] === 'from' && moved[1] === 'rename') out.deletes.push(name);
      if (name && moved[2] === 'from') out.reads.push(name);
      continue;
    }
    if (line.startsWith('GIT binary patch') && section) {
      section.binary = true;
      continue;
    }
    const hunk = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/.exec(line);
    if (hunk && section) {
      section.sawHunk = true;
      let old = hunk[1] === undefined ? 1 : Number(hunk[1]);
      let neu = hunk[2] === undefined ? 1 : Number(hunk[2]);
      while ((old > 0 || neu > 0) && i + 1 < lines.length) {
        const l = lines[++i]!;
        if (l.startsWith('\\')) continue;
        const c = l[0] ?? ' ';
        if (c === '+') {
          neu--;
          if (section.link) section.target.push(l.slice(1));
        } else if (c === '-') old--;
        else if (c === ' ' || l === '') {
          old--;
          neu--;
        } else {
          i--;
          break;
        }
      }
      if (old !== 0 || neu !== 0) out.hidden ??= 'a hunk whose line counts do not match its header';
    }
  }
  finish();
  return out;
}
