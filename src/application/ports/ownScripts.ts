/**
 * shimctl's own script files that an agent runs as `sh FILE` (Cline 3 runs its global PreToolUse
 * hook that way). A script file is otherwise refused: the review cannot see its commands.
 */
export interface OwnScripts {
  /**
   * True only for a file shimctl installed, verified now: its recorded path, a regular file (no
   * symlink), owned by this user, writable by nobody else (nor its directory), and its content
   * hash the one the install recorded. Never throws: anything odd is false (the script is refused).
   */
  isOwnScript(absPath: string): boolean;
}
