import type { OptionModel, ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/**
 * GNU Wget 1.21 (`wget --help`): the one home of what shimctl knows about wget's options and
 * wgetrc commands. The URL finder (urls/httpClientArgs.ts), the path, config and `-e` checks
 * (policy/httpClientOptions.ts) and the loopback allowance (urls/loopbackRead.ts) read this.
 *
 * Boolean long options take an optional `=on|off` and a `--no-NAME` twin (wget's init_switches);
 * `-nv`, `-nc`, `-nd`, `-nH`, `-np` are `-n` with letters. Operands are URL targets (findUrls).
 * `tags`: `plain-read` (a dev-server check may use it), `redirects` (only `=0` keeps it plain),
 * `sends` (a body), `method`,
 * `one-output` (one named document, not URL-named files), `save-dir`, `force-dirs`,
 * `server-named` (names the review cannot see: recursion, Content-Disposition), `no-netrc`
 * (turns off the default login with ~/.netrc).
 */
const URLS = 'urls/findUrls.ts';
const read = ['plain-read'] as const;
const SENDS = ['sends'] as const;
const SERVER = {
  tags: ['server-named'],
  reviewedBy: 'policy/escapeHatches.ts',
  why: 'saves files under names the server chooses',
};

const OPTIONS: OptionModel[] = [
  opt('-e, --execute=COMMAND', 'wget -e robots=off https://example.com', 'exec', {
    reviewedBy: 'policy/httpClientOptions.ts',
    why: 'a wgetrc command can upload, write files or run use_askpass',
  }),
  opt('--use-askpass=COMMAND', 'wget --use-askpass=./pass https://example.com', 'exec', {
    why: 'runs it to ask for credentials',
  }),
  opt('--config=FILE', 'wget --config=my.wgetrc https://example.com', 'loads', {
    reviewedBy: 'policy/escapeHatches.ts',
    why: 'a wgetrc holds more commands: uploads, output files',
  }),
  // wget 1.21 logs in with ~/.netrc (no NETRC variable) by default when a server asks, unless
  // `--no-netrc` or `-e netrc=off` (wget(1)): the file curl's `-n` reads (curl.ts NETRC_FILE),
  // judged the same way (policy/httpClientOptions.ts netrcPaths), when it exists.
  opt('--no-netrc', 'wget --no-netrc https://example.com', 'none', { tags: ['no-netrc'] }),
  opt('-i, --input-file=FILE', 'wget -i urls.txt', 'list'),
  opt('-B, --base=URL', 'wget -F -i page.html -B https://example.com/', 'network', { reviewedBy: URLS }),
  opt('--referer=URL', 'wget --referer=https://example.com/ https://example.com', 'network', { reviewedBy: URLS }),
  opt('-o, --output-file=FILE', 'wget -o log.txt https://example.com', 'write'),
  opt('-a, --append-output=FILE', 'wget -a log.txt https://example.com', 'write'),
  opt('--rejected-log=FILE', 'wget --rejected-log=rej.log https://example.com', 'write'),
  opt('-O, --output-document=FILE', 'wget -O page.html https://example.com', 'write', {
    tags: ['plain-read', 'one-output'],
  }),
  opt('-P, --directory-prefix=PREFIX', 'wget -P dl https://example.com/x', 'write', { tags: ['save-dir'] }),
  opt('--save-cookies=FILE', 'wget --save-cookies=jar.txt https://example.com', 'write'),
  opt('--hsts-file=FILE', 'wget --hsts-file=hsts.txt https://example.com', 'write', {
    why: 'a cache file, read and written',
  }),
  opt('--warc-file=FILENAME', 'wget --warc-file=arch https://example.com', 'write'),
  opt('--warc-tempdir=DIRECTORY', 'wget --warc-tempdir=tmp https://example.com', 'write'),
  opt('--load-cookies=FILE', 'wget --load-cookies=jar.txt https://example.com', 'read'),
  opt('--post-file=FILE', 'wget --post-file=body.json https://example.com', 'read', { tags: SENDS }),
  opt('--body-file=FILE', 'wget --method=PUT --body-file=body.json https://example.com', 'read', { tags: SENDS }),
  opt('--post-data=STRING', 'wget --post-data=a=1 https://example.com', 'none', { tags: SENDS }),
  opt('--body-data=STRING', 'wget --method=PUT --body-data=x https://example.com', 'none', { tags: SENDS }),
  opt('--method=HTTPMethod', 'wget --method=HEAD https://example.com', 'none', { tags: ['method'] }),
  opt('--certificate=FILE', 'wget --certificate=client.pem https://example.com', 'read'),
  opt('--private-key=FILE', 'wget --private-key=client.key https://example.com', 'read'),
  opt('--ca-certificate=FILE', 'wget --ca-certificate=ca.pem https://example.com', 'read'),
  opt('--ca-directory=DIR', 'wget --ca-directory=certs https://example.com', 'read'),
  opt('--crl-file=FILE', 'wget --crl-file=crl.pem https://example.com', 'read'),
  opt('--warc-dedup=FILENAME', 'wget --warc-dedup=old.cdx --warc-file=a https://example.com', 'read'),
  opt('--pinnedpubkey=HASHES', 'wget --pinnedpubkey=sha256//abc https://example.com', 'read', {
    pathIn: /^(?!sha256\/\/)([^;]+)/s,
  }),
  opt('--max-redirect=NUMBER', 'wget --max-redirect=0 -O - http://127.0.0.1:3000/', 'none', {
    tags: ['plain-read', 'redirects'],
  }),
  opt('-x, --force-directories[=BOOL]', 'wget -x https://example.com/a/b', 'none', { tags: ['force-dirs'] }),
  opt('-r, --recursive[=BOOL]', 'wget -r https://example.com/', 'write', SERVER),
  opt('-m, --mirror[=BOOL]', 'wget -m https://example.com/', 'write', SERVER),
  opt('-p, --page-requisites[=BOOL]', 'wget -p https://example.com/', 'write', SERVER),
  opt('--content-disposition[=BOOL]', 'wget --content-disposition https://example.com/x', 'write', SERVER),
  opt('--trust-server-names[=BOOL]', 'wget --trust-server-names https://example.com/x', 'write', SERVER),
  opt('--spider[=BOOL]', 'wget --spider https://example.com', 'none', { tags: ['plain-read', 'one-output'] }),
  opt('-n LETTERS', 'wget -nv https://example.com', 'none', { why: '-nv -nc -nd -nH -np: `no` with letters' }),
  ...[
    '-q, --quiet[=BOOL]',
    '-S, --server-response[=BOOL]',
    '-v, --verbose[=BOOL]',
    '-nv, --no-verbose',
    '--no-check-certificate',
    '-4, --inet4-only[=BOOL]',
    '-6, --inet6-only[=BOOL]',
    '--content-on-error[=BOOL]',
    '-T, --timeout=SECONDS',
    '-t, --tries=NUMBER',
    '--header=STRING',
    '-U, --user-agent=AGENT',
  ].map((s) => ({ ...plain('wget', '-O - https://example.com', s)[0]!, tags: read })),
  ...plain(
    'wget',
    'https://example.com',
    '-V, --version',
    '-h, --help',
    '-b, --background[=BOOL]',
    '-d, --debug[=BOOL]',
    '--report-speed=TYPE',
    '-F, --force-html[=BOOL]',
    '--no-config',
    '--retry-connrefused[=BOOL]',
    '--retry-on-http-error=ERRORS',
    '-nc, --no-clobber',
    '-c, --continue[=BOOL]',
    '--start-pos=OFFSET',
    '--progress=TYPE',
    '--show-progress[=BOOL]',
    '-N, --timestamping[=BOOL]',
    '--no-if-modified-since',
    '--no-use-server-timestamps',
    '--dns-timeout=SECS',
    '--connect-timeout=SECS',
    '--read-timeout=SECS',
    '-w, --wait=SECONDS',
    '--waitretry=SECONDS',
    '--random-wait[=BOOL]',
    '--no-proxy',
    '-Q, --quota=NUMBER',
    '--bind-address=ADDRESS',
    '--limit-rate=RATE',
    '--no-dns-cache',
    '--restrict-file-names=OS',
    '--ignore-case[=BOOL]',
    '--prefer-family=FAMILY',
    '--user=USER',
    '--password=PASS',
    '--ask-password[=BOOL]',
    '--no-iri',
    '--local-encoding=ENC',
    '--remote-encoding=ENC',
    '--unlink[=BOOL]',
    '--xattr[=BOOL]',
    '-nd, --no-directories',
    '-nH, --no-host-directories',
    '--protocol-directories[=BOOL]',
    '--cut-dirs=NUMBER',
    '--http-user=USER',
    '--http-password=PASS',
    '--no-cache',
    '--default-page=NAME',
    '-E, --adjust-extension[=BOOL]',
    '--ignore-length[=BOOL]',
    '--compression=TYPE',
    '--proxy-user=USER',
    '--proxy-password=PASS',
    '--save-headers[=BOOL]',
    '--no-http-keep-alive',
    '--no-cookies',
    '--keep-session-cookies[=BOOL]',
    '--auth-no-challenge[=BOOL]',
    '--secure-protocol=PR',
    '--https-only[=BOOL]',
    '--certificate-type=TYPE',
    '--private-key-type=TYPE',
    '--ciphers=STR',
    '--no-hsts',
    '--ftp-user=USER',
    '--ftp-password=PASS',
    '--no-remove-listing',
    '--no-glob',
    '--no-passive-ftp',
    '--preserve-permissions[=BOOL]',
    '--retr-symlinks[=BOOL]',
    '--ftps-implicit[=BOOL]',
    '--ftps-resume-ssl[=BOOL]',
    '--ftps-clear-data-connection[=BOOL]',
    '--ftps-fallback-to-ftp[=BOOL]',
    '--warc-header=STRING',
    '--warc-max-size=NUMBER',
    '--warc-cdx[=BOOL]',
    '--no-warc-compression',
    '--no-warc-digests',
    '--no-warc-keep-log',
    '-l, --level=NUMBER',
    '--delete-after[=BOOL]',
    '-k, --convert-links[=BOOL]',
    '--convert-file-only[=BOOL]',
    '--backups=N',
    '-K, --backup-converted[=BOOL]',
    '--strict-comments[=BOOL]',
    '-A, --accept=LIST',
    '-R, --reject=LIST',
    '--accept-regex=REGEX',
    '--reject-regex=REGEX',
    '--regex-type=TYPE',
    '-D, --domains=LIST',
    '--exclude-domains=LIST',
    '--follow-ftp[=BOOL]',
    '--follow-tags=LIST',
    '--ignore-tags=LIST',
    '-H, --span-hosts[=BOOL]',
    '-L, --relative[=BOOL]',
    '-I, --include-directories=LIST',
    '-X, --exclude-directories=LIST',
    '-np, --no-parent',
  ),
];

/** Every boolean (`[=BOOL]`) has a `--no-NAME` twin without a value. */
function negations(options: readonly OptionModel[]): OptionModel[] {
  const names = new Set(options.flatMap((o) => o.names));
  return options
    .filter((o) => o.arity === 'optional')
    .flatMap((o) => o.names.filter((n) => n.startsWith('--')))
    .map((n) => `--no-${n.slice(2)}`)
    .filter((n) => !names.has(n))
    .map((n) => opt(n, `wget ${n} https://example.com`));
}

export const wgetModel: ToolModel = {
  commands: ['wget'],
  options: [...OPTIONS, ...negations(OPTIONS)],
  operands: { rest: 'network', reviewedBy: 'the URL stage (urls/httpClientArgs.ts, loopbackRead.ts)' },
};

/** wgetrc commands (`-e NAME=VALUE`, keys normalised: case, `_` and `-` ignored) that name files. */
export const WGETRC_FILES: Readonly<Record<string, 'read' | 'write'>> = {
  postfile: 'read',
  bodyfile: 'read',
  inputfile: 'read',
  loadcookies: 'read',
  cacertificate: 'read',
  outputdocument: 'write',
  logfile: 'write',
  savecookies: 'write',
  dirprefix: 'write',
};

/** wgetrc commands that change only politeness, retries and verbosity. */
export const WGETRC_HARMLESS: ReadonlySet<string> = new Set([
  // `netrc=off` turns the default login off, `netrc=on` is the default (judged in netrcPaths).
  'netrc',
  'robots',
  'tries',
  'timeout',
  'wait',
  'waitretry',
  'randomwait',
  'quiet',
  'verbose',
  'recursive',
  'reclevel',
  'noparent',
  'continue',
  'timestamping',
  'useragent',
  'progress',
  'retryconnrefused',
  'dnstimeout',
  'readtimeout',
  'connecttimeout',
  'limitrate',
  'useproxy',
  'showprogress',
  'serverresponse',
  'spanhosts',
  'convertlinks',
  'pagerequisites',
  'mirror',
  'inet4only',
  'inet6only',
  'noproxy',
]);

/** wgetrc proxy commands: their values are judged as URLs (review/assignmentEffects.ts). */
export const WGETRC_PROXIES: ReadonlySet<string> = new Set(['httpproxy', 'httpsproxy', 'ftpproxy']);
