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
  /**
   * Literal text every match contains (one of them at least): a text holding none is not scanned.
   * Most texts hold no credential, and 24 regex scans of a 400-character agent envelope were a
   * tenth of a resident review's CPU. test/domain/audit/secretShapeHints.test.ts checks each
   * shape's examples against its hints.
   */
  hints: readonly string[];
}

const B = '(?<![A-Za-z0-9_])';

export const SECRET_SHAPES: readonly SecretShape[] = [
  {
    label: 'private-key',
    hints: ['-----BEGIN'],
    // A header alone (closed by its quote, then an operator or the end of the line) holds no
    // key: the match ends there, so `echo '-----BEGIN … KEY-----' && rm -f f` keeps `&& rm`
    // (attack pass 14). Any other header runs to its END line or the end of the text.
    re: /-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|(?=['"]?[ \t]*(?:[;&|)\n]|$))|[\s\S]*$)/g,
  },
  {
    // Discord webhooks: the token after the id posts as the hook (attack pass 14).
    label: 'discord-webhook',
    hints: ['discord'],
    re: /\bhttps?:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]+/g,
  },
  {
    label: 'jwt',
    hints: ['eyJ'],
    re: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g,
    // `eyJ-` × N: each `eyJ` after a `-` is a start that read to the end of the run. A start
    // inside the first segment of a failed one sees a shorter segment, so it fails too.
    scan: { candidate: /\beyJ/g, resumeAfterFailure: (text, start) => segmentEnd(text, start + 3) },
  },
  { label: 'anthropic-key', hints: ['sk-ant-'], re: new RegExp(`${B}sk-ant-[A-Za-z0-9_-]{16,}`, 'g') },
  {
    label: 'openai-key',
    hints: ['sk-'],
    re: new RegExp(`${B}sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}`, 'g'),
  },
  { label: 'google-api-key', hints: ['AIza'], re: new RegExp(`${B}AIza[0-9A-Za-z_-]{30,}`, 'g') },
  {
    label: 'aws-access-key',
    hints: ['AKIA', 'ASIA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'ABIA', 'ACCA'],
    re: /(?<![A-Z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Z0-9])/g,
  },
  {
    label: 'github-token',
    hints: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
    re: new RegExp(`${B}(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})`, 'g'),
  },
  {
    label: 'gitlab-token',
    hints: ['glpat-', 'gldt-', 'glrt-', 'glptt-', 'glft-', 'glcbt-', 'glimt-', 'glagent-', 'gloas-'],
    re: new RegExp(`${B}gl(?:pat|dt|rt|ptt|ft|cbt|imt|agent|oas)-[A-Za-z0-9_-]{20,}`, 'g'),
  },
  {
    label: 'slack-webhook',
    hints: ['https://hooks.slack.com/'],
    re: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]+/g,
  },
  {
    label: 'slack-token',
    hints: ['xoxa-', 'xoxb-', 'xoxp-', 'xoxo-', 'xoxs-', 'xoxr-'],
    re: new RegExp(`${B}xox[abposr]-[A-Za-z0-9-]{10,}`, 'g'),
  },
  {
    label: 'stripe-key',
    hints: ['_live_', '_test_', 'whsec_'],
    re: new RegExp(`${B}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|${B}whsec_[A-Za-z0-9]{24,}`, 'g'),
  },
  { label: 'npm-token', hints: ['npm_'], re: new RegExp(`${B}npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])`, 'g') },
  { label: 'huggingface-token', hints: ['hf_'], re: new RegExp(`${B}hf_[A-Za-z0-9]{30,}`, 'g') },
  { label: 'pypi-token', hints: ['pypi-AgE'], re: new RegExp(`${B}pypi-AgE[A-Za-z0-9_-]{40,}`, 'g') },
  { label: 'docker-token', hints: ['dckr_pat_'], re: new RegExp(`${B}dckr_pat_[A-Za-z0-9_-]{20,}`, 'g') },
  {
    label: 'digitalocean-token',
    hints: ['doo_v1_', 'dop_v1_', 'dor_v1_'],
    re: new RegExp(`${B}do[opr]_v1_[a-f0-9]{64}`, 'g'),
  },
  { label: 'sendgrid-key', hints: ['SG.'], re: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g },
  {
    label: 'shopify-token',
    hints: ['shpat_', 'shpca_', 'shppa_', 'shpss_'],
    re: new RegExp(`${B}shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`, 'g'),
  },
  { label: 'groq-key', hints: ['gsk_'], re: new RegExp(`${B}gsk_[A-Za-z0-9]{40,}`, 'g') },
  { label: 'xai-key', hints: ['xai-'], re: new RegExp(`${B}xai-[A-Za-z0-9]{40,}`, 'g') },
  { label: 'replicate-token', hints: ['r8_'], re: new RegExp(`${B}r8_[A-Za-z0-9]{30,}`, 'g') },
  { label: 'databricks-token', hints: ['dapi'], re: new RegExp(`${B}dapi[a-f0-9]{32}`, 'g') },
];

/** The end of the run of [A-Za-z0-9_-] starting at `from`. */
function segmentEnd(text: string, from: number): number {
  const rest = /[^A-Za-z0-9_-]/g;
  rest.lastIndex = from;
  return rest.exec(text)?.index ?? text.length;
}

/** Every match of `shape` in `text`, left to right, as `[start, end]`: what `text.replace(shape.re)` replaces. */
export function* shapeMatches(shape: SecretShape, text: string): Generator<[number, number]> {
  if (!shape.hints.some((h) => text.includes(h))) return;
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
