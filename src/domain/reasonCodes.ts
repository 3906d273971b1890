/**
 * Every reason code shimctl can emit, with what it means. This is the one list: the README's
 * table is checked against it, and a code not listed here does not type-check.
 * Codes are stable: rename never, add freely.
 */
export const REASON_CODES = {
  // syntax: the command is not one simple command
  'syntax.empty': 'The command is empty or only white space.',
  'syntax.pipe': 'A pipe (`|` or `|&`) joins commands.',
  'syntax.separator': 'A `;` separates commands.',
  'syntax.background': 'A `&` runs a command in the background.',
  'syntax.and_list': 'A `&&` chains commands.',
  'syntax.or_list': 'A `||` chains commands.',
  'syntax.redirection': 'A redirection (`>`, `>>`, `<`, `>&`, `<>`, ...) reads or writes a file.',
  'syntax.heredoc': 'A here-document or here-string (`<<`, `<<<`) feeds input.',
  'syntax.subshell': 'Parentheses start a subshell or group.',
  'syntax.process_substitution': 'Process substitution (`<(...)`, `>(...)`) runs a command.',
  'syntax.substitution': 'Command substitution (`$(...)` or backticks) runs a command.',
  'syntax.expansion':
    'A `$` expansion the review does not do itself (not a plain `$NAME`/`${NAME}` of a known variable, or a value it cannot place safely) makes the text depend on state.',
  'syntax.glob':
    'An unquoted glob (`*`, `?`, `[`) the review cannot expand itself (strict syntax, a redirection target, an assignment, a character class, past its bounds).',
  'syntax.brace_expansion': 'An unquoted brace expansion (`{a,b}`, `{1..9}`) would expand.',
  'syntax.tilde_user': "A `~user` expansion names another user's home.",
  'syntax.tilde_ambiguous':
    'An unquoted `~` after `=` or `:` expands in bash but not in sh, so the words would depend on the shell.',
  'syntax.multiline': 'The command spans several lines.',
  'syntax.comment': 'An unquoted `#` starts a comment that hides text.',
  'syntax.compound':
    'A shell keyword (`if`, `for`, `while`, `case`, `function`, `[[`, `{`, `!`, ...) starts a compound command.',
  'syntax.unterminated_quote': 'A quote is not closed.',
  'syntax.control_character': 'A control character (other than tab) is in the command.',
  'syntax.locale':
    'The command has non-ASCII characters and a locale (LC_ALL, LC_CTYPE, LANG, or one the command sets) that is not UTF-8, C/POSIX or a single-byte charset: bash could split it differently than the review.',
  'syntax.too_long': 'The command is longer than the review core accepts.',
  'syntax.grammar_unavailable':
    'The shell grammar could not be loaded, so a command that is not one simple command cannot be reviewed.',
  'syntax.parse_error': 'The shell grammar did not parse the whole text cleanly (an error or a missing token).',
  'syntax.shell_state':
    'A builtin that changes the shell for the commands after it (`set`, `shopt -s`, `hash`, `trap`, `alias`, `exec`, `source`, ...) is one part of a compound command.',
  'syntax.links_changed':
    'A part that can create or move symlinks (`ln`, `mv`, `cp -r`, `tar`, `git checkout`, ...) comes before other parts: their paths cannot be resolved before it runs.',
  'syntax.repo_changed':
    'A part names a repository file (`HEAD`, `config`, `objects`, `refs`, `commondir`) before a git part: it may make a directory into a repository whose config the review never judged.',
  'syntax.index_changed':
    'A part that may stage files or move HEAD or refs (`git add -A`, `git stash -u`, `git checkout OLD`, `git commit`, `git fetch`) comes before a git part that prints file contents (`git diff --cached`, `git show`): what it prints from is known only after the first part ran.',
  'syntax.eval': '`eval` inside a compound command must have exactly one literal argument.',
  'syntax.cd': '`cd`/`pushd` with an option, `-` or several arguments leaves the directory of the later parts unknown.',
  'syntax.rewrite_unavailable':
    'The review expanded variables or globs itself, but the text that runs cannot carry that expansion here (inside an envelope it cannot rebuild, the BASH_ENV guard, a hook), so it does not run.',
  'syntax.too_many_parts':
    'The compound command has more parts, or more possible directories, than the review follows.',
  // commands
  'command.unknown': 'The command is not in the policy: deny by default means it needs approval.',
  'command.unknown_option':
    'The tool has an option model and an option is not in it: what the option does is unknown, so it needs approval.',
  'command.unmodelled':
    'The tool models its subcommands and this one has no model: what its options do is unknown, so it needs approval.',
  'command.option_effect':
    "An option or operand of a modelled tool does something no path or URL check can judge (reads a list of files, changes the clock, shows other processes' environments): it needs approval.",
  'command.not_found': 'The command does not resolve to a program.',
  'command.allowed': 'A rule allows this command.',
  'command.asked': 'A rule asks a human before this command runs.',
  'command.blocked': 'A rule blocks this command.',
  'command.path_mismatch': 'A binary named by path is not the file its name resolves to on PATH.',
  'command.lookalike': 'The command name has non-ASCII, zero-width or look-alike characters.',
  'command.wrapper': 'A wrapper runs another command; the inner command was judged.',
  'command.inline_code': 'An interpreter runs inline code given in the arguments.',
  'command.escape_hatch': 'An option makes the program run another program.',
  'command.privilege': 'The command escalates privileges.',
  'command.destructive': 'The command destroys data or history.',
  'command.unreviewed_writes': 'The command writes files whose names the review cannot see (archive members).',
  'command.publish': 'The command publishes a package or artifact.',
  'command.system': 'The command touches devices, the kernel or system paths.',
  'command.chained_text': 'Shell control text is hidden inside an argument or sub-command.',
  'command.argv_name_mismatch':
    'A program runs under another name (`exec -a`, `env -a`) and is not a multi-call program whose dispatch on that name is known.',
  'command.nesting_too_deep': 'Wrappers or inline shells are nested deeper than the review core follows.',
  // paths
  'path.protected': 'The command reads or names a protected secret or credential store.',
  'path.protected_write': 'The command writes into a protected secret or credential store.',
  'path.project_config_unreadable':
    'The command reaches a project whose shimctl file cannot be read or is invalid, so what that project protects is unknown.',
  'path.root_deletion': 'The command deletes `/`, the home directory, a configured root or its parent.',
  'path.system_write': 'The command writes into a system path.',
  'path.outside_workspace': 'The command writes outside the workspace.',
  'path.process_relative':
    'A path through `/dev/fd/N`, `/proc/self/cwd`, `/proc/PID/root` or their kin that the review cannot map to a file: its meaning depends on the program that opens it.',
  'path.unplaceable':
    'A path whose `..` follows a name that does not exist yet (or a link to one): where it leads depends on what that name becomes, by this command or one running beside it.',
  'path.self_protection':
    "The command changes shimctl's own install (shims, launchers, review bundle, config, state, audit, approvals, the agent hooks it wrote): that would switch the review off.",
  'path.credential_use':
    'A program uses a protected key or login store to log in (`ssh -i`, `curl -n`) without printing it; a human approves.',
  'path.secret_in_archive':
    'An archiver packs a tree that holds a protected file (or is too large to list) into an archive, whose name hides the secret from later checks; a human approves.',
  'path.secret_in_tree':
    'A recursive search (`grep -r`) prints matches from a tree too large for the review to list, which may hold protected files; a human approves.',
  'path.shimctl_config':
    'The command writes, moves or deletes a shimctl project config (`.shimctlrc`, ...); a human approves.',
  // urls
  'url.scheme_not_allowed': 'A URL uses a scheme that is not on the allow-list.',
  'url.localhost':
    'A URL points at localhost or a loopback address, in a request that is not a plain read (or loopback is tightened).',
  'url.loopback_read':
    'A plain GET or HEAD by curl or wget to a literal loopback address: a dev-server check, allowed.',
  'url.private_address': 'A URL points at a private, CGNAT, reserved or multicast address.',
  'url.shimctl_server':
    "A URL points at shimctl's own local HTTP API (its port on a loopback address): an agent could answer its own approvals there.",
  'url.raw_socket':
    'A redirection names `/dev/tcp/…` or `/dev/udp/…`: bash opens a network connection itself, past the URL checks.',
  'url.link_local':
    'A URL points at a link-local address (169.254/16, fe80::/10), the range of cloud metadata services.',
  'url.metadata_service': 'A URL points at a cloud metadata service.',
  'url.unspecified_address': 'A URL points at an unspecified address such as 0.0.0.0.',
  'url.malformed': 'An argument looks like a URL but does not parse.',
  // environment
  'env.code_injection': 'A leading environment assignment can make the program run code.',
  'env.locale':
    'A leading assignment selects a locale whose multibyte charset (GB18030, BIG5, Shift_JIS, ...) can hide shell syntax from the review.',
  'env.redirect':
    'A leading assignment points name resolution or the message bus somewhere the review cannot judge (LOCALDOMAIN, HOSTALIASES, DBUS_*_BUS_ADDRESS).',
  'env.assignment': "A leading environment assignment changes the command's behaviour.",
  // envelopes and invocation
  'envelope.unrecognised': 'The shell text looks like an agent envelope but does not match its exact shape.',
  'envelope.bookkeeping': 'An agent bookkeeping call (probe, snapshot) recognised by its exact shape.',
  'envelope.snapshot_source':
    "At the agent's own hop, a compound command sources the agent's shell snapshot from its snapshot directory.",
  'envelope.cwd_file': "At the agent's own hop, `pwd -P` writes the agent's own cwd file (`<tmp>/claude-XXXX-cwd`).",
  'envelope.version_guard':
    'At the agent\'s own hop, Claude Code\'s bash version guard (`{ case "${BASH_VERSINFO-}" in … esac; }`) stops an old bash before the command.',
  'envelope.side_effect':
    "An agent envelope sources a file outside the agent's own snapshot directory, or puts a writable directory first on PATH.",
  'invocation.unsupported': 'The shell was invoked in a form the shim does not accept.',
  'invocation.interactive': 'An interactive shell cannot be reviewed command by command.',
  'invocation.script': 'A shell script file runs commands the review core cannot see one by one.',
  'invocation.depth_exceeded': 'Shims are nested too deeply; a loop is likely.',
  'invocation.nested_passthrough':
    'A shell nested inside an already reviewed command ran unreviewed and was recorded (config `nested = "passthrough"`).',
  'hook.malformed':
    "An agent's hook sent input that is not the JSON its protocol documents, or no shell command: fail closed.",
  'hook.envelope':
    "A command reaching a PreToolUse hook has the shape of an agent envelope; there the text is the model's own, so the model wrote it.",
  // approvals
  'approval.granted': 'A human approved this request.',
  'approval.granted_always': 'A saved approve-always rule allowed this request.',
  'approval.denied': 'A human denied this request.',
  'approval.timeout': 'Nobody answered the approval request in time.',
  'approval.unavailable': 'No human can answer here (CI, approvals disabled, no answering channel).',
  'approval.pin_changed':
    'A project approval of a build or test command no longer applies: the files that define what it runs (package.json, Makefile, …) changed since it was approved, or cannot be read. It asks again.',
  // config
  'config.invalid': 'A config file is invalid: interception blocks everything until it is fixed.',
  'config.unreadable': 'A config file could not be read: interception blocks everything until it is fixed.',
  'config.loosening_ignored': 'A project config tried to loosen the policy; that part was ignored.',
  'config.managed':
    'An ask or block rule of the managed (admin) layer matched: no user rule, project file, approval or mode loosens it.',
  // modes (docs/modes.md)
  'mode.plan': 'Plan mode: only commands whose whole effect is reading run; this one was blocked.',
  'mode.accept_edits':
    "acceptEdits mode let this run without asking: a write inside the workspace, or the project's own build and test tooling run from it.",
  'mode.yolo': "yolo mode let this run without asking; the review's risk and reasons are kept.",
  // audit and execution
  'audit.unavailable': 'The audit record could not be written, so the command did not run.',
  'audit.end_unmatched':
    'An end report (`__shim --end`) named no command its shell was left to end: nothing was marked ended, and this record says so.',
  'audit.start_not_found':
    "A command's end was reported, but its start record was not found in the recent audit (rotated away): the end record stands alone.",
  'exec.failed': 'The program could not be started.',
  'exec.timeout': 'The program ran past its time limit and its process group was killed.',
  // engines
  'engine.opa_missing': 'The Rego engine is configured but `opa` is not installed.',
  'engine.timeout': 'The policy engine did not answer in time.',
  'engine.failed': 'The policy engine failed (non-zero exit, refused request, redirect).',
  'engine.bad_output': 'The policy engine answered with output that does not parse or has the wrong shape.',
  'engine.unknown_decision': 'The policy engine answered with an unknown decision.',
  'rego.custom': 'A Rego policy gave a reason of its own; its `rego.*` code leads the message in brackets.',
  // the resident review process
  'review.timeout':
    'The resident review process did not finish reviewing (and recording) the request within its time budget; the command did not run.',
  // anything else
  'internal.error': 'An internal error on the interception path: fail closed.',
} as const;

export type ReasonCode = keyof typeof REASON_CODES;

export function isReasonCode(value: string): value is ReasonCode {
  return Object.hasOwn(REASON_CODES, value);
}
