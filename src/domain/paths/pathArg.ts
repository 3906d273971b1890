// One path argument of a command and how the command uses it: the policy names them, judgePaths
// and selfProtection judge them (its own file, so neither of those imports the other for it).
/**
 * `credential`: the program uses the file to authenticate (`ssh -i KEY`) without printing or
 * sending it; a key there asks instead of blocking. Any other secret still blocks.
 */
export type PathAccess = 'read' | 'write' | 'delete' | 'execute' | 'mention' | 'credential';

export interface PathArg {
  raw: string;
  access: PathAccess;
  /**
   * The access covers everything below the path (`rm -r`, `cp -r`, `grep -r`, `tar c`), so a
   * parent of a protected location counts as touching it.
   */
  recursive?: boolean;
  /**
   * Named by a tool (or option) the review does not model: it may write the file. Judged as a
   * write where a write would be fatal (shimctl's own install, see selfProtection.ts).
   */
  unmodelled?: boolean;
  /**
   * The write only takes permissions away (`chmod 600 KEY`, `chmod go-rwx ~/.ssh`): a secret may
   * be tightened. shimctl's own files and code-running config are still refused.
   */
  narrowsMode?: boolean;
  /**
   * For `credential` access: the protected-path rules the program logs in with (`curl -n`:
   * `paths:netrc`). Absent: ssh's keys (`paths:ssh`, `paths:private-key`).
   */
  credentialRules?: readonly string[];
  /**
   * A file the program reads by default only when it is there (wget's `~/.netrc`): judged only
   * when the `entryExists` fact says something is at the path. Without the fact it is not judged
   * (as gitForeignRepo.ts does); the host adapter always supplies it.
   */
  ifExists?: boolean;
  /**
   * git resolves it from the top of the work tree, not the cwd (`git show HEAD:secrets/x` from
   * `src/` is the root's `secrets/x`; attack pass 20, F3): the git review anchors it there.
   */
  repoRelative?: boolean;
}
