/** The marked block shimctl adds to shell start-up files, and exact text edits on it. */
export const BLOCK_BEGIN = '# >>> shimctl >>>';
export const BLOCK_END = '# <<< shimctl <<<';

/** POSIX single quoting, safe for any path. */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Launchers first on PATH; inside an agent session (a login shell that /etc/profile just reset)
 * the shim directory goes back in front too, so nested shells still reach the shims.
 */
export function posixBlock(launcherDir: string, shimDir: string): string {
  return [
    BLOCK_BEGIN,
    '# Added by `shimctl install`; `shimctl uninstall` removes this block.',
    `case ":$PATH:" in *:${shQuote(launcherDir)}:*) ;; *) PATH=${shQuote(launcherDir)}:"$PATH"; export PATH ;; esac`,
    `if [ -n "\${SHIMCTL_SESSION-}" ]; then case ":$PATH:" in *:${shQuote(shimDir)}:*) ;; *) PATH=${shQuote(shimDir)}:"$PATH"; export PATH ;; esac; fi`,
    BLOCK_END,
    '',
  ].join('\n');
}

export function fishFile(launcherDir: string): string {
  return `${BLOCK_BEGIN}\n# Added by \`shimctl install\`; \`shimctl uninstall\` removes this file.\nfish_add_path --global --prepend ${shQuote(launcherDir)}\n${BLOCK_END}\n`;
}

/**
 * The exact bytes to append so the block starts on its own line. They are recorded in the
 * manifest, so uninstall can remove precisely them and nothing else.
 */
export function insertion(current: string, block: string): string {
  if (current === '' || current.endsWith('\n')) return block;
  return `\n${block}`;
}

export function hasBlock(text: string): boolean {
  return text.includes(BLOCK_BEGIN);
}

/**
 * Removes what install added. Prefers the exact recorded insertion (byte-identical result); falls
 * back to the marked lines if the user reflowed the block. Returns undefined when nothing matched.
 */
export function removeBlock(text: string, inserted: string): string | undefined {
  const at = text.lastIndexOf(inserted);
  if (at >= 0) return text.slice(0, at) + text.slice(at + inserted.length);
  const begin = text.indexOf(BLOCK_BEGIN);
  const endMark = text.indexOf(BLOCK_END, begin);
  if (begin < 0 || endMark < 0) return undefined;
  let end = endMark + BLOCK_END.length;
  if (text[end] === '\r') end += 1;
  if (text[end] === '\n') end += 1;
  return text.slice(0, begin) + text.slice(end);
}
