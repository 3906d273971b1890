/*
 * shimctl-client: the fast path of the bash/sh shims. Compiled by `shimctl install` when a C
 * compiler exists; without it the shims run the Node review core directly (same verdicts).
 *
 * It holds no policy. It hands the invocation to the resident review process (`shimctl daemon`)
 * over a Unix socket in an owner-only directory, and either prints the block the daemon decided,
 * or runs the exact argv/env/timeout/output cap the daemon sent and reports the exit status back
 * so the daemon writes the one audit record. Whenever the daemon is absent, stale, slow, foreign
 * or answers nonsense before a command started, it execs the per-command Node core instead:
 * there is no path that runs a command without a verdict.
 *
 * usage: shimctl-client [--check] NODE ENTRY SHELL REAL_SHELL [shell arguments...]
 * --check (the BASH_ENV guard): verdict only; exit 0 lets the calling bash run the text itself.
 *
 * Built with SHIMCTL_SHIM_NAME defined (install passes a generated header), it is the bash or sh
 * shim itself: NODE, ENTRY, SHELL and REAL_SHELL are the constants install fixed, every argument
 * is the shell's, and it first does what shims/shim.sh does (depth marker, Node's variables moved
 * aside). That spares a /bin/sh start per command, about 1.8 ms of a 3 ms budget on a 2-core box.
 * Install also builds in SHIMCTL_SHIM_RUN_DIR (every client it compiles): where this user's
 * resident process lives, instead of deriving it from HOME/XDG_STATE_HOME at each call.
 *
 * Built with SHIMCTL_PATCHABLE (the prebuilt binaries the npm package ships, scripts/prebuilds.mjs),
 * the same constants are read from a reserved block that install fills in its copy of the binary
 * (src/infrastructure/daemon/patchClient.ts): a machine without a C compiler gets the same client.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROTOCOL "shimctl-hotpath/1"
#define MAX_FRAME (16u * 1024u * 1024u)
#define ACK_TIMEOUT_MS 1500
#define SPAWN_QUIET_SECONDS 30
#define EXIT_BLOCKED 126

extern char **environ;

/* ---- what install fixed: compiled in, or patched into a prebuilt binary ---- */

#ifndef SHIMCTL_NODE_VARIABLES
#error "SHIMCTL_NODE_VARIABLES is generated from shims/nodeVariables.json: build through compileClient.ts or scripts/prebuilds.mjs"
#endif

#ifdef SHIMCTL_PATCHABLE
/* The marker line, then NUL-terminated KEY=VALUE entries, then an empty one. Unpatched, it holds
 * the marker alone: no constant is fixed and the binary is the generic client. `volatile` keeps the
 * compiler from folding the block's shipped contents into the code that reads it. */
#define PATCH_MARK "SHIMCTL-CONSTANTS-v1\n"
#define PATCH_SIZE 8192
__attribute__((used)) static volatile const char g_patch[PATCH_SIZE] = PATCH_MARK;
static const char *patched(const char *key) {
  static char copy[PATCH_SIZE];
  static int loaded = 0;
  if (!loaded) {
    for (size_t i = 0; i < PATCH_SIZE; i++) copy[i] = g_patch[i];
    copy[PATCH_SIZE - 2] = copy[PATCH_SIZE - 1] = '\0';
    loaded = 1;
  }
  size_t ml = strlen(PATCH_MARK), kl = strlen(key);
  if (strncmp(copy, PATCH_MARK, ml) != 0) return NULL;
  for (char *p = copy + ml; p < copy + PATCH_SIZE && *p; p += strlen(p) + 1) {
    if (strncmp(p, key, kl) == 0 && p[kl] == '=') return p + kl + 1;
  }
  return NULL;
}
#define FIXED(key) patched(key)
#else
#define FIXED(key) ((const char *)NULL)
#endif
#ifndef SHIMCTL_SHIM_RUN_DIR
#define SHIMCTL_SHIM_RUN_DIR FIXED("SHIM_RUN_DIR")
#endif
#ifndef SHIMCTL_DAEMON_NODE
#define SHIMCTL_DAEMON_NODE FIXED("DAEMON_NODE")
#endif
#ifndef SHIMCTL_DAEMON_ENTRY
#define SHIMCTL_DAEMON_ENTRY FIXED("DAEMON_ENTRY")
#endif
#ifndef SHIMCTL_SHIM_NAME
#define SHIMCTL_SHIM_NAME FIXED("SHIM_NAME")
#endif
#ifndef SHIMCTL_SHIM_REAL
#define SHIMCTL_SHIM_REAL FIXED("SHIM_REAL")
#endif
#ifndef SHIMCTL_SHIM_NODE
#define SHIMCTL_SHIM_NODE FIXED("SHIM_NODE")
#endif
#ifndef SHIMCTL_SHIM_ENTRY
#define SHIMCTL_SHIM_ENTRY FIXED("SHIM_ENTRY")
#endif

