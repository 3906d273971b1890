// Frozen copy of the redactor before issue 17 (commit 418b3d9): the oracle the linear-time
// rewrite is held to (test/domain/audit/redactionLinear.test.ts). Never imported by src/.
/**
 * Credentials with a recognisable shape. Each match is replaced whole by `[REDACTED:<label>]`.
 * Ordered most specific first: `sk-ant-` must win over the generic OpenAI `sk-` shape.
 * The `(?<![A-Za-z0-9])` guards stop a prefix matching inside a longer word.
 */
export interface SecretShape {
  label: string;
  re: RegExp;
}

const B = '(?<![A-Za-z0-9_])';

export const SECRET_SHAPES: readonly SecretShape[] = [
  {
    label: 'private-key',
    // Attack pass 14 (the same change as src/): a header alone, closed by its quote, ends there.
    re: /-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|(?=['"]?[ \t]*(?:[;&|)\n]|$))|[\s\S]*$)/g,
  },
  { label: 'jwt', re: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g },
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
