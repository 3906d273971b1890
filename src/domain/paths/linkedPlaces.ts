// Protected places that are symbolic links. Dotfiles managers (GNU stow, home-manager, chezmoi's
// link mode) make `~/.bashrc` a link to `~/dotfiles/bashrc` and `~/.ssh/environment` one to
// `~/dotfiles/ssh_environment`: writing the target is writing the start-up file, and reading it
// reads the secret, whatever the target is called (attack pass 16, P16-09b). The path judge
// judges a path inside such a target as the place's own path too (judgePaths.ts).
import type { EntryKind, HostFacts } from '../reviewRequest.js';
import { isUnderProcOrDev, placePhysically } from './posixPath.js';

/** A protected place under HOME that is a symbolic link, and where it leads. */
export interface LinkedPlace {
  place: string;
  target: string;
}

/** The protected places under HOME as a tree of names: built once per protected-path table. */
export interface PlaceTree {
  home: string;
  root: Trie;
}

interface Trie {
  children: Map<string, Trie>;
  /** A protected place ends here (a file, or a directory whose contents are protected). */
  place: boolean;
}

/** The places under `home` as a tree of names (once per protected-path table, not per review). */
export function placeTree(places: Iterable<string>, home: string): PlaceTree {
  const root: Trie = { children: new Map(), place: false };
  for (const p of places) {
    if (!p.startsWith(`${home}/`)) continue;
    let node = root;
    for (const seg of p.slice(home.length + 1).split('/')) {
      if (seg === '') continue;
      let next = node.children.get(seg);
      if (!next) node.children.set(seg, (next = { children: new Map(), place: false }));
      node = next;
    }
    node.place = true;
  }
  return { home, root };
}

/**
 * The links among and directly inside the protected places under `home` (the literal parts of
 * the protected patterns: `~/.bashrc`, `~/.ssh` for `~/.ssh/**`). The places are walked as a tree
 * from HOME by directory listings, one per directory that exists on the way (HOME, `~/.config`,
 * `~/.ssh`, …), instead of a path walk per place (119 places: ~440 µs of lstat per review against
 * a handful of readdir calls). A link found on the way is followed through the review's realpath.
 * Found: a place that is a link, a directory on the way to places that is a link (`~/.config ->
 * dotfiles/config`), and a link directly inside a protected directory (`~/.ssh/environment`).
 * Not found: links deeper inside a protected directory (`~/.gnupg/a/b -> …`).
 *
 * `realHome` is where a linked HOME leads (else HOME): a place's spelling there is judged already.
 */
export function findLinkedPlaces(tree: PlaceTree, realHome: string, facts: HostFacts): LinkedPlace[] {
  const list = facts.entryKinds;
  if (!list || tree.root.children.size === 0) return [];
  const { home } = tree;
  const out: LinkedPlace[] = [];
  const fold = facts.caseInsensitivePaths === true;
  const follow = (place: string): void => {
    const placed = placePhysically(place, facts.realpath, facts.entryExists ? (x) => facts.entryExists!(x) : undefined);
    if (placed.unplaceable || isUnderProcOrDev(placed.path)) return;
    const target = fold ? placed.path.toLowerCase() : placed.path;
    if (target === place || target === realHome + place.slice(home.length)) return;
    out.push({ place, target });
  };
  // Where names are compared without case the places are lower-cased, the listing is not.
  const listed = (dir: string): ReadonlyMap<string, EntryKind> | undefined => {
    const kinds = list(dir);
    return kinds && fold ? new Map([...kinds].map(([n, k]) => [n.toLowerCase(), k])) : kinds;
  };
  const visit = (dir: string, node: Trie): void => {
    const kinds = listed(dir);
    if (!kinds) return;
    for (const [name, child] of node.children) {
      const path = `${dir}/${name}`;
      const kind = kinds.get(name);
      if (kind === 'link') follow(path);
      else if (kind === 'dir') {
        if (child.children.size > 0) visit(path, child);
        if (child.place) for (const [inner, k] of listed(path) ?? []) if (k === 'link') follow(`${path}/${inner}`);
      }
    }
  };
  visit(home, tree.root);
  return out;
}
