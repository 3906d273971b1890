import { SECRET_FLAGS, SECRET_SHAPES, shapeMatches } from './secretPatterns.js';
import { redactQuoteSplitShapes } from './quoteSplitSecrets.js';
import { isHttpClient, isHttpieLike } from '../urls/httpClientArgs.js';
import { nextLine, replaceScanning, type ScanRule } from './linearScan.js';
import { isSecretName, secretAssignments } from './secretAssignment.js';
import { sshpassPasswords } from './sshpassPassword.js';
import { redactVendoredSecrets, replaceVendoredSecrets } from './vendoredSecrets.js';
import { isRandomToken, redactEntropySecrets } from './entropySecrets.js';
import { passwordsInText, TOOL_PASSWORD_NAMES, toolPasswordWords } from './toolPasswords.js';
import { jsonSecretValues } from './jsonSecrets.js';
import { redactBase64Secrets } from './base64Secrets.js';

/**
 * Replaces every secret in a piece of text with `[REDACTED:<label>]`, so an audit record stays
 * useful ("a GitHub token was passed here") without holding the value. Over-redaction is the
 * accepted failure mode: a false positive costs readability, a miss leaks a credential.
 */
export function redactSecrets(text: string): string {
  // A backslash-newline joins a word in the shell (`ghp_abc\<newline>def`): judged joined, the
  // token is seen whole; the record then holds the joined text (attack pass 14).
  if (text.includes('\\\n')) {
    const joined = text.replace(/\\\r?\n/g, '');
    const redacted = redactPlain(joined);
    if (redacted !== joined) return redacted;
  }
  return redactPlain(text);
}

function redactPlain(text: string): string {
  return redactBase64Secrets(redactOnce(text), redactOnce);
}

function redactOnce(text: string): string {
  const out = redactStructured(text);
  // gitleaks' rules read the original text (a structured pass may have rewritten the context a
  // rule needs, `key="…" value="…"`); what they find and the structured passes left in place is
  // replaced afterwards, so a value the structured passes marked keeps its label.
  const vendored = text.length >= MIN_VENDORED_LENGTH ? replaceVendoredSecrets(text, out) : out;
  // Last: a bare random-looking token no rule named (entropySecrets.ts).
  return redactEntropySecrets(vendored);
}
/** The shortest text a gitleaks rule can find something in (a keyword and an 8-character secret). */
const MIN_VENDORED_LENGTH = 10;

/** The redaction before gitleaks' rules (issue 14): shapes, context rules, quote-split shapes. */
export function redactStructured(text: string): string {
  if (text.length === 0 || isPlainShortWord(text)) return text;
  let out = text;
  // No shape matches fewer than 15 characters (`xoxb-` + 10); removing quotes only shortens.
  if (text.length >= MIN_SHAPE_LENGTH) {
    for (const shape of SECRET_SHAPES) out = replaceSpans(out, shapeMatches(shape, out), () => marker(shape.label));
  }
  for (const pass of CONTEXT_RULES) if (pass.needs === undefined || pass.needs.test(out)) out = pass.apply(out);
  return out.length >= MIN_SHAPE_LENGTH ? redactQuoteSplitShapes(out) : out;
}

/**
 * Every context rule needs a blank, `=`, `:`, a quote or a backslash, and the shortest shape is
 * 15 characters (`xoxb-` + 10): a shorter word without those cannot change. Most argv elements
 * are such words, and an argv of 10^5 of them is otherwise 35 passes each.
 */
