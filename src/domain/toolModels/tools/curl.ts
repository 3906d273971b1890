import type { OptionModel, ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/**
 * curl 7.88 to 8.x (`curl --help all`): the one home of what shimctl knows about curl's options.
 * The URL finder (urls/httpClientArgs.ts), the path and config checks (policy/httpClientOptions.ts)
 * and the loopback allowance (urls/loopbackRead.ts) read this table; none keeps its own list.
 *
 * Operands are URL targets, judged by the URL policy (findUrls): `reviewedBy`. Options whose value
 * is a URL, a proxy, an address map or a socket are targets too. `tags` carry the facts one
 * reader needs: `plain-read` (a dev-server check may use it), `method`, `sends` (a body or an
 * upload), `sends-file` (sends
 * the file its value names, in that form only), `sends-env` (`%NAME`: an environment value), `write-out`,
 * `server-named` (the server picks the file name), `remote-name` (saved under the URL's name),
 * `save-dir`, `output-template` (`#N` takes the URL glob's text), `globoff` (no URL globbing),
 * `netrc` (logs in with a netrc file), `prints-request` (shows the request's headers, the
 * netrc login among them). Boolean options also take `--no-NAME`.
 */
const URLS = 'urls/findUrls.ts';
const CONFIG = 'policy/escapeHatches.ts';
const read = ['plain-read'] as const;
/** A request body or upload (policy/packs/net.ts asks before sending data). */
const SENDS = ['sends'] as const;
/**
 * The file (or stdin, `-`) the value names through `pathIn` goes into the request: a header, a
 * query, a cookie, a variable for `{{name}}` expansion. Sends data only in that file form
 * (`-H @FILE` asks, `-H Accept:x` does not: attack pass 13).
 */
const SENDS_FILE = ['sends-file'] as const;
/** `-d @FILE`: a value starting with `@` reads that file. */
const AT = /^@(.+)$/s;
/** `--data-urlencode name@FILE` and `@FILE`. */
const URLENCODE = /^[^=]*?@(.+)$/s;
/** `-n`/`--netrc-optional` read this file (curl's man page: "~/.netrc"); `--netrc-file` names another. */
export const NETRC_FILE = '~/.netrc';
/** The protected-path rule of the netrc file: curl logs in with it (judged like `ssh -i KEY`). */
export const NETRC_RULE = 'paths:netrc';
/**
 * curl 8.3 `-w '%output{FILE}'`, `%output{>>FILE}`: the rest of the write-out goes to FILE (each
 * match's first group). Without the closing brace curl writes nothing; the rest is still taken.
 */
export const WRITE_OUT_FILES = /%output\{(?:>>)?([^}]*)\}?/gi;

