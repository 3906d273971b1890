# shimctl example policy for the Rego engine (Rego v1, OPA 0.59+ / 1.x).
#
# shimctl queries `data.shimctl.verdict` with the input document described in docs/rego.md:
#   input.input_version       1
#   input.request             what the agent sent: cwd, agent, command or argv
#   input.normalized          the one simple command after envelope and wrapper unwrapping:
#                             argv, envAssignments, wrappers, effectiveArgv, resolvedBinary,
#                             paths [{raw, resolved}], urls
#   input.native              the native engine's verdict (advisory)
#
# Shell syntax outside shimctl's supported subset is refused before any engine runs. A compound
# command inside it (`cd src && ls | head -3`) is sent as one input per simple command, with
# input.part and input.compound set (docs/rego.md), so this policy only ever judges one simple
# command per evaluation.
#
# The verdict must be {"decision", "risk", "reasons", "rule_ids"}; anything else makes shimctl
# block (fail closed). Reason codes are shimctl's own (`path.protected`…) or your own under
# `rego.` (`rego.no_deploys_on_friday`).
package shimctl

import rego.v1

# ---------------------------------------------------------------- the answer

verdict := {
	"decision": decision,
	"risk": risk,
	"reasons": [{"code": f.code, "message": f.message} | some f in findings; f.decision == decision],
	"rule_ids": sort({f.rule | some f in findings; f.decision == decision}),
}

decisions := ["allow", "ask", "block"]

risks := ["low", "medium", "high", "critical"]

# Strictest decision and highest risk among the findings. There is always at least one finding:
# every command is either known (allow / ask / block) or unknown (ask).
decision := decisions[max([i | some f in findings; some i, d in decisions; d == f.decision])]

risk := risks[max([i | some f in findings; some i, r in risks; r == f.risk])]

finding(d, r, code, message, rule) := {"decision": d, "risk": r, "code": code, "message": message, "rule": rule}

# ---------------------------------------------------------------- the command

argv := input.normalized.effectiveArgv

# `/usr/bin/git` is judged as `git` (shimctl already checked the path resolves to the real one).
name := parts[count(parts) - 1] if {
	parts := split(argv[0], "/")
}

args := array.slice(argv, 1, count(argv))

findings contains finding("block", "critical", "rego.input_version", sprintf("input version %v is not the one this policy was written for (1)", [input.input_version]), "rego:input-version") if {
	input.input_version != 1
}

findings contains finding("ask", "medium", "command.unknown", "no command to judge", "rego:unknown-command") if not name

read_only := {
	"cat", "cut", "date", "diff", "echo", "false", "file", "grep", "head", "ls", "pwd",
	"rg", "sort", "stat", "tail", "tr", "true", "uname", "uniq", "wc", "which", "whoami",
}

findings contains finding("allow", "low", "command.allowed", sprintf("%s only reads", [name]), "rego:read-only") if name in read_only

known := read_only | {"git"}

# Deny by default: anything not named in this policy needs a human.
findings contains finding("ask", "medium", "command.unknown", sprintf("%s is not in the policy", [n]), "rego:unknown-command") if {
	n := name
	not n in known
}

# ---------------------------------------------------------------- git

# The first word that is not an option, skipping the values of -C / -c.
git_sub := args[i] if {
	name == "git"
	words := [j | some j, a in args; not startswith(a, "-"); not git_option_value(j)]
	i := words[0]
}

git_option_value(j) if args[j - 1] in {"-C", "-c", "--git-dir", "--work-tree", "--namespace"}

git_safe := {
	"add", "blame", "branch", "checkout", "commit", "diff", "fetch", "log", "ls-files",
	"pull", "restore", "rev-parse", "show", "stash", "status", "switch", "tag",
}

findings contains finding("allow", "low", "command.allowed", sprintf("git %s", [git_sub]), "rego:git-safe") if git_sub in git_safe

findings contains finding("ask", "medium", "command.asked", "git push publishes commits", "rego:git-push") if git_sub == "push"

findings contains finding("ask", "medium", "command.unknown", sprintf("git %s is not in the policy", [sub]), "rego:unknown-command") if {
	sub := git_sub
	not sub in (git_safe | {"push", "reset", "clean"})
}

findings contains finding("ask", "medium", "command.unknown", "git without a sub-command", "rego:unknown-command") if {
	name == "git"
	not git_sub
}

# `git -c core.pager=…` and friends run programs.
findings contains finding("block", "high", "command.escape_hatch", "git -c can make git run another program", "rego:git-config-override") if {
	name == "git"
	"-c" in args
}

findings contains finding("block", "high", "command.destructive", "git push --force rewrites the remote's history", "rego:git-force-push") if {
	git_sub == "push"
	some a in args
	force_push_flag(a)
}

force_push_flag(a) if a in {"--force", "--force-with-lease", "--mirror", "--delete"}

force_push_flag(a) if startswith(a, "--force-with-lease=")

force_push_flag(a) if regex.match(`^-[A-Za-z]*[fd]`, a)

