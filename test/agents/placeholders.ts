/** Replaces the throwaway paths of one run by the placeholders the shared fixtures use. */
export function placeholders(
  text: string,
  p: { home: string; workspace: string; shimDir: string; install: string; nodeBin?: string | undefined },
): string {
  // The Node an agent declares lives inside its install dir: replace it before the install dir.
  const withNode = p.nodeBin ? text.split(p.nodeBin).join('$NODE22_BIN') : text;
  return withNode
    .split(p.install)
    .join('$AGENT_INSTALL')
    .split(p.shimDir)
    .join('$SHIMDIR')
    .split(p.workspace)
    .join('$WORKSPACE')
    .split(p.home)
    .join('$HOME');
}
