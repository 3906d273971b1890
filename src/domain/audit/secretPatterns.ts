import { scanMatches } from './linearScan.js';

/**
 * Credentials with a recognisable shape. Each match is replaced whole by `[REDACTED:<label>]`.
 * Ordered most specific first: `sk-ant-` must win over the generic OpenAI `sk-` shape.
 * The `(?<![A-Za-z0-9])` guards stop a prefix matching inside a longer word.
 */
export interface SecretShape {
  label: string;
  /** Global. */
  re: RegExp;
  /**
   * For a shape whose failed starts could otherwise be retried inside the same run (quadratic):
   * a cheap global regex for its starts, and where a failed start lets the search resume.
   */
  scan?: { candidate: RegExp; resumeAfterFailure: (text: string, start: number) => number };
}

const B = '(?<![A-Za-z0-9_])';

export const SECRET_SHAPES: readonly SecretShape[] = [
  {
    label: 'private-key',
    // A header alone (closed by its quote, then an operator or the end of the line) holds no
    // key: the match ends there, so `echo '-----BEGIN … KEY-----' && rm -f f` keeps `&& rm`
    // (attack pass 14). Any other header runs to its END line or the end of the text.
    re: /-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|(?=['"]?[ \t]*(?:[;&|)\n]|$))|[\s\S]*$)/g,
  },
  {
    // Discord webhooks: the token after the id posts as the hook (attack pass 14).
    label: 'discord-webhook',
    re: /\bhttps?:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]+/g,
  },
  {
    label: 'jwt',
    re: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g,
    // `eyJ-` × N: each `eyJ` after a `-` is a start that read to the end of the run. A start
    // inside the first segment of a failed one sees a shorter segment, so it fails too.
    scan: { candidate: /\beyJ/g, resumeAfterFailure: (text, start) => segmentEnd(text, start + 3) },
  },
  { label: 'anthropic-key', re: new RegExp(`${B}sk-ant-[A-Za-z0-9_-]{16,}`, 'g') },
  { label: 'openai-key', re: new RegExp(`${B}sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}`, 'g') },
  { label: 'google-api-key', re: new RegExp(`${B}AIza[0-9A-Za-z_-]{30,}`, 'g') },
  {
    label: 'aws-access-key',
    re: /(?<![A-Z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Z0-9])/g,
  },
  { label: 'github-token', re: new RegExp(`${B}(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})`, 'g') },
  { label: 'gitlab-token', re: new RegExp(`${B}gl(?:pat|dt|rt|ptt|ft|cbt|imt|agent|oas)-[A-Za-z0-9_-]{20,}`, 'g') },
  { label: 'slack-webhook', re: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]+/g },
  { label: 'slack-token', re: new RegExp(`${B}xox[abposr]-[A-Za-z0-9-]{10,}`, 'g') },
  {
    label: 'stripe-key',
    re: new RegExp(`${B}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|${B}whsec_[A-Za-z0-9]{24,}`, 'g'),
  },
  { label: 'npm-token', re: new RegExp(`${B}npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])`, 'g') },
  { label: 'huggingface-token', re: new RegExp(`${B}hf_[A-Za-z0-9]{30,}`, 'g') },
  { label: 'pypi-token', re: new RegExp(`${B}pypi-AgE[A-Za-z0-9_-]{40,}`, 'g') },
  { label: 'docker-token', re: new RegExp(`${B}dckr_pat_[A-Za-z0-9_-]{20,}`, 'g') },
  { label: 'digitalocean-token', re: new RegExp(`${B}do[opr]_v1_[a-f0-9]{64}`, 'g') },
  { label: 'sendgrid-key', re: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g },
  { label: 'shopify-token', re: new RegExp(`${B}shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`, 'g') },
  { label: 'groq-key', re: new RegExp(`${B}gsk_[A-Za-z0-9]{40,}`, 'g') },
  { label: 'xai-key', re: new RegExp(`${B}xai-[A-Za-z0-9]{40,}`, 'g') },
  { label: 'replicate-token', re: new RegExp(`${B}r8_[A-Za-z0-9]{30,}`, 'g') },
  { label: 'databricks-token', re: new RegExp(`${B}dapi[a-f0-9]{32}`, 'g') },
];

/** The end of the run of [A-Za-z0-9_-] starting at `from`. */
function segmentEnd(text: string, from: number): number {
  const rest = /[^A-Za-z0-9_-]/g;
  rest.lastIndex = from;
  return rest.exec(text)?.index ?? text.length;
}

/** Every match of `shape` in `text`, left to right, as `[start, end]`: what `text.replace(shape.re)` replaces. */
export function* shapeMatches(shape: SecretShape, text: string): Generator<[number, number]> {
  const matches = shape.scan
    ? scanMatches(text, { ...shape.scan, whole: stickyOf(shape.re) })
    : text.matchAll(Object.assign(shape.re, { lastIndex: 0 }));
  for (const m of matches) if (m[0].length > 0) yield [m.index!, m.index! + m[0].length];
}

const sticky = new WeakMap<RegExp, RegExp>();
function stickyOf(re: RegExp): RegExp {
  let s = sticky.get(re);
  if (!s) sticky.set(re, (s = new RegExp(re.source, re.flags.replace('g', '') + 'y')));
  return s;
}

/** Names whose assigned value is a secret: `*TOKEN*`, `*SECRET*`, `*PASSWORD*`, `*_KEY`, `*_PASS`, ... */
export const SECRET_NAME =
  '[A-Za-z_][A-Za-z0-9_.-]*?(?:TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY)[A-Za-z0-9_]*' +
  '|[A-Za-z_][A-Za-z0-9_]*_(?:KEY|PASS|PWD|AUTH)|KEY|PASS|AUTH|_AUTH|(?:TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE)[A-Za-z0-9_]*';

/** Long options whose value is a secret, in `--opt=value` and `--opt value` form. */
export const SECRET_FLAGS =
  'password|passwd|pass|passphrase|token|api-?key|api_key|secret|client-secret|access-token|auth-token|refresh-token|' +
  'private-key|secret-key|access-key|aws-secret-access-key|bearer|auth|oauth-token|registry-password|db-password|otp|with-token|' +
  // wget and aria2c: --http-password, --proxy-passwd, ...
  '(?:http|https|ftp|proxy)-passw(?:or)?d';
