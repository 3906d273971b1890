// curl's and wget's options, in one place: which take a value and what the value is (a file
// written or read, a URL, plain data), and which a plain read of a dev server may use. The path
// checks (policy/httpClientOptions.ts), the URL target finder (httpClientArgs.ts) and the
// loopback allowance (loopbackRead.ts) all read these tables.

/** How the loopback allowance (loopbackRead.ts) takes an option: anything absent is not a plain read. */
export type Kind = 'flag' | 'value' | 'method' | 'writeOut' | 'redirects';

export interface PlainReadFacts {
  shorts: Readonly<Record<string, Kind>>;
  longs: Readonly<Record<string, Kind>>;
  /** Whole words that are options but not clusters (`wget -nv`). */
  words?: Readonly<Record<string, Kind>>;
}

// curl: output, verbosity, timeouts, headers and GET/HEAD. Not here, so never a plain read:
// -d/--data*/--json/-F/-T (body, upload), -c (cookie jar), -b, -K (config), -L (redirects),
// -x/--proxy/--preproxy/--socks*, --resolve/--connect-to/--interface/--dns-*/--doh-url,
// --unix-socket, -O/--output-dir/--create-dirs (file names the review does not see), -:/--next.
const CURL_READ: PlainReadFacts = {
  shorts: {
    s: 'flag',
    S: 'flag',
    f: 'flag',
    i: 'flag',
    I: 'flag',
    v: 'flag',
    k: 'flag',
    N: 'flag',
    '#': 'flag',
    '4': 'flag',
    '6': 'flag',
    g: 'flag',
    q: 'flag',
    o: 'value',
    D: 'value',
    H: 'value',
    A: 'value',
    m: 'value',
    r: 'value',
    u: 'value',
    y: 'value',
    Y: 'value',
    w: 'writeOut',
    X: 'method',
  },
  longs: {
    '--silent': 'flag',
    '--show-error': 'flag',
    '--fail': 'flag',
    '--fail-with-body': 'flag',
    '--fail-early': 'flag',
    '--include': 'flag',
    '--head': 'flag',
    '--verbose': 'flag',
    '--insecure': 'flag',
    '--no-buffer': 'flag',
    '--progress-bar': 'flag',
    '--no-progress-meter': 'flag',
    '--ipv4': 'flag',
    '--ipv6': 'flag',
    '--globoff': 'flag',
    '--disable': 'flag',
    '--compressed': 'flag',
    '--http1.0': 'flag',
    '--http1.1': 'flag',
    '--http2': 'flag',
    '--http2-prior-knowledge': 'flag',
    '--raw': 'flag',
    '--no-keepalive': 'flag',
    '--tcp-nodelay': 'flag',
    '--retry-connrefused': 'flag',
    '--retry-all-errors': 'flag',
    '--output': 'value',
    '--dump-header': 'value',
    '--header': 'value',
    '--user-agent': 'value',
    '--max-time': 'value',
    '--connect-timeout': 'value',
    '--retry': 'value',
    '--retry-delay': 'value',
    '--retry-max-time': 'value',
    '--max-filesize': 'value',
    '--range': 'value',
    '--user': 'value',
    '--limit-rate': 'value',
    '--speed-limit': 'value',
    '--speed-time': 'value',
    '--url': 'value',
    '--write-out': 'writeOut',
    '--request': 'method',
  },
};

// wget: quiet output to a named file or stdout, timeouts, headers, and no redirects.
const WGET_READ: PlainReadFacts = {
  shorts: { q: 'flag', S: 'flag', v: 'flag', '4': 'flag', '6': 'flag', O: 'value', T: 'value', t: 'value', U: 'value' },
  longs: {
    '--quiet': 'flag',
    '--server-response': 'flag',
    '--spider': 'flag',
    '--verbose': 'flag',
    '--no-verbose': 'flag',
    '--no-check-certificate': 'flag',
    '--inet4-only': 'flag',
    '--inet6-only': 'flag',
    '--content-on-error': 'flag',
    '--output-document': 'value',
    '--timeout': 'value',
    '--tries': 'value',
    '--header': 'value',
    '--user-agent': 'value',
    '--max-redirect': 'redirects',
  },
  words: { '-nv': 'flag' },
};

/**
 * How an option's value names a file: `write`/`read` it is a path; `at` a value starting with
 * `@` reads the file after it (`-d @f`, `-H @f`); `urlencode` also `name@file`; `form` reads
 * `name=@file` and `name=<file`; `cookie` is a file when it holds no `=`; `flag` takes no value;
 * `value` takes a value that is not a file; `config` loads options from a file (also a read).
 */
export type Use = 'write' | 'read' | 'at' | 'urlencode' | 'form' | 'cookie' | 'flag' | 'value' | 'config' | 'setting';

/**
 * One client's options: `shorts`/`longs` say how each value is used (every value-taking option
 * the review knows, so option values are never mistaken for URL targets); `plainRead` is the
 * allow-list of options a dev-server check may use.
 */
