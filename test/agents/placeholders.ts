/** Replaces the throwaway paths of one run by the placeholders the shared fixtures use. */
export function placeholders(text: string, p: { home: string; workspace: string; shimDir: string; install: string }): string {
  return text.split(p.install).join('$AGENT_INSTALL').split(p.shimDir).join('$SHIMDIR')
    .split(p.workspace).join('$WORKSPACE').split(p.home).join('$HOME');
}
