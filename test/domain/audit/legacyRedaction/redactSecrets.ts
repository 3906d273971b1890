// Frozen copy of the redactor before issue 17 (commit 418b3d9): the oracle the linear-time
// rewrite is held to (test/domain/audit/redactionLinear.test.ts). Never imported by src/.
import { SECRET_FLAGS, SECRET_NAME, SECRET_SHAPES } from './secretPatterns.js';
import { redactQuoteSplitShapes } from './quoteSplitSecrets.js';
import { isHttpClient, isHttpieLike } from '../../../../src/domain/urls/httpClientArgs.js';

/**
 * Replaces every secret in a piece of text with `[REDACTED:<label>]`, so an audit record stays
 * useful ("a GitHub token was passed here") without holding the value. Over-redaction is the
 * accepted failure mode: a false positive costs readability, a miss leaks a credential.
 */
export function redactSecrets(text: string): string {
  if (text.length === 0) return text;
  let out = text;
  for (const { label, re } of SECRET_SHAPES) out = out.replace(re, marker(label));
  for (const rule of CONTEXT_RULES) out = rule(out);
  return redactQuoteSplitShapes(out);
}

/** Options whose value is the NEXT argv element (`--password hunter2`). */
const FLAG_BEFORE_VALUE = new RegExp(`^--(?:${SECRET_FLAGS})$`, 'i');
const KEY_BLOCK_START = /-----BEGIN[A-Z0-9 ]*PRIVATE KEY/;
/** One argv element that is all assignment: its value runs to the end, blanks included. */
const WHOLE_ELEMENT_SECRET = new RegExp(
  `^((?:--(?:${SECRET_FLAGS})|(?!(?:OLD)?PWD=)(?:${SECRET_NAME}))=)(?=.)[\\s\\S]*$`,
  'i',
);
const REGISTRY_LOGIN = /^(?:docker|podman|nerdctl|buildah|skopeo|helm|oras)$/;
const MYSQL_FAMILY = /^(?:mysql\w*|mariadb[\w-]*)$/;
/** curl and wget `user:password` options: separate (`-u X`), glued (`-uX`, `-su X`), or `--user=X`. */
const CLIENT_USER_FLAG = /^(?:-[A-Za-z]*[uU]|--(?:proxy-)?user)$/;
const CLIENT_USER_GLUED = /^(-[A-Za-z]*?[uU]|--(?:proxy-)?user=)(.+)$/;
/** httpie and xh: `-a user:password`, `-aX`, `--auth=X`; with `-A bearer` the value is a token. */
const HTTPIE_AUTH_FLAG = /^(?:-[A-Za-z]*a|--auth|--proxy-auth)$/;
const HTTPIE_AUTH_GLUED = /^(-[A-Za-z]*?a|--(?:proxy-)?auth=)(.+)$/;

/**
 * Redacts an argv array: each element as text, plus secrets carried by position (the element
 * after `--token`, `sshpass -p X`, mysql's glued `-pX`, curl's `-u user:pass`).
 */