force_push_flag(a) if startswith(a, "+")

findings contains finding("block", "high", "command.destructive", "git reset --hard throws away uncommitted work", "rego:git-reset-hard") if {
	git_sub == "reset"
	"--hard" in args
}

findings contains finding("ask", "medium", "command.asked", "git reset moves the branch", "rego:git-reset") if {
	git_sub == "reset"
	not "--hard" in args
}

findings contains finding("block", "high", "command.destructive", "git clean -f deletes untracked files", "rego:git-clean") if {
	git_sub == "clean"
	some a in args
	git_clean_force(a)
}

git_clean_force(a) if a == "--force"

git_clean_force(a) if regex.match(`^-[A-Za-z]*f`, a)

findings contains finding("ask", "medium", "command.asked", "git clean without -f only lists", "rego:git-clean") if {
	git_sub == "clean"
	every a in args { not git_clean_force(a) }
}

# ---------------------------------------------------------------- protected paths

# Matched against both spellings: as written, and resolved (absolute, `..`-free, symlinks followed).
protected_patterns := [
	`(^|/)\.env[^/]*$`,
	`(^|/)\.(ssh|aws|gnupg|kube|azure)(/|$)`,
	`(^|/)\.config/(gcloud|gh)(/|$)`,
	`(^|/)\.docker/config\.json$`,
	`(^|/)\.(git-credentials|npmrc|netrc|pypirc)$`,
	`(^|/)\.claude/\.credentials\.json$`,
	`(^|/)\.codex/auth\.json$`,
]

findings contains finding("block", "high", "path.protected", sprintf("%s is a protected secret or credential store", [spelling]), "rego:protected-path") if {
	some p in input.normalized.paths
	some spelling in [p.raw, p.resolved]
	some pattern in protected_patterns
	regex.match(pattern, spelling)
}

# ---------------------------------------------------------------- URLs

url_host(u) := h if {
	m := regex.find_all_string_submatch_n(`^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)`, u, 1)
	h := trim_right(lower(trim(m[0][1], "[]")), ".")
}

metadata_hosts := {"169.254.169.254", "fd00:ec2::254", "100.100.100.200", "metadata.google.internal", "metadata"}

private_ranges := [
	"0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16",
	"172.16.0.0/12", "192.168.0.0/16", "::1/128", "fc00::/7", "fe80::/10",
]

findings contains finding("block", "critical", "url.metadata_service", sprintf("%s is a cloud metadata service", [u]), "rego:metadata-url") if {
	some u in input.normalized.urls
	url_host(u) in metadata_hosts
}

findings contains finding("block", "high", "url.private_address", sprintf("%s points at a private or loopback address", [u]), "rego:private-url") if {
	some u in input.normalized.urls
	host := url_host(u)
	not host in metadata_hosts
	regex.match(`^[0-9.]+$|:`, host)
	some cidr in private_ranges
	net.cidr_contains(cidr, host)
}

findings contains finding("block", "high", "url.localhost", sprintf("%s points at localhost", [u]), "rego:private-url") if {
	some u in input.normalized.urls
	host := url_host(u)
	host in {"localhost", "ip6-localhost"}
}

# ---------------------------------------------------------------- environment and wrappers

code_running_env := {
	"BASH_ENV", "ENV", "GIT_ASKPASS", "GIT_EDITOR", "GIT_EXTERNAL_DIFF", "GIT_PAGER", "GIT_SSH", "GIT_SSH_COMMAND",
	"LD_AUDIT", "LD_LIBRARY_PATH", "LD_PRELOAD", "NODE_OPTIONS", "PAGER", "EDITOR", "VISUAL",
	"PERL5OPT", "PROMPT_COMMAND", "PYTHONPATH", "PYTHONSTARTUP",
}

findings contains finding("block", "high", "env.code_injection", sprintf("%s=… can make %s run code", [k, name]), "rego:env-code-injection") if {
	some k, _ in input.normalized.envAssignments
	k in code_running_env
}

findings contains finding("ask", "high", "command.privilege", sprintf("%s runs the command with other privileges", [w]), "rego:privilege") if {
	some w in input.normalized.wrappers
	w in {"sudo", "doas", "su", "pkexec", "run0"}
}

# ---------------------------------------------------------------- the native engine, advisory

# The native engine also decodes the odd spellings (2130706433, 0x7f.1, [::ffff:127.0.0.1]) and
# look-alike characters this policy does not re-implement: its findings of these kinds stand.
native_hard := {
	"path.protected", "path.protected_write", "path.root_deletion", "path.system_write",
	"url.metadata_service", "url.private_address", "url.localhost", "url.unspecified_address",
	"env.code_injection", "command.lookalike", "command.chained_text", "command.path_mismatch",
	"command.inline_code", "command.escape_hatch", "command.nesting_too_deep",
}

findings contains finding(input.native.decision, input.native.risk, r.code, sprintf("native engine: %s", [r.message]), "rego:native-advisory") if {
	input.native.decision != "allow"
	some r in input.native.reasons
	r.code in native_hard
}