static int g_argc;
static int g_check = 0;
static char **g_argv; /* NODE ENTRY SHELL REAL args... */
static volatile pid_t g_child_group = 0;
static volatile sig_atomic_t g_term_signal = 0;
static int g_sigpipe[2] = {-1, -1};

/* ---- fallback: the per-command Node core reviews, audits and runs (or blocks) ---- */

static const char *g_why = "unknown";

/* SHIMCTL_CLIENT_DEBUG=1 says on stderr which path ran and why (tests and `doctor`-style checks). */
static void debug(const char *what, const char *why) {
  const char *d = getenv("SHIMCTL_CLIENT_DEBUG");
  if (d && strcmp(d, "1") == 0) fprintf(stderr, "shimctl-client: %s: %s\n", what, why);
}

static void fallback(void) {
  debug("fallback", g_why);
  char **av = calloc((size_t)g_argc + 3, sizeof(char *));
  if (!av) _exit(EXIT_BLOCKED);
  int k = 0;
  av[k++] = g_argv[0];
  av[k++] = g_argv[1];
  av[k++] = "__shim";
  if (g_check) av[k++] = "--check";
  for (int i = 2; i < g_argc; i++) av[k++] = g_argv[i];
  av[k] = NULL;
  execv(g_argv[0], av);
  fprintf(stderr, "shimctl: blocked (internal.error): cannot start the review core %s: %s\n", g_argv[0], strerror(errno));
  _exit(EXIT_BLOCKED);
}

/* ---- small buffers ---- */

typedef struct { char *data; size_t len, cap; } buf_t;

static void buf_put(buf_t *b, const void *p, size_t n) {
  if (b->len + n > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + n) cap *= 2;
    char *d = realloc(b->data, cap);
    if (!d) fallback();
    b->data = d;
    b->cap = cap;
  }
  memcpy(b->data + b->len, p, n);
  b->len += n;
}
static void buf_field(buf_t *b, const char *s) { buf_put(b, s, strlen(s) + 1); }
static void buf_num(buf_t *b, long long v) {
  char t[32];
  snprintf(t, sizeof t, "%lld", v);
  buf_field(b, t);
}