const OPTIONS: OptionModel[] = [
  // Targets: judged by the URL policy.
  opt('-x, --proxy=URL', 'curl -x http://127.0.0.1:3128 https://example.com', 'network', { reviewedBy: URLS }),
  opt('--preproxy=URL', 'curl --preproxy socks5://127.0.0.1 https://example.com', 'network', { reviewedBy: URLS }),
  opt('--proxy1.0=HOST', 'curl --proxy1.0 127.0.0.1:3128 https://example.com', 'network', { reviewedBy: URLS }),
  opt('--socks4=HOST', 'curl --socks4 127.0.0.1 https://example.com', 'network', { reviewedBy: URLS }),
  opt('--socks4a=HOST', 'curl --socks4a 127.0.0.1 https://example.com', 'network', { reviewedBy: URLS }),
  opt('--socks5=HOST', 'curl --socks5 127.0.0.1 https://example.com', 'network', { reviewedBy: URLS }),
  opt('--socks5-hostname=HOST', 'curl --socks5-hostname 127.0.0.1 https://example.com', 'network', {
    reviewedBy: URLS,
  }),
  opt('--url=URL', 'curl --url https://example.com', 'network', { reviewedBy: URLS, tags: read }),
  // The resolvers the lookups go to (a c-ares build): each address is a network target, and a
  // chosen resolver can point any name inside (attack pass 11).
  opt('--dns-servers=ADDRESSES', 'curl --dns-servers 1.1.1.1 https://example.com', 'network', { split: ',' }),
  opt('--doh-url=URL', 'curl --doh-url https://dns.example https://example.com', 'network', { reviewedBy: URLS }),
  opt('-e, --referer=URL', 'curl -e https://example.com/ https://example.com', 'network', { reviewedBy: URLS }),
  opt('--resolve=MAP', 'curl --resolve example.com:443:127.0.0.1 https://example.com', 'network', {
    reviewedBy: URLS,
    target: 'addresses',
  }),
  opt('--connect-to=MAP', 'curl --connect-to example.com:443:127.0.0.1:8443 https://example.com', 'network', {
    reviewedBy: URLS,
    target: 'addresses',
  }),
  opt('--unix-socket=PATH', 'curl --unix-socket /run/x.sock http://localhost/', 'network', {
    reviewedBy: URLS,
    target: 'socket',
  }),
  opt('--abstract-unix-socket=PATH', 'curl --abstract-unix-socket x http://localhost/', 'network', {
    reviewedBy: URLS,
    target: 'socket',
  }),
  opt('--proto-default=PROTOCOL', 'curl --proto-default https example.com', 'none', {
    sets: 'operand-paths',
    why: 'a scheme-less operand then names a local file under `file`',
  }),
  // Files written.
  opt('-o, --output=FILE', 'curl -o out.json https://example.com', 'write', {
    tags: ['plain-read', 'output-template'],
    why: "with URL globbing, `#N` in FILE is replaced by the URL glob's text (policy/curlGlob.ts)",
  }),
  opt('-D, --dump-header=FILE', 'curl -D headers.txt https://example.com', 'write', { tags: read }),
  opt('-c, --cookie-jar=FILE', 'curl -c jar.txt https://example.com', 'write'),
  opt('--trace=FILE', 'curl --trace t.log https://example.com', 'write', { tags: ['prints-request'] }),
  opt('--trace-ascii=FILE', 'curl --trace-ascii t.log https://example.com', 'write', { tags: ['prints-request'] }),
  opt('--stderr=FILE', 'curl --stderr err.log https://example.com', 'write'),
  opt('--libcurl=FILE', 'curl --libcurl code.c https://example.com', 'write'),
  opt('--output-dir=DIR', 'curl --output-dir dl -O https://example.com/x', 'write', { tags: ['save-dir'] }),
  opt('--etag-save=FILE', 'curl --etag-save etag.txt https://example.com', 'write'),
  opt('--hsts=FILE', 'curl --hsts hsts.txt https://example.com', 'write', { why: 'a cache file, read and written' }),
  opt('--alt-svc=FILE', 'curl --alt-svc altsvc.txt https://example.com', 'write', {
    why: 'a cache file, read and written',
  }),
  opt('-O, --remote-name', 'curl -O https://example.com/x.tgz', 'write', {
    tags: ['remote-name'],
    reviewedBy: 'policy/httpClientOptions.ts',
    why: 'saves under the name in the URL (policy/downloadNames.ts)',
  }),
  opt('--remote-name-all', 'curl --remote-name-all https://example.com/x.tgz', 'write', {
    tags: ['remote-name'],
    reviewedBy: 'policy/httpClientOptions.ts',
    why: 'saves under the name in the URL (policy/downloadNames.ts)',
  }),
  opt('-J, --remote-header-name', 'curl -OJ https://example.com/x', 'write', {
    tags: ['server-named'],
    reviewedBy: CONFIG,
    why: 'the server chooses the file name',
  }),
  // Files read (and sent, for uploads and bodies).
  opt('-T, --upload-file=FILE', 'curl -T file.txt https://example.com/', 'read', { tags: SENDS }),
  opt('-d, --data=DATA', 'curl -d a=1 https://example.com', 'read', { pathIn: AT, tags: SENDS }),
  opt('--data-ascii=DATA', 'curl --data-ascii a=1 https://example.com', 'read', { pathIn: AT, tags: SENDS }),
  opt('--data-binary=DATA', 'curl --data-binary @body.bin https://example.com', 'read', { pathIn: AT, tags: SENDS }),
  opt('--json=DATA', 'curl --json {} https://example.com', 'read', { pathIn: AT, tags: SENDS }),
  opt('--data-raw=DATA', 'curl --data-raw @literal https://example.com', 'none', { tags: SENDS }),
  opt('--data-urlencode=DATA', 'curl --data-urlencode q@query.txt https://example.com', 'read', {
    pathIn: URLENCODE,
    tags: SENDS,
  }),
  opt('--url-query=DATA', 'curl --url-query q@query.txt https://example.com', 'read', {
    pathIn: URLENCODE,
    tags: SENDS_FILE,
  }),
  // `%NAME` takes an environment variable's value (tokens among them): `sends-env`.
  opt('--variable=NAME', 'curl --variable host@name.txt https://example.com', 'read', {
    pathIn: URLENCODE,
    tags: [...SENDS_FILE, 'sends-env'],
  }),
  opt('-F, --form=NAME=CONTENT', 'curl -F f=@a.txt https://example.com', 'read', {
    pathIn: /^[^=]*=[@<]([^;]+)/s,
    tags: SENDS,
  }),
  opt('--form-string=NAME=STRING', 'curl --form-string f=@a https://example.com', 'none', { tags: SENDS }),
  opt('-H, --header=HEADER', 'curl -H Accept:text/plain https://example.com', 'read', {
    pathIn: AT,
    tags: [...read, ...SENDS_FILE],
  }),
  opt('--proxy-header=HEADER', 'curl --proxy-header X:1 -x 127.0.0.1:3128 https://example.com', 'read', {
    pathIn: AT,
    tags: SENDS_FILE,
  }),
  opt('-w, --write-out=FORMAT', 'curl -w %{http_code} https://example.com', 'read', {
    pathIn: AT,
    tags: ['plain-read', 'write-out'],
    why: '`@FILE` reads the format from FILE; `%output{FILE}` writes FILE (WRITE_OUT_FILES)',
  }),
  opt('-b, --cookie=DATA', 'curl -b a=1 https://example.com', 'read', {
    pathIn: /^([^=]+)$/s,
    tags: SENDS_FILE,
    why: 'a value without `=` is a cookie file, its cookies sent',
  }),
  // Logins: the netrc file's password is sent (policy/httpClientOptions.ts: a credential use, asked).
  opt('--netrc-file=FILE', 'curl --netrc-file creds https://example.com', 'read', {
    tags: ['netrc'],
    reviewedBy: 'policy/httpClientOptions.ts',
  }),
  opt('-n, --netrc', 'curl -n https://example.com', 'none', {
    tags: ['netrc'],
    reviewedBy: 'policy/httpClientOptions.ts',
    why: 'logs in with the password for the host in ~/.netrc (NETRC_FILE)',
  }),
  opt('--netrc-optional', 'curl --netrc-optional https://example.com', 'none', {
    tags: ['netrc'],
    reviewedBy: 'policy/httpClientOptions.ts',
    why: 'logs in with the password for the host in ~/.netrc (NETRC_FILE)',
  }),
  opt('-v, --verbose', 'curl -v https://example.com', 'none', {
    tags: ['plain-read', 'prints-request'],
    why: 'prints the request headers, an Authorization header among them',
  }),
  opt('-g, --globoff', 'curl -g https://example.com/[x]', 'none', {
    tags: ['plain-read', 'globoff'],
    why: 'URLs are taken as written: no {a,b} or [1-3] sets, `#N` in -o is literal',
  }),
  opt('--etag-compare=FILE', 'curl --etag-compare etag.txt https://example.com', 'read', {
    tags: SENDS,
    why: "the file's content is sent as the If-None-Match header",
  }),
  opt('--cacert=FILE', 'curl --cacert ca.pem https://example.com', 'read'),
  opt('--capath=DIR', 'curl --capath certs https://example.com', 'read'),
  opt('--proxy-cacert=FILE', 'curl --proxy-cacert ca.pem https://example.com', 'read'),
  opt('--proxy-capath=DIR', 'curl --proxy-capath certs https://example.com', 'read'),
  opt('-E, --cert=CERT', 'curl -E client.pem https://example.com', 'read', { pathIn: /^([^:]+)/s }),
  opt('--proxy-cert=CERT', 'curl --proxy-cert client.pem https://example.com', 'read', { pathIn: /^([^:]+)/s }),
  opt('--key=FILE', 'curl --key client.key https://example.com', 'read'),
  opt('--proxy-key=FILE', 'curl --proxy-key client.key https://example.com', 'read'),
  opt('--pubkey=FILE', 'curl --pubkey id.pub sftp://example.com/', 'read'),
  opt('--crlfile=FILE', 'curl --crlfile crl.pem https://example.com', 'read'),
  opt('--proxy-crlfile=FILE', 'curl --proxy-crlfile crl.pem https://example.com', 'read'),
  opt('--pinnedpubkey=HASHES', 'curl --pinnedpubkey sha256//abc https://example.com', 'read', {
    pathIn: /^(?!sha256\/\/)([^;]+)/s,
  }),
  opt('--proxy-pinnedpubkey=HASHES', 'curl --proxy-pinnedpubkey sha256//abc https://example.com', 'read', {
    pathIn: /^(?!sha256\/\/)([^;]+)/s,
  }),
  opt('--random-file=FILE', 'curl --random-file seed https://example.com', 'read'),
  opt('--egd-file=FILE', 'curl --egd-file egd.sock https://example.com', 'read'),
  // Options and code loaded from elsewhere.
  opt('-K, --config=FILE', 'curl -K opts.txt https://example.com', 'loads', {
    reviewedBy: CONFIG,
    why: 'a config file holds more options: uploads, URLs, output files',
  }),
  opt('--engine=NAME', 'curl --engine list', 'loads', { why: 'a crypto engine is a shared library' }),
  // Request shape, read by the loopback allowance.
  opt('-X, --request=METHOD', 'curl -X GET https://example.com', 'none', { tags: ['plain-read', 'method'] }),
  ...[
    '-s, --silent',
    '-S, --show-error',
    '-f, --fail',
    '--fail-with-body',
    '--fail-early',
    '-i, --include',
    '-I, --head',
    '-k, --insecure',
    '-N, --no-buffer',
    '-#, --progress-bar',
    '--no-progress-meter',
    '-4, --ipv4',
    '-6, --ipv6',
    '-q, --disable',
    '--compressed',
    '-0, --http1.0',
    '--http1.1',
    '--http2',
    '--http2-prior-knowledge',
    '--raw',
    '--no-keepalive',
    '--tcp-nodelay',
    '--retry-connrefused',
    '--retry-all-errors',
    '-A, --user-agent=NAME',
    '-m, --max-time=SECONDS',
    '--connect-timeout=SECONDS',
    '--retry=NUM',
    '--retry-delay=SECONDS',
    '--retry-max-time=SECONDS',
    '--max-filesize=BYTES',
    '-r, --range=RANGE',
    '-u, --user=USER:PASSWORD',
    '--limit-rate=SPEED',
    '-Y, --speed-limit=SPEED',
    '-y, --speed-time=SECONDS',
  ].map((s) => ({ ...plain('curl', 'https://example.com', s)[0]!, tags: read })),
  ...plain(
    'curl',
    'https://example.com',
    '--anyauth',
    '-a, --append',
    '--aws-sigv4=PROVIDER',
    '--basic',
    '--cert-status',
    '--cert-type=TYPE',
    '--ciphers=LIST',
    '--compressed-ssh',
    '-C, --continue-at=OFFSET',
    '--create-dirs',
    '--create-file-mode=MODE',
    '--crlf',
    '--curves=LIST',
    '--delegation=LEVEL',
    '--digest',
    '--disable-eprt',
    '--disable-epsv',
    '--disallow-username-in-url',
    '--dns-interface=IFACE',
    '--dns-ipv4-addr=ADDRESS',
    '--dns-ipv6-addr=ADDRESS',
    '--doh-cert-status',
    '--doh-insecure',
    '--expect100-timeout=SECONDS',
    '--false-start',
    '--form-escape',
    '--ftp-account=DATA',
    '--ftp-alternative-to-user=COMMAND',
    '--ftp-create-dirs',
    '--ftp-method=METHOD',
    '--ftp-pasv',
    '-P, --ftp-port=ADDRESS',
    '--ftp-pret',
    '--ftp-skip-pasv-ip',
    '--ftp-ssl-ccc',
    '--ftp-ssl-ccc-mode=MODE',
    '--ftp-ssl-control',
    '-G, --get',
    '--happy-eyeballs-timeout-ms=MS',
    '--haproxy-protocol',
    '-h, --help',
    '--hostpubmd5=MD5',
    '--hostpubsha256=SHA256',
    '--http0.9',
    '--http3',
    '--http3-only',
    '--ignore-content-length',
    '--interface=NAME',
    '-j, --junk-session-cookies',
    '--keepalive-time=SECONDS',
    '--key-type=TYPE',
    '--krb=LEVEL',
    '-l, --list-only',
    '--local-port=RANGE',
    '-L, --location',
    '--location-trusted',
    '--login-options=OPTIONS',
    '--mail-auth=ADDRESS',
    '--mail-from=ADDRESS',
    '--mail-rcpt=ADDRESS',
    '--mail-rcpt-allowfails',
    '-M, --manual',
    '--max-redirs=NUM',
    '--metalink',
    '--negotiate',
    '-:, --next',
    '--no-alpn',
    '--no-clobber',
    '--no-npn',
    '--no-sessionid',
    '--noproxy=LIST',
    '--ntlm',
    '--ntlm-wb',
    '--oauth2-bearer=TOKEN',
    '-Z, --parallel',
    '--parallel-immediate',
    '--parallel-max=NUM',
    '--pass=PHRASE',
    '--path-as-is',
    '--post301',
    '--post302',
    '--post303',
    '--proto=PROTOCOLS',
    '--proto-redir=PROTOCOLS',
    '--proxy-anyauth',
    '--proxy-basic',
    '--proxy-cert-type=TYPE',
    '--proxy-ciphers=LIST',
    '--proxy-digest',
    '--proxy-insecure',
    '--proxy-key-type=TYPE',
    '--proxy-negotiate',
    '--proxy-ntlm',
    '--proxy-pass=PHRASE',
    '--proxy-service-name=NAME',
    '--proxy-ssl-allow-beast',
    '--proxy-ssl-auto-client-cert',
    '--proxy-tls13-ciphers=LIST',
    '--proxy-tlsauthtype=TYPE',
    '--proxy-tlspassword=STRING',
    '--proxy-tlsuser=NAME',
    '--proxy-tlsv1',
    '-U, --proxy-user=USER:PASSWORD',
    '-p, --proxytunnel',
    '-Q, --quote=COMMAND',
    '--rate=RATE',
    '-R, --remote-time',
    '--remove-on-error',
    '--request-target=PATH',
    '--sasl-authzid=IDENTITY',
    '--sasl-ir',
    '--service-name=NAME',
    '--socks5-basic',
    '--socks5-gssapi',
    '--socks5-gssapi-nec',
    '--socks5-gssapi-service=NAME',
    '--ssl',
    '--ssl-allow-beast',
    '--ssl-auto-client-cert',
    '--ssl-no-revoke',
    '--ssl-reqd',
    '--ssl-revoke-best-effort',
    '-2, --sslv2',
    '-3, --sslv3',
    '--styled-output',
    '--suppress-connect-headers',
    '--tcp-fastopen',
    '-t, --telnet-option=OPT=VAL',
    '--tftp-blksize=VALUE',
    '--tftp-no-options',
    '-z, --time-cond=TIME',
    '--tls-max=VERSION',
    '--tls13-ciphers=LIST',
    '--tlsauthtype=TYPE',
    '--tlspassword=STRING',
    '--tlsuser=NAME',
    '-1, --tlsv1',
    '--tlsv1.0',
    '--tlsv1.1',
    '--tlsv1.2',
    '--tlsv1.3',
    '--tr-encoding',
    '--trace-time',
    '--trace-ids',
    '--trace-config=LIST',
    '-B, --use-ascii',
    '-V, --version',
    '--xattr',
    '--output-dir-create',
  ),
];

/** curl accepts `--no-NAME` for every boolean long option (`--no-silent`, `--no-location`): no effect. */
function negations(options: readonly OptionModel[]): OptionModel[] {
  const names = new Set(options.flatMap((o) => o.names));
  return options
    .filter((o) => o.arity === 'none')
    .flatMap((o) => o.names.filter((n) => n.startsWith('--') && !n.startsWith('--no-')))
    .map((n) => `--no-${n.slice(2)}`)
    .filter((n) => !names.has(n))
    .map((n) => opt(n, `curl ${n} https://example.com`));
}

export const curlModel: ToolModel = {
  commands: ['curl'],
  options: [...OPTIONS, ...negations(OPTIONS)],
  operands: { rest: 'network', reviewedBy: 'the URL stage (urls/httpClientArgs.ts, loopbackRead.ts)' },
  operandsWhen: { 'operand-paths': { rest: 'read' } },
};