function isPlainShortWord(text: string): boolean {
  return text.length < MIN_SHAPE_LENGTH && !/[\s=:'"\\]/.test(text);
}
const MIN_SHAPE_LENGTH = 15;

/** One pass of redactSecrets, named: the benchmark (scripts/benchRedaction.mjs) times each alone. */
export interface RedactionPass {
  name: string;
  apply: (text: string) => string;
  /** Text the pass needs to find anything: without it the pass is skipped (an argv of 10^5 short words). */
  needs?: RegExp;
}

/** Every pass redactSecrets makes, in order. */
export function redactionPasses(): RedactionPass[] {
  return [
    ...SECRET_SHAPES.map((shape) =>
      rule(`shape ${shape.label}`, (t) => replaceSpans(t, shapeMatches(shape, t), () => marker(shape.label))),
    ),
    ...CONTEXT_RULES,
    rule('quote-split shapes', redactQuoteSplitShapes),
    rule('gitleaks rules', redactVendoredSecrets),
    rule('high-entropy tokens', redactEntropySecrets),
  ];
}

function rule(name: string, apply: (text: string) => string, needs?: RegExp): RedactionPass {
  return needs ? { name, apply, needs } : { name, apply };
}

/** Options whose value is the NEXT argv element (`--password hunter2`). */
const FLAG_BEFORE_VALUE = new RegExp(`^--(?:${SECRET_FLAGS})$`, 'i');
const KEY_BLOCK_START = /-----BEGIN[A-Z0-9 ]*PRIVATE KEY/;
/** One argv element that is all assignment (`--token=…`, `API_KEY=…`): its value runs to the end, blanks included. */
const WHOLE_ELEMENT_FLAG = new RegExp(`^--(?:${SECRET_FLAGS})=(?=.)`, 'i');
/** The `NAME=` prefix of an element whose value is a secret, or undefined. */
function wholeElementSecretPrefix(arg: string): string | undefined {
  const flag = WHOLE_ELEMENT_FLAG.exec(arg);
  if (flag) return flag[0];
  const name = /^[A-Za-z0-9_.-]+/.exec(arg)?.[0];
  if (name === undefined || arg[name.length] !== '=' || !isSecretName(name)) return undefined;
  // `(?=.)`: something other than a line break follows the `=`.
  return /^[^\n\r\u2028\u2029]/.test(arg.slice(name.length + 1, name.length + 2))
    ? arg.slice(0, name.length + 1)
    : undefined;
}
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
export function redactArgv(argv: readonly string[], redact: (text: string) => string = redactSecrets): string[] {
  const tool = basename(argv[0] ?? '');
  const out = argv.map(redact);
  // Every element is judged by the entropy detector as a printed word is (attack pass 14), so a
  // printer's arguments need no second look.
  const awsInView = AWS_CONTEXT.test(argv.join(' '));
  const registryLogin = REGISTRY_LOGIN.test(tool) && argv.includes('login');
  let inKeyBlock = false;
  let seenEnd = false;
  // The HTTP client in charge of the words that follow (`sudo curl`, `env X=1 http`), and whether
  // the words are sshpass's own options (they end where the command it runs begins).
  let client = isHttpClient(tool) ? tool : undefined;
  let sshpass = false;
  let secretPrefix: string | undefined;
  const toolPasswords = new Map(toolPasswordWords(argv));
  let kept: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const prev = i > 0 ? argv[i - 1]! : '';
    const arg = argv[i]!;
    if (i > 0 && isHttpClient(arg)) client = basename(arg);
    if (sshpass && !arg.startsWith('-') && !/^-[fdPp]$/.test(prev)) sshpass = false;
    if (basename(arg) === 'sshpass') sshpass = true;
    const auth = client === undefined ? undefined : clientAuth(client, prev, arg);
    // A private-key block split over several elements: everything up to its END line goes.
    if (inKeyBlock || (arg.includes('-----BEGIN') && KEY_BLOCK_START.test(argv.slice(i, i + 4).join(' ')))) {
      if (!inKeyBlock) seenEnd = false;
      seenEnd ||= arg.includes('-----END');
      inKeyBlock = !(seenEnd && /KEY(?: BLOCK)?-----$/.test(arg));
      out[i] = marker('private-key');
    } else if ((secretPrefix = wholeElementSecretPrefix(arg)) !== undefined) {
      out[i] = `${secretPrefix}${marker('secret-assignment')}`;
    } else if (i === 0) continue;
    else if (FLAG_BEFORE_VALUE.test(prev) && !isMarker(out[i]!)) out[i] = marker('flag-secret');
    else if (/^['"]?(?:bearer|basic|token|digest)$/i.test(prev) && !isMarker(out[i]!)) out[i] = marker('auth-header');
    else if (auth !== undefined) out[i] = auth;
    else if (sshpass && prev === '-p') out[i] = marker('password-flag');
    else if (sshpass && /^-p.+/.test(arg)) out[i] = `-p${marker('password-flag')}`;
    else if (registryLogin && prev === '-p') out[i] = marker('password-flag');
    else if (tool === 'openssl' && /^-(?:k|pass|passin|passout)$/.test(prev)) out[i] = marker('password-flag');
    // zip/unzip -P, redis-cli -a, 7z -pSECRET, htpasswd -b (attack pass 12): each tool's own password.
    else if ((kept = toolPasswords.get(i)) !== undefined) out[i] = `${kept}${marker('password-flag')}`;
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
  return /^['"]?\[REDACTED:[a-z0-9-]+\]/.test(value);
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * A value as the shell sees it: one word, its quoted and unquoted pieces joined, up to a blank
 * or an unquoted operator character (`;&|<>()`): `DB_PASSWORD=x;rm -f f` keeps `;rm -f f` in
 * the record (attack pass 14: the value once ran on and hid the command after it).
 */
const VALUE = `(?:'[^']*(?:'|$)|"(?:[^"\\\\]|\\\\[\\s\\S])*(?:"|$)|\\\\[\\s\\S]|[^\\s'"\\\\;&|<>()])+`;

/** `prefix` + marker, unless the value is empty or already a marker (then the text stays). */
function valueReplacement(whole: string, prefix: string, value: string, label: string): string {
  if (value === '' || value === "''" || value === '""' || isMarker(value)) return whole;
  return `${prefix}${marker(label)}`;
}

/** Replaces the captured value (last group) unless it is empty or already a marker. */
function replaceValue(re: RegExp, label: string): (text: string) => string {
  return (text) =>
    text.replace(re, (whole: string, ...groups: unknown[]) => {
      const captures = groups.slice(
        0,
        groups.findIndex((g) => typeof g === 'number'),
      ) as (string | undefined)[];
      return valueReplacement(whole, captures.slice(0, -1).join(''), captures[captures.length - 1] ?? '', label);
    });
}

/** The same for a rule that scans once (linearScan.ts): groups are (prefix, value). */
function replaceValueScanning(rule: ScanRule, label: string): (text: string) => string {
  return (text) => replaceScanning(text, rule, (m) => valueReplacement(m[0], m[1]!, m[2]!, label));
}

/** The same over spans found in one pass: [start, end of prefix, end of value]. */
function replaceValueSpans(
  find: (text: string) => Iterable<[number, number, number]>,
  label: string,
): (text: string) => string {
  return (text) =>
    replaceSpans(text, find(text), ([start, prefixEnd, end]) =>
      valueReplacement(text.slice(start, end), text.slice(start, prefixEnd), text.slice(prefixEnd, end), label),
    );
}

/** Replaces ordered, non-overlapping spans [start, …, end] in one join. */
function replaceSpans<T extends readonly number[]>(
  text: string,
  spans: Iterable<T>,
  replace: (span: T) => string,
): string {
  const parts: string[] = [];
  let last = 0;
  for (const span of spans) {
    parts.push(text.slice(last, span[0]), replace(span));
    last = span[span.length - 1]!;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(last));
  return parts.join('');
}

/*
 * Linear time (issue 17): every rule below reads each character a bounded number of times.
 * No nested quantifiers over one class, lazy scans only from one start per line (linearScan.ts),
 * and the rules that could not be made so as regexes read the text in one pass (sshpass,
 * NAME=value). test/domain/audit/redactionLinear.test.ts holds them to the old results.
 */
const REGISTRY_WORDS = 'docker|podman|nerdctl|buildah|skopeo|helm|oras';

const CONTEXT_RULES: readonly RedactionPass[] = [
  // Authorization headers: keep the scheme, drop the credential.
  // A backslash-escaped blank (`Bearer\ TOKEN` in raw shell text) separates like a blank. The
  // blanks after `:` are read by one quantifier only (`\s*(?:\\\s…)?`): two adjacent ones over
  // the same blanks made a run of k blanks cost k².
  rule(
    'authorization header',
    replaceValue(
      /((?:proxy-)?authorization\s*[:=]\s*(?:(?:bearer|basic|token|digest|negotiate|bot|apikey)(?:\s|\\\s)*|(?:\\\s(?:\s|\\\s)*)?))([^\s'",;\\]+)/gi,
      'auth-header',
    ),
    /authorization/i,
  ),
  rule(
    'api-key and cookie headers',
    replaceValue(
      /((?:x-api-key|api-key|x-auth-token|private-token|x-goog-api-key|anthropic-api-key|x-vault-token|cookie|set-cookie)\s*:\s*)([^\s'"]+)/gi,
      'auth-header',
    ),
    /:/,
  ),
  rule('bearer token', replaceValue(/(\bbearer(?:\s|\\\s)+)([A-Za-z0-9._~+/=-]{8,})/gi, 'bearer-token'), /bearer/i),
  // user:pass@ in URLs (any scheme); the user name stays.
  // The password runs to the LAST `@` before the host (a raw `@` inside it, attack pass 14).
  rule(
    'url password',
    replaceValue(/((?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s/:@'"[]*:)([^\s/'"]+)(?=@)/gi, 'url-password'),
    /:\/\//,
  ),
  // A token as the user (`https://TOKEN@github.com/…`, no colon): redacted when it looks random.
  rule('url token user', redactUrlTokenUsers, /:\/\//),
  // Secrets in query strings.
  rule(
    'query secret',
    replaceValue(
      /([?&;](?:token|access_token|refresh_token|id_token|auth_token|api_key|apikey|api-key|key|secret|client_secret|password|passwd|pwd|sig|signature|session|sessionid|code|x-amz-signature|x-amz-security-token|x-goog-signature)=)([^&#\s'"]+)/gi,
      'query-secret',
    ),
    /=/,
  ),
  // JSON bodies: "password": "x", "refresh_token":"x", \"client_secret\":\"x\" (jsonSecrets.ts).
  rule('json secret', replaceValueSpans(jsonSecretValues, 'json-secret'), /"/),
  // --password=x, --token x, ...
  rule(
    '--flag=value',
    replaceValue(new RegExp(`((?<![\\w-])--(?:${SECRET_FLAGS})=)(${VALUE})`, 'gi'), 'flag-secret'),
    /--/,
  ),
  rule(
    '--flag value',
    replaceValue(new RegExp(`((?<![\\w-])--(?:${SECRET_FLAGS})\\s+)(?!--)(${VALUE})`, 'gi'), 'flag-secret'),
    /--/,
  ),
  // NAME_TOKEN=value, export FOO_KEY=value, --env X_SECRET=value (PWD/OLDPWD are paths, not secrets).
  rule('NAME=value', replaceValueSpans(secretAssignments, 'secret-assignment'), /=/),
  // Glued or separate password flags of tools known to take them. The word after `mysql`/
  // `mariadb` is read by the lazy scan (it holds no blank, so no `-p` can start inside it).
  rule(
    'mysql -p',
    replaceValueScanning(
      {
        candidate: /\b(?:mysql|mariadb)/g,
        whole: /(\b(?:mysql|mariadb)[^\n]*?\s-p)([^\s'";&|<>()-][^\s;&|<>()]*|'[^']*'|"[^"]*")/y,
        resumeAfterFailure: nextLine,
      },
      'password-flag',
    ),
    /mysql|mariadb/,
  ),
  // sshpass [-f FILE|-d FD|-P PROMPT|-e|-v] -p PASSWORD, glued (`-pX`) or not.
  rule('sshpass -p', replaceValueSpans(sshpassPasswords, 'password-flag'), /sshpass/),
  // Registry logins and openssl take the password itself after a short flag. Only the first
  // `login` after the tool matters (any `-p` after a later one also follows the first).
  rule(
    'registry login -p',
    replaceValueScanning(
      {
        candidate: new RegExp(`\\b(?:${REGISTRY_WORDS})\\b`, 'g'),
        whole: new RegExp(
          `(\\b(?:${REGISTRY_WORDS})\\b(?:(?!\\blogin\\b)[^\\n])*\\blogin\\b[^\\n]*?\\s-p\\s*)(?!-)(${VALUE})`,
          'y',
        ),
        resumeAfterFailure: nextLine,
      },
      'password-flag',
    ),
    /login/,
  ),
  rule(
    'openssl -k/-pass',
    replaceValueScanning(
      {
        candidate: /\bopenssl\b/g,
        whole: new RegExp(`(\\bopenssl\\b[^\\n]*?\\s-(?:k|pass|passin|passout)\\s+)(?!-)(${VALUE})`, 'y'),
        resumeAfterFailure: nextLine,
      },
      'password-flag',
    ),
    /openssl/,
  ),
  // zip -P, redis-cli -a, 7z -p, htpasswd -b (attack pass 12): as in argv (toolPasswords.ts).
  rule('tool password words', replaceValueSpans(passwordsInText, 'password-flag'), TOOL_PASSWORD_NAMES),
  rule('http client user:password', redactClientCredentials, /\s/),
  rule('aws secret key', awsSecretNearAccessKey),
];

/** One word of shell text, quotes and operators excluded. */
const WORD = /[^\s;&|()<>`'"]+/g;
/*
 * An option carrying `user:password` (curl, wget) or httpie's `-a`, then its value.
 * `-[A-Za-z]*[uUa]` may end at any u/U/a of a cluster; trying each and then reading the rest of
 * the word cost O(L²) on `-aaaa…`. The regex tried the last letter first, then inner ones; an
 * inner one can only be followed by `rest-of-word:VALUE`, which reads the same whichever inner
 * letter it is. So: the last letter (with its separator), else the whole cluster at once.
 */
const USER_VALUE = `(?:'([^':]*):([^']*)'?|"([^":]*):((?:[^"\\\\]|\\\\.)*)"?|([^\\s:'"[]*):(?!//)(${VALUE}))`;
const CLIENT_CREDENTIAL = new RegExp(
  `(\\s(?:-[A-Za-z]*[uUa](?![A-Za-z])|--(?:proxy-)?(?:user|auth)(?![\\w-]))(?:\\s+|=)?)${USER_VALUE}` +
    `|(\\s-(?=[A-Za-z]*[uUa][A-Za-z])[A-Za-z]+(?![A-Za-z]))([^\\s:'"[]*):(?!//)(${VALUE})`,
  'g',
);
/**
 * httpie's `-a TOKEN` (with `-A bearer`): a value without a colon is the credential itself.
 * An inner `a` of a cluster is the largest one (as the greedy regex chose), taken atomically
 * through a lookahead so a failure does not retry every shorter cluster.
 */
const HTTPIE_TOKEN = new RegExp(
  `(\\s(?:-[A-Za-z]*a(?![A-Za-z])|--(?:proxy-)?auth(?![\\w-]))(?:\\s+|=)?)(?![-\\[])(?![^\\s]*:)(${VALUE})` +
    `|(\\s-(?=([A-Za-z]*a)[A-Za-z])\\4)(?![^\\s]*:)(${VALUE})`,
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
            (
              whole,
              opt?: string,
              qu?: string,
              qv?: string,
              du?: string,
              dv?: string,
              u?: string,
              v?: string,
              cluster?: string,
              cu?: string,
              cv?: string,
            ) => {
              if (cluster !== undefined)
                return cv === undefined || isMarker(cv) ? whole : `${cluster}${cu}:${marker('basic-auth')}`;
              if (qv !== undefined) return qv === '' || isMarker(qv) ? whole : `${opt}'${qu}:${marker('basic-auth')}'`;
              if (dv !== undefined) return dv === '' || isMarker(dv) ? whole : `${opt}"${du}:${marker('basic-auth')}"`;
              return v === undefined || isMarker(v) ? whole : `${opt}${u}:${marker('basic-auth')}`;
            },
          );
        if (isHttpieLike(m[0])) {
          rest = rest.replace(
            HTTPIE_TOKEN,
            (whole, opt?: string, value?: string, cluster?: string, _inner?: string, clusterValue?: string) =>
              cluster !== undefined
                ? valueReplacement(whole, cluster, clusterValue!, 'basic-auth')
                : valueReplacement(whole, opt!, value!, 'basic-auth'),
          );
        }
        return line.slice(0, at) + rest;
      }
      return line;
    })
    .join('\n');
}

const URL_USER = /((?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/)([^\s/:@'"[]+)(?=@)/gi;
function redactUrlTokenUsers(text: string): string {
  return text.replace(URL_USER, (whole, prefix: string, user: string) =>
    isRandomToken(user) ? `${prefix}${marker('url-token')}` : whole,
  );
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
