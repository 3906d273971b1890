import { SECRET_FLAGS, SECRET_NAME, SECRET_SHAPES } from './secretPatterns.js';
import { redactQuoteSplitShapes } from './quoteSplitSecrets.js';

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
const WHOLE_ELEMENT_SECRET = new RegExp(`^((?:--(?:${SECRET_FLAGS})|(?!(?:OLD)?PWD=)(?:${SECRET_NAME}))=)(?=.)[\\s\\S]*$`, 'i');
const REGISTRY_LOGIN = /^(?:docker|podman|nerdctl|buildah|skopeo|helm|oras)$/;
const MYSQL_FAMILY = /^(?:mysql\w*|mariadb[\w-]*)$/;

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
  for (let i = 0; i < argv.length; i++) {
    const prev = i > 0 ? argv[i - 1]! : '';
    const arg = argv[i]!;
    // A private-key block split over several elements: everything up to its END line goes.
    if (inKeyBlock || KEY_BLOCK_START.test(argv.slice(i, i + 4).join(' ')) && arg.includes('-----BEGIN')) {
      if (!inKeyBlock) seenEnd = false;
      seenEnd ||= arg.includes('-----END');
      inKeyBlock = !(seenEnd && /KEY(?: BLOCK)?-----$/.test(arg));
      out[i] = marker('private-key');
    } else if (WHOLE_ELEMENT_SECRET.test(arg)) {
      out[i] = arg.replace(WHOLE_ELEMENT_SECRET, (_m, prefix: string) => `${prefix}${marker('secret-assignment')}`);
    } else if (i === 0) continue;
    else if (FLAG_BEFORE_VALUE.test(prev) && !isMarker(out[i]!)) out[i] = marker('flag-secret');
    else if (/^['"]?(?:bearer|basic|token|digest)$/i.test(prev) && !isMarker(out[i]!)) out[i] = marker('auth-header');
    else if (tool === 'sshpass' && prev === '-p') out[i] = marker('password-flag');
    else if (REGISTRY_LOGIN.test(tool) && argv.includes('login') && prev === '-p') out[i] = marker('password-flag');
    else if (tool === 'openssl' && /^-(?:k|pass|passin|passout)$/.test(prev)) out[i] = marker('password-flag');
    else if (MYSQL_FAMILY.test(tool) && /^-p.+/.test(arg)) out[i] = `-p${marker('password-flag')}`;
    else if (isHttpClient(tool) && (prev === '-u' || prev === '--user' || prev === '--proxy-user') && arg.includes(':')) {
      out[i] = `${redactSecrets(arg.slice(0, arg.indexOf(':')))}:${marker('basic-auth')}`;
    } else if (awsInView) out[i] = redactAwsSecretKeys(out[i]!);
  }
  return out;
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

function isHttpClient(tool: string): boolean {
  return tool === 'curl' || tool === 'wget' || tool === 'http' || tool === 'https' || tool === 'xh';
}

/** A value as the shell sees it: quoted, or up to the next blank. */
const VALUE = `'[^']*'?|"(?:[^"\\\\]|\\\\.)*"?|[^\\s'"]+`;

/** Replaces the captured value (last group) unless it is empty or already a marker. */
function replaceValue(re: RegExp, label: string): (text: string) => string {
  return (text) =>
    text.replace(re, (whole: string, ...groups: unknown[]) => {
      const captures = groups.slice(0, groups.findIndex((g) => typeof g === 'number')) as (string | undefined)[];
      const value = captures[captures.length - 1] ?? '';
      const prefix = captures.slice(0, -1).join('');
      if (value === '' || value === "''" || value === '""' || isMarker(value)) return whole;
      return `${prefix}${marker(label)}`;
    });
}

const CONTEXT_RULES: readonly ((text: string) => string)[] = [
  // Authorization headers: keep the scheme, drop the credential.
  // A backslash-escaped blank (`Bearer\ TOKEN` in raw shell text) separates like a blank.
  replaceValue(/((?:proxy-)?authorization\s*[:=]\s*(?:bearer|basic|token|digest|negotiate|bot|apikey)?(?:\s|\\\s)*)([^\s'",;\\]+)/gi, 'auth-header'),
  replaceValue(/((?:x-api-key|api-key|x-auth-token|private-token|x-goog-api-key|anthropic-api-key|x-vault-token|cookie|set-cookie)\s*:\s*)([^\s'"]+)/gi, 'auth-header'),
  replaceValue(/(\bbearer(?:\s|\\\s)+)([A-Za-z0-9._~+/=-]{8,})/gi, 'bearer-token'),
  // user:pass@ in URLs (any scheme); the user name stays.
  replaceValue(/((?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s/:@'"[]*:)([^\s/@'"]+)(?=@)/gi, 'url-password'),
  // Secrets in query strings.
  replaceValue(
    /([?&;](?:token|access_token|refresh_token|id_token|auth_token|api_key|apikey|api-key|key|secret|client_secret|password|passwd|pwd|sig|signature|session|sessionid|code|x-amz-signature|x-amz-security-token|x-goog-signature)=)([^&#\s'"]+)/gi,
    'query-secret',
  ),
  // JSON-ish bodies: "password": "x".
  replaceValue(/("(?:password|passwd|token|secret|api_?key|apiKey|access_?token|accessToken|client_?secret|clientSecret|private_?key|auth)"\s*:\s*")((?:[^"\\]|\\.)*)(?=")/gi, 'json-secret'),
  // --password=x, --token x, ...
  replaceValue(new RegExp(`((?<![\\w-])--(?:${SECRET_FLAGS})=)(${VALUE})`, 'gi'), 'flag-secret'),
  replaceValue(new RegExp(`((?<![\\w-])--(?:${SECRET_FLAGS})\\s+)(?!--)(${VALUE})`, 'gi'), 'flag-secret'),
  // NAME_TOKEN=value, export FOO_KEY=value, --env X_SECRET=value (PWD/OLDPWD are paths, not secrets).
  replaceValue(new RegExp(`((?<![A-Za-z0-9_$])(?!(?:OLD)?PWD=)(?:${SECRET_NAME})=)(${VALUE})`, 'gi'), 'secret-assignment'),
  // Glued or separate password flags of tools known to take them.
  replaceValue(/(\b(?:mysql\w*|mariadb[\w-]*)\b[^\n]*?\s-p)([^\s'"-][^\s]*|'[^']*'|"[^"]*")/g, 'password-flag'),
  replaceValue(new RegExp(`(\\bsshpass\\s+-p\\s*)(${VALUE})`, 'g'), 'password-flag'),
  // Registry logins and openssl take the password itself after a short flag.
  replaceValue(new RegExp(`(\\b(?:docker|podman|nerdctl|buildah|skopeo|helm|oras)\\b[^\\n]*?\\blogin\\b[^\\n]*?\\s-p\\s*)(?!-)(${VALUE})`, 'g'), 'password-flag'),
  replaceValue(new RegExp(`(\\bopenssl\\b[^\\n]*?\\s-(?:k|pass|passin|passout)\\s+)(?!-)(${VALUE})`, 'g'), 'password-flag'),
  replaceValue(/(\b(?:curl|wget|xh|http)\b[^\n]*?\s(?:-u|--user|--proxy-user)[\s=]*['"]?[^\s:'"[]+:)([^\s'"@]+)/g, 'basic-auth'),
  awsSecretNearAccessKey,
];

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
