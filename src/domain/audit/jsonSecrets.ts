/*
 * JSON bodies with secret keys (`curl -d '{"client_secret":"…","grant_type":"…"}'`), read in
 * one pass: a key, blanks, `:`, blanks, then the value. Only the value goes; the key and the
 * JSON around it stay readable. Two spellings of the same body are read:
 * - as JSON (`"password": "x"`, in single-quoted shell or an argv element), the value ending at
 *   the first `"` not escaped by JSON's backslash;
 * - shell-escaped inside double quotes (`"{\"password\":\"x\"}"`), where `\"` is the quote and
 *   `\\` a backslash, so the value ends at the first `\"` that JSON does not escape.
 * String values and numbers (a numeric PIN) are redacted; true/false/null, objects and arrays
 * are not values to hide (keys inside an object are read on their own).
 */

/** A key in quotes, plain or shell-escaped (group 1 is `\` then), up to the value. */
const KEY = /(\\?)"([A-Za-z0-9_.-]{1,64})\1"\s*:\s*/g;

/**
 * Key endings that name a secret, compared without case, `_`, `-` and `.`: `client_secret`,
 * `refresh_token`, `apiKey`, `aws_secret_access_key`, `db-password`. A key that goes on after
 * the word names something else (`token_type`, `tokens`, `password_min_length`, `secretName`).
 */
const SECRET_ENDINGS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'privatekey',
  'accesskey',
  'secretkey',
  'signingkey',
  'encryptionkey',
  'credential',
  'credentials',
];

/** Whether a JSON key names a secret value. */
export function isSecretJsonKey(key: string): boolean {
  const name = key.toLowerCase().replace(/[_.-]/g, '');
  return name === 'auth' || SECRET_ENDINGS.some((end) => name.endsWith(end));
}

/** Each secret value: [start of the key, start of the value's text, end of the value's text]. */
export function* jsonSecretValues(text: string): Generator<[number, number, number]> {
  KEY.lastIndex = 0;
  for (let m = KEY.exec(text); m; m = KEY.exec(text)) {
    if (!isSecretJsonKey(m[2]!)) continue;
    const escaped = m[1] === '\\';
    const at = m.index + m[0].length;
    const span = escaped ? escapedStringValue(text, at) : (stringValue(text, at) ?? numberValue(text, at));
    if (span === undefined) continue;
    yield [m.index, span[0], span[1]];
    KEY.lastIndex = span[1];
  }
}

/** `"…"` at `at`: the text between the quotes, or undefined (no string, or never closed). */
function stringValue(text: string, at: number): [number, number] | undefined {
  if (text[at] !== '"') return undefined;
  for (let j = at + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '"') return [at + 1, j];
    if (c === '\\') j++;
  }
  return undefined;
}

/** `\"…\"` at `at` (JSON inside shell double quotes): the text between, or undefined. */
function escapedStringValue(text: string, at: number): [number, number] | undefined {
  if (text[at] !== '\\' || text[at + 1] !== '"') return undefined;
  let jsonEscape = false;
  for (let j = at + 2; j < text.length; ) {
    // One character as JSON sees it: the shell turns `\"`, `\\`, `\$` and `` \` `` into one.
    const start = j;
    let decoded = text[j];
    if (decoded === '\\' && /["\\$`]/.test(text[j + 1] ?? '')) decoded = text[++j];
    j++;
    if (jsonEscape) jsonEscape = false;
    else if (decoded === '\\') jsonEscape = true;
    else if (decoded === '"') return [at + 2, start];
  }
  return undefined;
}

/** A JSON number at `at`, or undefined. */
function numberValue(text: string, at: number): [number, number] | undefined {
  const m = /-?\d[\d.eE+-]*/y;
  m.lastIndex = at;
  return m.exec(text) ? [at, m.lastIndex] : undefined;
}