static int write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
    if (w < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

/* One write per frame: the daemon then wakes once per frame, not once for the head and again for the body. */
static int send_frame(int fd, char type, buf_t *body) {
  uint32_t len = (uint32_t)(body->len + 1);
  unsigned char head[5] = {(unsigned char)(len >> 24), (unsigned char)(len >> 16), (unsigned char)(len >> 8), (unsigned char)len, (unsigned char)type};
  buf_t frame = {0};
  buf_put(&frame, head, 5);
  if (body->len) buf_put(&frame, body->data, body->len);
  int r = write_all(fd, frame.data, frame.len);
  free(frame.data);
  return r;
}

/* Set when the daemon closed the connection (as opposed to not answering in time). */
static int g_peer_closed = 0;

/* The resident process proved who it is (see verify_daemon): from then on every byte read must have
 * been written by that very process. SO_PASSCRED makes the kernel attach the writer's pid and uid
 * to each chunk it queues for us, and a read never merges chunks of two writers, so a listening
 * socket handed to another process (the verified one then idles or is stopped) is caught here. */
static pid_t g_peer_pid = 0;
static int g_pidfd = -1;
static int g_identity_failed = 0;

static ssize_t recv_checked(int fd, char *p, size_t n) {
  struct iovec iov = {p, n};
  union { struct cmsghdr h; char b[CMSG_SPACE(sizeof(struct ucred))]; } control;
  struct msghdr m;
  memset(&m, 0, sizeof m);
  m.msg_iov = &iov;
  m.msg_iovlen = 1;
  m.msg_control = control.b;
  m.msg_controllen = sizeof control.b;
  ssize_t r = recvmsg(fd, &m, MSG_CMSG_CLOEXEC);
  if (r <= 0 || g_peer_pid == 0) return r;
  struct cmsghdr *h = CMSG_FIRSTHDR(&m);
  struct ucred u;
  if (!h || h->cmsg_level != SOL_SOCKET || h->cmsg_type != SCM_CREDENTIALS || (m.msg_flags & MSG_CTRUNC)) { g_identity_failed = 1; errno = EPROTO; return -1; }
  memcpy(&u, CMSG_DATA(h), sizeof u);
  if (u.pid != g_peer_pid || u.uid != getuid()) { g_identity_failed = 1; errno = EPROTO; return -1; }
  return r;
}

static int read_all(int fd, char *p, size_t n) {
  while (n > 0) {
    ssize_t r = recv_checked(fd, p, n);
    if (r == 0) { g_peer_closed = 1; return -1; }
    if (r < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    p += r;
    n -= (size_t)r;
  }
  return 0;
}

/* Reads one frame; returns its type, or 0 on EOF/error/timeout. *body is NUL-terminated. */
static char read_frame(int fd, char **body, size_t *len) {
  unsigned char head[5];
  if (read_all(fd, (char *)head, 5) < 0) return 0;
  uint32_t n = ((uint32_t)head[0] << 24) | ((uint32_t)head[1] << 16) | ((uint32_t)head[2] << 8) | head[3];
  if (n < 1 || n > MAX_FRAME) return 0;
  char *b = malloc(n);
  if (!b) return 0;
  if (n > 1 && read_all(fd, b, n - 1) < 0) { free(b); return 0; }
  b[n - 1] = '\0';
  *body = b;
  *len = n - 1;
  return (char)head[4];
}

/* Splits a NUL-separated body into fields; returns the count. */
static size_t split_fields(char *body, size_t len, char ***out) {
  size_t count = 0;
  for (size_t i = 0; i < len; i++) if (body[i] == '\0') count++;
  char **f = calloc(count + 1, sizeof(char *));
  if (!f) return 0;
  size_t k = 0;
  char *start = body;
  for (size_t i = 0; i < len && k < count; i++) {
    if (body[i] == '\0') { f[k++] = start; start = body + i + 1; }
  }
  *out = f;
  return count;
}

/* ---- where the daemon lives (must match statePaths(): XDG_STATE_HOME, else HOME/.local/state) ---- */

static int run_dir(char *out, size_t size) {
  const char *xdg = getenv("XDG_STATE_HOME");
  const char *home = getenv("HOME");
  int n;
  if (xdg && xdg[0] == '/') n = snprintf(out, size, "%s/shimctl/run", xdg);
  else if (home && home[0] == '/') n = snprintf(out, size, "%s/.local/state/shimctl/run", home);
  else return -1;
  return (n > 0 && (size_t)n < size) ? 0 : -1;
}

static int owner_only_dir(const char *dir) {
  struct stat st;
  if (lstat(dir, &st) < 0) return -1;
  return (S_ISDIR(st.st_mode) && st.st_uid == getuid() && (st.st_mode & 077) == 0) ? 0 : -1;
}

static int read_token(const char *dir, char *tok, size_t size) {
  char path[4200];
  snprintf(path, sizeof path, "%s/daemon.token", dir);
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return -1;
  struct stat st;
  if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != getuid() || (st.st_mode & 077) != 0) { close(fd); return -1; }
  ssize_t r = read(fd, tok, size - 1);
  close(fd);
  if (r <= 0) return -1;
  tok[r] = '\0';
  tok[strcspn(tok, "\r\n")] = '\0';
  return tok[0] ? 0 : -1;
}

/* ---- who the resident process is ---- */

/* The node binary and shim entry the daemon must run: fixed by install when it built this client,
 * else the ones this client was started with (the same two it would fall back to). */
static const char *expected_node(void) {
  const char *fixed = SHIMCTL_DAEMON_NODE;
  return fixed ? fixed : g_argv[0];
}
static const char *expected_entry(void) {
  const char *fixed = SHIMCTL_DAEMON_ENTRY;
  return fixed ? fixed : g_argv[1];
}

/* The only variables the resident process is started with (src/infrastructure/daemon/daemonEnv.ts
 * holds the same list): what statePaths() reads, and its idle period. No session's secrets, and
 * nothing that changes what node runs (NODE_OPTIONS=--require, LD_PRELOAD). */
static const char *const DAEMON_ENV[] = {"HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "SHIMCTL_DAEMON_IDLE_SECONDS", NULL};

static int daemon_env_name(const char *entry, size_t len) {
  size_t n = strcspn(entry, "=");
  if (n >= len || entry[n] != '=') return 0;
  for (int i = 0; DAEMON_ENV[i]; i++) if (strlen(DAEMON_ENV[i]) == n && strncmp(DAEMON_ENV[i], entry, n) == 0) return 1;
  return 0;
}

/* Reads /proc/PID/NAME whole (at most size-1 bytes; a larger one is refused). */
static ssize_t read_proc(pid_t pid, const char *name, char *buf, size_t size) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/%s", (int)pid, name);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  size_t got = 0;
  for (;;) {
    ssize_t r = read(fd, buf + got, size - 1 - got);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) { close(fd); return -1; }
    if (r == 0) break;
    got += (size_t)r;
    if (got == size - 1) { close(fd); return -1; }
  }
  close(fd);
  buf[got] = '\0';
  return (ssize_t)got;
}

/*
 * The process that listens on the socket must be shimctl's resident process, not merely this
 * user's: any command the agent runs has our uid, can kill the real one, and can serve a socket and
 * token of its own at the same path. So the process must run the node binary install recorded (same
 * file, by device and inode), as `NODE --max-semi-space-size=32 ENTRY daemon run ...` with the
 * install's entry, and with only the variables in DAEMON_ENV (so no NODE_OPTIONS or LD_PRELOAD ran
 * code of another's in it). Returns 0 when it is; else sets g_why.
 */