export function redactArgv(argv: readonly string[]): string[] {
  const tool = basename(argv[0] ?? '');
  const out = argv.map(redactSecrets);
  const awsInView = AWS_CONTEXT.test(argv.join(' '));
  let inKeyBlock = false;
  let seenEnd = false;
  // The HTTP client in charge of the words that follow (`sudo curl`, `env X=1 http`), and whether
  // the words are sshpass's own options (they end where the command it runs begins).
  let client = isHttpClient(tool) ? tool : undefined;
  let sshpass = false;
  for (let i = 0; i < argv.length; i++) {
    const prev = i > 0 ? argv[i - 1]! : '';
    const arg = argv[i]!;
    if (i > 0 && isHttpClient(arg)) client = basename(arg);
    if (sshpass && !arg.startsWith('-') && !/^-[fdPp]$/.test(prev)) sshpass = false;
    if (basename(arg) === 'sshpass') sshpass = true;
    const auth = client === undefined ? undefined : clientAuth(client, prev, arg);
    // A private-key block split over several elements: everything up to its END line goes.
    if (inKeyBlock || (KEY_BLOCK_START.test(argv.slice(i, i + 4).join(' ')) && arg.includes('-----BEGIN'))) {
      if (!inKeyBlock) seenEnd = false;
      seenEnd ||= arg.includes('-----END');
      inKeyBlock = !(seenEnd && /KEY(?: BLOCK)?-----$/.test(arg));
      out[i] = marker('private-key');
    } else if (WHOLE_ELEMENT_SECRET.test(arg)) {
      out[i] = arg.replace(WHOLE_ELEMENT_SECRET, (_m, prefix: string) => `${prefix}${marker('secret-assignment')}`);
    } else if (i === 0) continue;
    else if (FLAG_BEFORE_VALUE.test(prev) && !isMarker(out[i]!)) out[i] = marker('flag-secret');
    else if (/^['"]?(?:bearer|basic|token|digest)$/i.test(prev) && !isMarker(out[i]!)) out[i] = marker('auth-header');
    else if (auth !== undefined) out[i] = auth;
    else if (sshpass && prev === '-p') out[i] = marker('password-flag');
    else if (sshpass && /^-p.+/.test(arg)) out[i] = `-p${marker('password-flag')}`;
    else if (REGISTRY_LOGIN.test(tool) && argv.includes('login') && prev === '-p') out[i] = marker('password-flag');
    else if (tool === 'openssl' && /^-(?:k|pass|passin|passout)$/.test(prev)) out[i] = marker('password-flag');
    else if (MYSQL_FAMILY.test(tool) && /^-p.+/.test(arg)) out[i] = `-p${marker('password-flag')}`;
    else if (awsInView) out[i] = redactAwsSecretKeys(out[i]!);
  }
  return out;
}

/**
 * The redacted form of `arg` when it carries an HTTP client's credential, else undefined:
 * `user:password` keeps the user; httpie's colon-less `-a` value (a bearer token) goes whole.
 */
function clientAuth(client: string, prev: string, arg: string): string | undefined {
  const httpie = isHttpieLike(client);
  const secret = (value: string, bareIsSecret: boolean): string | undefined => {
    const colon = value.indexOf(':');
    if (colon >= 0)
      return colon + 1 < value.length ? `${redactSecrets(value.slice(0, colon))}:${marker('basic-auth')}` : undefined;
    return bareIsSecret && value !== '' ? marker('basic-auth') : undefined;
  };
  if (CLIENT_USER_FLAG.test(prev)) return secret(arg, false);
  if (httpie && HTTPIE_AUTH_FLAG.test(prev)) return secret(arg, true);
  const user = CLIENT_USER_GLUED.exec(arg);
  if (user) {
    const redacted = secret(user[2]!, false);
    if (redacted !== undefined) return `${user[1]}${redacted}`;
  }
  const auth = httpie ? HTTPIE_AUTH_GLUED.exec(arg) : null;
  if (auth) {
    const redacted = secret(auth[2]!, true);
    if (redacted !== undefined) return `${auth[1]}${redacted}`;
  }
  return undefined;
}

function marker(label: string): string {
  return `[REDACTED:${label}]`;
}

function isMarker(value: string): boolean {
  return /^['"]?\[REDACTED:[a-z-]+\]/.test(value);
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A value as the shell sees it: one word, its quoted and unquoted pieces joined, up to a blank. */
// Attack pass 14 changed the reading itself (not the linear code): an unquoted `;&|<>()` ends
// a value as a blank does. The oracle takes the same change, so it still holds the linear-time
// reading (shellValue.ts, the scans) to the regex one.
const VALUE = `(?:'[^']*(?:'|$)|"(?:[^"\\\\]|\\\\[\\s\\S])*(?:"|$)|\\\\[\\s\\S]|[^\\s'"\\\\;&|<>()])+`;

/** Replaces the captured value (last group) unless it is empty or already a marker. */
function replaceValue(re: RegExp, label: string): (text: string) => string {
  return (text) =>
    text.replace(re, (whole: string, ...groups: unknown[]) => {
      const captures = groups.slice(
        0,
        groups.findIndex((g) => typeof g === 'number'),
      ) as (string | undefined)[];
      const value = captures[captures.length - 1] ?? '';
      const prefix = captures.slice(0, -1).join('');
      if (value === '' || value === "''" || value === '""' || isMarker(value)) return whole;
      return `${prefix}${marker(label)}`;
    });
}

const CONTEXT_RULES: readonly ((text: string) => string)[] = [
  // Authorization headers: keep the scheme, drop the credential.
  // A backslash-escaped blank (`Bearer\ TOKEN` in raw shell text) separates like a blank.
  replaceValue(
    /((?:proxy-)?authorization\s*[:=]\s*(?:bearer|basic|token|digest|negotiate|bot|apikey)?(?:\s|\\\s)*)([^\s'",;\\]+)/gi,
    'auth-header',
  ),
  replaceValue(
    /((?:x-api-key|api-key|x-auth-token|private-token|x-goog-api-key|anthropic-api-key|x-vault-token|cookie|set-cookie)\s*:\s*)([^\s'"]+)/gi,
    'auth-header',
  ),
  replaceValue(/(\bbearer(?:\s|\\\s)+)([A-Za-z0-9._~+/=-]{8,})/gi, 'bearer-token'),
  // user:pass@ in URLs (any scheme); the user name stays.
  replaceValue(
    /((?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s/:@'"[]*:)([^\s/'"]+)(?=@)/gi,
    'url-password',
  ) /* attack pass 14: to the last `@`, as src/ */,
  // Secrets in query strings.
  replaceValue(
    /([?&;](?:token|access_token|refresh_token|id_token|auth_token|api_key|apikey|api-key|key|secret|client_secret|password|passwd|pwd|sig|signature|session|sessionid|code|x-amz-signature|x-amz-security-token|x-goog-signature)=)([^&#\s'"]+)/gi,
    'query-secret',
  ),
  // JSON-ish bodies: "password": "x".
  replaceValue(
    /("(?:password|passwd|token|secret|api_?key|apiKey|access_?token|accessToken|client_?secret|clientSecret|private_?key|auth)"\s*:\s*")((?:[^"\\]|\\.)*)(?=")/gi,
    'json-secret',
  ),
  // --password=x, --token x, ...
  replaceValue(new RegExp(`((?<![\\w-])--(?:${SECRET_FLAGS})=)(${VALUE})`, 'gi'), 'flag-secret'),
  replaceValue(new RegExp(`((?<![\\w-])--(?:${SECRET_FLAGS})\\s+)(?!--)(${VALUE})`, 'gi'), 'flag-secret'),
  // NAME_TOKEN=value, export FOO_KEY=value, --env X_SECRET=value (PWD/OLDPWD are paths, not secrets).
  replaceValue(
    new RegExp(`((?<![A-Za-z0-9_$])(?!(?:OLD)?PWD=)(?:${SECRET_NAME})=)(${VALUE})`, 'gi'),
    'secret-assignment',
  ),
  // Glued or separate password flags of tools known to take them.
  replaceValue(
    /(\b(?:mysql\w*|mariadb[\w-]*)\b[^\n]*?\s-p)([^\s'";&|<>()-][^\s;&|<>()]*|'[^']*'|"[^"]*")/g,
    'password-flag',
  ),
  // sshpass [-f FILE|-d FD|-P PROMPT|-e|-v] -p PASSWORD, glued (`-pX`) or not.
  replaceValue(
    new RegExp(`(\\bsshpass(?:\\s+-(?:[fdP]\\s*(?:${VALUE})|[A-Za-z]))*\\s+-p\\s*)(${VALUE})`, 'g'),
    'password-flag',
  ),
  // Registry logins and openssl take the password itself after a short flag.
  replaceValue(
    new RegExp(
      `(\\b(?:docker|podman|nerdctl|buildah|skopeo|helm|oras)\\b[^\\n]*?\\blogin\\b[^\\n]*?\\s-p\\s*)(?!-)(${VALUE})`,
      'g',
    ),
    'password-flag',
  ),
  replaceValue(
    new RegExp(`(\\bopenssl\\b[^\\n]*?\\s-(?:k|pass|passin|passout)\\s+)(?!-)(${VALUE})`, 'g'),
    'password-flag',
  ),
  redactClientCredentials,
  awsSecretNearAccessKey,
];

/** One word of shell text, quotes and operators excluded. */
const WORD = /[^\s;&|()<>`'"]+/g;
/** An option carrying `user:password` (curl, wget) or httpie's `-a`, then its value. */
const CLIENT_CREDENTIAL = new RegExp(
  `(\\s(?:-[A-Za-z]*[uUa]|--(?:proxy-)?(?:user|auth)(?![\\w-]))(?:\\s+|=)?)` +
    `(?:'([^':]*):([^']*)'?|"([^":]*):((?:[^"\\\\]|\\\\.)*)"?|([^\\s:'"[]*):(?!//)(${VALUE}))`,
  'g',
);
/** httpie's `-a TOKEN` (with `-A bearer`): a value without a colon is the credential itself. */
const HTTPIE_TOKEN = new RegExp(
  `(\\s(?:-[A-Za-z]*a|--(?:proxy-)?auth(?![\\w-]))(?:\\s+|=)?)(?![-\\[])(?![^\\s]*:)(${VALUE})`,
  'g',
);

/**
 * `curl -u user:pass`, `-uuser:pass`, `--user=:pass`, `http -a user:pass`: on each line, the
 * words after an HTTP client (any client `isHttpClient` knows) lose the password, keep the user.
 */
function redactClientCredentials(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      for (const m of line.matchAll(WORD)) {
        if (!isHttpClient(m[0])) continue;
        const at = m.index + m[0].length;
        let rest = line
          .slice(at)
          .replace(
            CLIENT_CREDENTIAL,
            (whole, opt: string, qu?: string, qv?: string, du?: string, dv?: string, u?: string, v?: string) => {
              if (qv !== undefined) return qv === '' || isMarker(qv) ? whole : `${opt}'${qu}:${marker('basic-auth')}'`;
              if (dv !== undefined) return dv === '' || isMarker(dv) ? whole : `${opt}"${du}:${marker('basic-auth')}"`;
              return v === undefined || isMarker(v) ? whole : `${opt}${u}:${marker('basic-auth')}`;
            },
          );
        if (isHttpieLike(m[0])) rest = replaceValue(HTTPIE_TOKEN, 'basic-auth')(rest);
        return line.slice(0, at) + rest;
      }
      return line;
    })
    .join('\n');
}

/** AWS secret keys have no prefix: redact 40-character base64 words only when AWS is in view. */
const AWS_CONTEXT = /aws|\[REDACTED:aws-access-key\]|(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}/i;

function awsSecretNearAccessKey(text: string): string {
  return AWS_CONTEXT.test(text) ? redactAwsSecretKeys(text) : text;
}

function redactAwsSecretKeys(text: string): string {
  return text.replace(/(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g, (word) =>
    /[A-Z]/.test(word) && /[a-z]/.test(word) && /[0-9]/.test(word) ? marker('aws-secret-key') : word,
  );
}
