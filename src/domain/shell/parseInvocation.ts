// OWNER: shell helper. Placeholder so the contract type-checks; replaced by the real parser.
/** How a `bash`/`sh` shim was invoked. */
export type ShellInvocation =
  | { kind: 'command'; script: string; login: boolean; interactive: boolean; argv0?: string; positional: string[]; flags: string[] }
  | { kind: 'script'; file: string; args: string[]; flags: string[] }
  | { kind: 'interactive'; flags: string[] }
  | { kind: 'unsupported'; reason: string };

export function parseShellInvocation(_args: string[]): ShellInvocation {
  return { kind: 'unsupported', reason: 'invocation parser not built yet' };
}