static int verify_daemon(pid_t pid) {
  char path[64];
  struct stat got, want;
  snprintf(path, sizeof path, "/proc/%d/exe", (int)pid);
  g_why = "daemon identity: the program on the socket is not the node install recorded";
  if (stat(path, &got) < 0 || stat(expected_node(), &want) < 0 || got.st_dev != want.st_dev || got.st_ino != want.st_ino) return -1;
  static char buf[65536];
  g_why = "daemon identity: the process on the socket does not run the install's entry as 'daemon run'";
  ssize_t n = read_proc(pid, "cmdline", buf, sizeof buf);
  if (n <= 0) return -1;
  const char *want_args[] = {"--max-semi-space-size=32", expected_entry(), "daemon", "run"};
  const char *p = buf + strlen(buf) + 1; /* argv[0] is whatever the starter chose */
  for (size_t i = 0; i < sizeof want_args / sizeof want_args[0]; i++) {
    if (p >= buf + n || strcmp(p, want_args[i]) != 0) return -1;
    p += strlen(p) + 1;
  }
  g_why = "daemon identity: the process on the socket has variables other than the daemon's own";
  n = read_proc(pid, "environ", buf, sizeof buf);
  if (n < 0) return -1;
  for (const char *e = buf; e < buf + n; e += strlen(e) + 1) {
    if (!daemon_env_name(e, (size_t)(buf + n - e))) return -1;
  }
  return 0;
}

/* Whether the verified process has ended since (its pid could then be another's). Without pidfds
 * (Linux < 5.3) the per-chunk writer check alone remains. */
static int peer_gone(void) {
  if (g_pidfd < 0) return 0;
  struct pollfd p = {g_pidfd, POLLIN, 0};
  return poll(&p, 1, 0) != 0;
}

/* Starts `node ENTRY daemon run` detached (its own session, no shared fds), at most once per window. */
static void spawn_daemon(const char *dir) {
  const char *mode = getenv("SHIMCTL_DAEMON");
  if (mode && strcmp(mode, "nostart") == 0) return;
  char stamp[4200];
  snprintf(stamp, sizeof stamp, "%s/daemon.spawned", dir);
  struct stat st;
  if (owner_only_dir(dir) == 0) {
    if (lstat(stamp, &st) == 0 && time(NULL) - st.st_mtime < SPAWN_QUIET_SECONDS && time(NULL) >= st.st_mtime) return;
    int fd = open(stamp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd >= 0) close(fd);
  }
  pid_t pid = fork();
  if (pid < 0) return;
  if (pid == 0) {
    setsid();
    if (fork() != 0) _exit(0);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) { dup2(null, 0); dup2(null, 1); dup2(null, 2); if (null > 2) close(null); }
    for (int fd = 3; fd < 1024; fd++) close(fd);
    /* A larger young generation: each request allocates a little, scavenges were ~15% of its CPU. */
    char *av[] = {g_argv[0], "--max-semi-space-size=32", g_argv[1], "daemon", "run", NULL};
    /* Only the variables the daemon needs: it outlives this session and serves every other one,
     * and /proc/PID/environ would show them this session's secrets. */
    size_t count = 0;
    for (char **e = environ; *e; e++) count++;
    char **ev = calloc(count + 1, sizeof(char *));
    if (!ev) _exit(127);
    size_t k = 0;
    for (char **e = environ; *e; e++) if (daemon_env_name(*e, strlen(*e))) ev[k++] = *e;
    ev[k] = NULL;
    execve(g_argv[0], av, ev);
    _exit(127);
  }
  waitpid(pid, NULL, 0);
}

static int connect_daemon(const char *dir) {
  struct sockaddr_un addr;
  memset(&addr, 0, sizeof addr);
  addr.sun_family = AF_UNIX;
  int n = snprintf(addr.sun_path, sizeof addr.sun_path, "%s/daemon.sock", dir);
  if (n <= 0 || (size_t)n >= sizeof addr.sun_path) return -2; /* path too long: no fast path here */
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -2;
  if (connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
    int e = errno;
    close(fd);
    return (e == ENOENT || e == ECONNREFUSED) ? -1 : -2;
  }
  /* The daemon must be this user's own process, not something that took the socket's place. */
  struct ucred cred;
  socklen_t cl = sizeof cred;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &cl) < 0 || cred.uid != getuid()) { close(fd); return -2; }
  return fd;
}

static void set_recv_timeout(int fd, int ms) {
  struct timeval tv = {ms / 1000, (ms % 1000) * 1000};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
}

/* ---- running what the daemon allowed ---- */

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void on_signal(int sig) {
  int saved = errno;
  if (sig == SIGCHLD) {
    if (g_sigpipe[1] >= 0) { char c = 'c'; ssize_t ignored = write(g_sigpipe[1], &c, 1); (void)ignored; }
  } else if (g_child_group > 0) {
    /* Before the child's setsid() the group does not exist yet: signal the child itself. */
    if (kill(-g_child_group, sig) < 0) kill(g_child_group, sig);
    if (sig != SIGINT) g_term_signal = sig;
  }
  errno = saved;
}

typedef struct {
  int exit_code, signal_number, truncated, timed_out, spawn_errno;
  long long duration_ms, out_bytes, err_bytes;
} result_t;

typedef struct { int fd; int to; long long total; long long cap; } stream_t;