export interface ClientSpec {
  shorts: Readonly<Record<string, Use>>;
  longs: Readonly<Record<string, Use>>;
  plainRead: PlainReadFacts;
}

const CURL: ClientSpec = {
  plainRead: CURL_READ,
  shorts: {
    o: 'write',
    D: 'write',
    c: 'write',
    T: 'read',
    K: 'config',
    d: 'at',
    H: 'at',
    F: 'form',
    b: 'cookie',
    w: 'at',
    A: 'value',
    C: 'value',
    e: 'value',
    E: 'value',
    m: 'value',
    P: 'value',
    Q: 'value',
    r: 'value',
    t: 'value',
    u: 'value',
    U: 'value',
    x: 'value',
    X: 'value',
    y: 'value',
    Y: 'value',
    z: 'value',
  },
  longs: {
    '--output': 'write',
    '--dump-header': 'write',
    '--cookie-jar': 'write',
    '--trace': 'write',
    '--trace-ascii': 'write',
    '--stderr': 'write',
    '--libcurl': 'write',
    '--output-dir': 'write',
    '--etag-save': 'write',
    '--hsts': 'write',
    '--alt-svc': 'write',
    '--upload-file': 'read',
    '--config': 'config',
    '--data': 'at',
    '--data-ascii': 'at',
    '--data-binary': 'at',
    '--json': 'at',
    '--data-raw': 'value',
    '--data-urlencode': 'urlencode',
    '--form': 'form',
    '--form-string': 'value',
    '--header': 'at',
    '--proxy-header': 'at',
    '--write-out': 'at',
    '--cookie': 'cookie',
    '--netrc-file': 'read',
    '--etag-compare': 'read',
    '--variable': 'urlencode',
    '--url-query': 'urlencode',
    '--url': 'value',
    '--proxy': 'value',
    '--request': 'value',
    '--user': 'value',
    '--user-agent': 'value',
    '--referer': 'value',
    '--trace-time': 'flag',
    '--trace-ids': 'flag',
    '--trace-config': 'value',
    '--output-dir-create': 'flag',
    '--create-dirs': 'flag',
    '--data-urlencoded': 'urlencode',
    '--head': 'flag',
    '--help': 'flag',
    '--http1.1': 'flag',
    '--http2': 'flag',
    '--include': 'flag',
    '--insecure': 'flag',
    '--location': 'flag',
    '--silent': 'flag',
    '--show-error': 'flag',
    '--fail': 'flag',
    '--verbose': 'flag',
    '--compressed': 'flag',
    '--remote-name': 'flag',
    '--remote-name-all': 'flag',
    '--max-time': 'value',
    '--connect-timeout': 'value',
    '--remote-header-name': 'flag',
  },
};

const WGET: ClientSpec = {
  plainRead: WGET_READ,
  shorts: {
    O: 'write',
    o: 'write',
    a: 'write',
    P: 'write',
    i: 'read',
    e: 'setting',
    t: 'value',
    T: 'value',
    w: 'value',
    Q: 'value',
    U: 'value',
    l: 'value',
    A: 'value',
    R: 'value',
    D: 'value',
    X: 'value',
    I: 'value',
    B: 'value',
  },
  longs: {
    '--output-document': 'write',
    '--output-file': 'write',
    '--append-output': 'write',
    '--directory-prefix': 'write',
    '--save-cookies': 'write',
    '--input-file': 'read',
    '--post-file': 'read',
    '--body-file': 'read',
    '--load-cookies': 'read',
    '--config': 'config',
    '--execute': 'setting',
    '--post-data': 'value',
    '--body-data': 'value',
    '--header': 'value',
    '--user-agent': 'value',
    '--tries': 'value',
    '--timeout': 'value',
    '--quiet': 'flag',
    '--verbose': 'flag',
    '--no-verbose': 'flag',
    '--continue': 'flag',
    '--recursive': 'flag',
    '--mirror': 'flag',
    '--no-config': 'flag',
    '--no-check-certificate': 'flag',
    '--spider': 'flag',
    '--server-response': 'flag',
    '--output': 'write',
    // Options that decide the names of saved files (downloadNames.ts).
    '--force-directories': 'flag',
    '--no-host-directories': 'flag',
    '--cut-dirs': 'value',
    '--protocol-directories': 'flag',
    '--no-directories': 'flag',
    '--content-disposition': 'flag',
    '--trust-server-names': 'flag',
    '--page-requisites': 'flag',
  },
};

const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** The option tables of `name` (`curl`, `wget`), or undefined for a client not modelled here. */
export function httpClientSpec(name: string): ClientSpec | undefined {
  return own({ curl: CURL, wget: WGET }, name);
}

/** Short option letters that take a value. */
export function shortsWithValue(spec: ClientSpec): ReadonlySet<string> {
  return new Set(Object.keys(spec.shorts).filter((k) => spec.shorts[k] !== 'flag'));
}

/** Long options that take a value. */
export function longsWithValue(spec: ClientSpec): ReadonlySet<string> {
  return new Set(Object.keys(spec.longs).filter((k) => spec.longs[k] !== 'flag'));
}