/* Copies what arrived, forwarding at most `cap` bytes; the rest is drained and counted. */
static void pump(stream_t *s) {
  char b[65536];
  ssize_t r = read(s->fd, b, sizeof b);
  if (r < 0 && (errno == EINTR || errno == EAGAIN)) return;
  if (r <= 0) { close(s->fd); s->fd = -1; return; }
  long long before = s->total;
  s->total += r;
  if (before >= s->cap || s->to < 0) return;
  size_t n = (size_t)((s->total <= s->cap) ? r : s->cap - before);
  const char *p = b;
  while (n > 0) {
    ssize_t w = write(s->to, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      s->to = -1; /* our reader is gone: keep draining the child into nothing */
      return;
    }
    p += w;
    n -= (size_t)w;
  }
}

static void run_command(char **f, size_t nf, result_t *res) {
  memset(res, 0, sizeof *res);
  /* X fields: file argv0 timeoutMs graceMs maxOutputBytes argc args... envc env... */
  if (nf < 7) { res->spawn_errno = EINVAL; res->exit_code = EXIT_BLOCKED; return; }
  const char *file = f[0];
  const char *argv0 = f[1][0] ? f[1] : f[0];
  long long timeout_ms = atoll(f[2]), grace_ms = atoll(f[3]), cap = atoll(f[4]);
  /* Counts are bounded by the fields actually present, so no arithmetic here can wrap. */
  long long argc_raw = atoll(f[5]);
  if (argc_raw < 0 || (size_t)argc_raw > nf - 7) { res->spawn_errno = EINVAL; res->exit_code = EXIT_BLOCKED; return; }
  size_t argc = (size_t)argc_raw;
  long long envc_raw = atoll(f[6 + argc]);
  if (envc_raw < 0 || (size_t)envc_raw > nf - 7 - argc) { res->spawn_errno = EINVAL; res->exit_code = EXIT_BLOCKED; return; }
  size_t envc = (size_t)envc_raw;
  char **av = calloc(argc + 2, sizeof(char *));
  char **ev = calloc(envc + 1, sizeof(char *));
  if (!av || !ev) { res->spawn_errno = ENOMEM; res->exit_code = EXIT_BLOCKED; return; }
  av[0] = (char *)argv0;
  for (size_t i = 0; i < argc; i++) av[i + 1] = f[6 + i];
  for (size_t i = 0; i < envc; i++) ev[i] = f[7 + argc + i];

  /* A terminal is inherited so the program sees a TTY; the cap applies to pipes and files only. */
  int out_tty = isatty(1), err_tty = isatty(2);
  int po[2] = {-1, -1}, pe[2] = {-1, -1}, px[2];
  if ((!out_tty && pipe2(po, O_CLOEXEC) < 0) || (!err_tty && pipe2(pe, O_CLOEXEC) < 0) || pipe2(px, O_CLOEXEC) < 0 || pipe2(g_sigpipe, O_CLOEXEC | O_NONBLOCK) < 0) {
    res->spawn_errno = errno; res->exit_code = EXIT_BLOCKED; return;
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigaction(SIGCHLD, &sa, NULL);
  /* TERM/HUP/QUIT/INT are held from before the fork until the forwarding handlers are in place: one
   * arriving in between would otherwise kill this client and leave the command running with no one
   * to reap it or report its status (the audit would say it never started). */
  sigset_t held, previous;
  sigemptyset(&held);
  sigaddset(&held, SIGINT);
  sigaddset(&held, SIGTERM);
  sigaddset(&held, SIGHUP);
  sigaddset(&held, SIGQUIT);
  sigprocmask(SIG_BLOCK, &held, &previous);
  long long started = now_ms();
  pid_t pid = fork();
  if (pid < 0) { sigprocmask(SIG_SETMASK, &previous, NULL); res->spawn_errno = errno; res->exit_code = EXIT_BLOCKED; return; }
  if (pid == 0) {
    /* Its own session, as the per-command executor does (spawned detached): one group to signal,
     * and a terminal it reads is not its controlling one, so it is never stopped by SIGTTIN. */
    setsid();
    signal(SIGPIPE, SIG_DFL);
    signal(SIGCHLD, SIG_DFL);
    sigprocmask(SIG_SETMASK, &previous, NULL); /* execve keeps the mask: the program gets the caller's */
    if (po[1] >= 0) dup2(po[1], 1);
    if (pe[1] >= 0) dup2(pe[1], 2);
    execve(file, av, ev);
    int e = errno;
    ssize_t ignored = write(px[1], &e, sizeof e);
    (void)ignored;
    _exit(127);
  }
  g_child_group = pid;
  sa.sa_handler = on_signal;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  sigaction(SIGQUIT, &sa, NULL);
  sigprocmask(SIG_SETMASK, &previous, NULL); /* a signal held meanwhile is forwarded now */
  close(px[1]);
  if (po[1] >= 0) close(po[1]);
  if (pe[1] >= 0) close(pe[1]);
  int e = 0;
  if (read(px[0], &e, sizeof e) == (ssize_t)sizeof e) res->spawn_errno = e;
  close(px[0]);

  stream_t so = {po[0], 1, 0, cap}, se = {pe[0], 2, 0, cap};
  /* The wall-clock bound covers the whole wait, the output included: at the deadline the group gets
   * TERM, grace_ms later KILL, and from then on the pipes are closed and not waited for any more.
   * What still holds them then left the group (setsid, a daemon): no group signal reaches it, and
   * waiting for its end of file could last forever, and the daemon's audit record with it.
   * timed_out (exit 124) means the timeout found something of the command's group still running
   * to stop: the leader, or background jobs of its group. When the leader has exited and the group
   * is empty, the timeout stops nothing: the wait for output held from outside the group is merely
   * cut at deadline + grace, and the result keeps the leader's own exit status. */
  int status = 0, reaped = 0, expired = 0, broken = 0;
  long long deadline = started + timeout_ms, kill_at = -1, give_up_at = -1;
  while (!reaped || so.fd >= 0 || se.fd >= 0) {
    long long now = now_ms();
    if (!expired && now >= deadline) {
      expired = 1;
      if (!reaped && waitpid(pid, &status, WNOHANG) == pid) reaped = 1; /* an exited leader is no timeout */
      if (kill(-pid, SIGTERM) == 0 || errno != ESRCH) res->timed_out = 1;
      kill_at = give_up_at = now + grace_ms;
    }
    if (g_term_signal && kill_at < 0) kill_at = now + grace_ms;
    if (kill_at >= 0 && now >= kill_at) { kill(-pid, SIGKILL); kill_at = now + 3600 * 1000LL; }
    if (give_up_at >= 0 && now >= give_up_at) {
      if (so.fd >= 0) { close(so.fd); so.fd = -1; }
      if (se.fd >= 0) { close(se.fd); se.fd = -1; }
      if (reaped) break;
    }
    /* Next event: the deadline, then the KILL and the give-up; after those only SIGCHLD (poll wakes). */
    long long next = !expired ? deadline : (give_up_at > now ? give_up_at : now + 1000);
    if (kill_at >= 0 && kill_at < next) next = kill_at;
    long long wait = next - now;
    if (wait < 0) wait = 0;
    if (wait > 1000) wait = 1000;
    struct pollfd p[3];
    int np = 0;
    p[np++] = (struct pollfd){g_sigpipe[0], POLLIN, 0};
    if (so.fd >= 0) p[np++] = (struct pollfd){so.fd, POLLIN, 0};
    if (se.fd >= 0) p[np++] = (struct pollfd){se.fd, POLLIN, 0};
    if (reaped && np == 1) break;
    int r = poll(p, (nfds_t)np, (int)wait);
    if (r < 0 && errno != EINTR) {
      /* Supervision failed: end the command's group rather than leave it running unbounded. */
      broken = 1;
      kill(-pid, SIGKILL);
      if (!reaped && waitpid(pid, &status, 0) == pid) reaped = 1;
      break;
    }
    char drain[64];
    while (read(g_sigpipe[0], drain, sizeof drain) > 0) {}
    for (int i = 1; i < np; i++) {
      if (!p[i].revents) continue;
      if (p[i].fd == so.fd) pump(&so); else if (p[i].fd == se.fd) pump(&se);
    }
    if (!reaped && waitpid(pid, &status, WNOHANG) == pid) reaped = 1;
  }
  g_child_group = 0;
  res->duration_ms = now_ms() - started;
  res->out_bytes = so.total;
  res->err_bytes = se.total;
  if (so.total > cap || se.total > cap) {
    res->truncated = 1;
    if (so.total > cap) dprintf(2, "shimctl: output truncated: %lld bytes dropped from stdout\n", so.total - cap);
    if (se.total > cap) dprintf(2, "shimctl: output truncated: %lld bytes dropped from stderr\n", se.total - cap);
  }
  if (res->spawn_errno) res->exit_code = res->spawn_errno == ENOENT ? 127 : 126;
  else if (res->timed_out) { res->exit_code = 124; if (WIFSIGNALED(status)) res->signal_number = WTERMSIG(status); }
  else if (WIFSIGNALED(status)) { res->signal_number = WTERMSIG(status); res->exit_code = 128 + res->signal_number; }
  else res->exit_code = WEXITSTATUS(status);
  if (broken) res->exit_code = EXIT_BLOCKED;
}

/* ---- built as the shim itself ---- */

/* What shims/shim.sh does before it hands over, kept in step with it (test/install/shimTemplate.test.ts
 * runs both through one table): count the hop, and move Node's own variables out of the reviewer's
 * way (NODE_OPTIONS=--require would run code inside it) so the command gets them back through the
 * allow-list. A SHIMCTL_SAVED_* that arrives from outside was set by a command: dropped. */
static void prepare_shim_environment(void) {
  const char *d = getenv("SHIMCTL_DEPTH");
  long depth = 0;
  if (d && *d) {
    size_t n = strlen(d);
    /* As shim.sh and the guard: non-digits, 5+ digits or a leading zero (`08`) mark a tampered hop. */
    depth = (n >= 5 || strspn(d, "0123456789") != n || (n > 1 && d[0] == '0')) ? 99999 : strtol(d, NULL, 10);
  }
  char text[16];
  snprintf(text, sizeof text, "%ld", depth + 1);
  setenv("SHIMCTL_DEPTH", text, 1);
  /* shims/nodeVariables.json, generated into the build (compileClient.ts, scripts/prebuilds.mjs). */
  static const char *const moved[] = {SHIMCTL_NODE_VARIABLES};
  for (size_t i = 0; i < sizeof moved / sizeof moved[0]; i++) {
    char saved[64];
    snprintf(saved, sizeof saved, "SHIMCTL_SAVED_%s", moved[i]);
    unsetenv(saved);
    const char *v = getenv(moved[i]);
    if (v) {
      setenv(saved, v, 1);
      unsetenv(moved[i]);
    }
  }
}

/* The argv the generic client would get from shim.sh: program NODE ENTRY SHELL REAL args... */
static char **shim_arguments(int argc, char **argv, int *out_argc) {
  char **a = calloc((size_t)argc + 5, sizeof(char *));
  if (!a) { fprintf(stderr, "shimctl: blocked (internal.error): out of memory\n"); exit(EXIT_BLOCKED); }
  a[0] = argv[0];
  a[1] = (char *)SHIMCTL_SHIM_NODE;
  a[2] = (char *)SHIMCTL_SHIM_ENTRY;
  a[3] = (char *)SHIMCTL_SHIM_NAME;
  a[4] = (char *)SHIMCTL_SHIM_REAL;
  for (int i = 1; i < argc; i++) a[i + 4] = argv[i];
  *out_argc = argc + 4;
  return a;
}

/* ---- one request ---- */

int main(int argc, char **argv) {
  if (SHIMCTL_SHIM_NAME) {
    /* A patched block that names the shim but lacks a path is a broken install, not a generic client. */
    if (!SHIMCTL_SHIM_REAL || !SHIMCTL_SHIM_NODE || !SHIMCTL_SHIM_ENTRY) {
      fprintf(stderr, "shimctl: blocked (internal.error): this shim's install constants are incomplete; run 'shimctl install' again\n");
      return EXIT_BLOCKED;
    }
    prepare_shim_environment();
    if (access(SHIMCTL_SHIM_NODE, X_OK) != 0 || access(SHIMCTL_SHIM_ENTRY, R_OK) != 0) {
      fprintf(stderr, "shimctl: blocked (internal.error): the review core is missing (%s %s); run 'shimctl doctor'\n", SHIMCTL_SHIM_NODE, SHIMCTL_SHIM_ENTRY);
      return EXIT_BLOCKED;
    }
    argv = shim_arguments(argc, argv, &argc);
  } else if (argc > 1 && strcmp(argv[1], "--check") == 0) {
    g_check = 1;
    argv++;
    argc--;
  }
  if (argc < 5) {
    fprintf(stderr, "shimctl: blocked (invocation.unsupported): usage: shimctl-client NODE ENTRY SHELL REAL [args...]\n");
    return EXIT_BLOCKED;
  }
  g_argc = argc - 1;
  g_argv = argv + 1;
  signal(SIGPIPE, SIG_IGN);
  const char *mode = getenv("SHIMCTL_DAEMON");
  if (mode && strcmp(mode, "off") == 0) { g_why = "SHIMCTL_DAEMON=off"; fallback(); }

  char dir[4096], tok[256], cwd[8192];
  g_why = "no usable HOME or cwd";
  if (!getcwd(cwd, sizeof cwd)) fallback();
  const char *fixed_run_dir = SHIMCTL_SHIM_RUN_DIR;
  int env_is_install = 1;
  if (fixed_run_dir) {
  /* Install fixed where this user's resident process lives, so a command that moves HOME or
   * XDG_STATE_HOME for the shells it nests cannot point the shim at a socket and token of its
   * choosing (a stand-in "daemon" that answers "run this"). Such a request still reaches the real
   * process, which refuses the foreign environment: the per-command core decides, as before. */
    snprintf(dir, sizeof dir, "%s", fixed_run_dir);
    char env_dir[4096];
    env_is_install = run_dir(env_dir, sizeof env_dir) == 0 && strcmp(env_dir, dir) == 0;
  } else if (run_dir(dir, sizeof dir) < 0) fallback();
  int fd = connect_daemon(dir);
  if (fd == -1) {
    /* A daemon started under another HOME/XDG_STATE_HOME would live elsewhere: not started then. */
    g_why = env_is_install ? "no daemon (starting one)" : "no daemon, and HOME/XDG_STATE_HOME are not the install's (not starting one)";
    if (env_is_install) spawn_daemon(dir);
    fallback();
  }
  g_why = "daemon socket unusable or not this user's";
  if (fd < 0) fallback();
  g_why = "run directory is not owner-only";
  if (owner_only_dir(dir) < 0) fallback();
  g_why = "token unreadable or not owner-only";
  if (read_token(dir, tok, sizeof tok) < 0) fallback();
  /* The token proves nothing about the peer (a command of ours can read and write it): the peer's
   * own credentials and /proc entries do. The pidfd is taken first, so the checks below and the
   * liveness test before each answer is acted on are about one and the same process. */
  {
    struct ucred cred;
    socklen_t cl = sizeof cred;
    g_why = "daemon identity: no peer credentials";
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &cl) < 0 || cred.pid <= 0) fallback();
#ifdef SYS_pidfd_open
    g_pidfd = (int)syscall(SYS_pidfd_open, cred.pid, 0);
    if (g_pidfd < 0 && errno != ENOSYS) fallback();
#endif
    if (verify_daemon(cred.pid) < 0) fallback();
    int on = 1;
    g_why = "daemon identity: cannot ask for the writer's credentials";
    if (setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &on, sizeof on) < 0) fallback();
    g_peer_pid = cred.pid;
  }

  buf_t q = {0};
  buf_field(&q, PROTOCOL);
  buf_field(&q, tok);
  struct timespec sent;
  clock_gettime(CLOCK_REALTIME, &sent);
  buf_num(&q, (long long)sent.tv_sec * 1000 + sent.tv_nsec / 1000000);
  buf_field(&q, g_check ? "check" : "run");
  buf_field(&q, argv[3]);
  buf_field(&q, argv[4]);
  buf_field(&q, cwd);
  buf_num(&q, argc - 5);
  for (int i = 5; i < argc; i++) buf_field(&q, argv[i]);
  size_t envc = 0;
  for (char **e = environ; *e; e++) envc++;
  buf_num(&q, (long long)envc);
  for (char **e = environ; *e; e++) buf_field(&q, *e);
  set_recv_timeout(fd, ACK_TIMEOUT_MS);
  g_why = "request could not be sent";
  if (send_frame(fd, 'Q', &q) < 0) fallback();
  g_why = "no answer from the daemon in time";

  int acked = 0, ran = 0, ran_status = 0;
  for (;;) {
    char *body = NULL;
    size_t len = 0;
    char type = read_frame(fd, &body, &len);
    if (type != 0 && peer_gone()) { g_identity_failed = 1; free(body); type = 0; }
    if (type == 0 && g_identity_failed) {
      g_why = "daemon identity: an answer came from another process than the verified one";
      if (!ran) fallback();
    }
    if (type == 0) {
      if (!ran) { if (acked || g_peer_closed) g_why = "the daemon went away before a command ran"; fallback(); } /* the Node core decides afresh */
      fprintf(stderr, "shimctl: warning: the review daemon went away after the command ran; its audit record may be missing\n");
      return ran_status;
    }
    /* The daemon sends A only when its answer takes a while (an approval); an answer is acceptance too. */
    if (!acked && (type == 'A' || type == 'E' || type == 'X' || type == 'D')) {
      acked = 1;
      debug("daemon", "accepted");
      set_recv_timeout(fd, 0); /* from here the daemon owns the timing (approvals can take minutes) */
    }
    if (type == 'A') {
      /* nothing more to it */
    } else if (!acked) {
      g_why = type == 'F' ? "refused by the daemon" : "unexpected answer";
      if (type == 'F') { char **rf = NULL; if (split_fields(body, len, &rf) >= 1) debug("refused", rf[0]); }
      fallback();
    } else if (type == 'E') {
      ssize_t ignored = write(2, body, len);
      (void)ignored;
    } else if (type == 'F') {
      g_why = "refused by the daemon";
      if (!ran) fallback();
    } else if (type == 'X' && g_check) {
      /* Check mode only asks for a verdict: the guard's bash runs the text itself. */
      g_why = "unexpected answer (an exec spec in check mode)";
      fallback();
    } else if (type == 'X' && !ran) {
      char **f = NULL;
      size_t nf = split_fields(body, len, &f);
      result_t r;
      run_command(f, nf, &r);
      ran = 1;
      ran_status = r.exit_code;
      buf_t out = {0};
      buf_num(&out, r.exit_code);
      buf_num(&out, r.signal_number);
      buf_num(&out, r.duration_ms);
      buf_num(&out, r.out_bytes);
      buf_num(&out, r.err_bytes);
      buf_num(&out, r.truncated);
      buf_num(&out, r.timed_out);
      buf_num(&out, r.spawn_errno);
      if (send_frame(fd, 'R', &out) < 0) {
        fprintf(stderr, "shimctl: warning: the review daemon went away after the command ran; its audit record may be missing\n");
        return ran_status;
      }
    } else if (type == 'D') {
      char **f = NULL;
      size_t nf = split_fields(body, len, &f);
      /* A status is 1-3 digits; anything else is not a verdict (in check mode 0 would let bash run the text). */
      if (nf < 1 || !f[0][0] || strlen(f[0]) > 3 || strspn(f[0], "0123456789") != strlen(f[0])) return EXIT_BLOCKED;
      return atoi(f[0]);
    } else {
      if (!ran) fallback();
      return ran_status;
    }
    free(body);
  }
}
