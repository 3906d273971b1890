import { base64Bytes } from './entropySecrets.js';

/*
 * A secret wrapped in base64 (attack pass 14): `echo dXNlcjpw… | base64 -d`, `Basic <b64>`,
 * `printf %s Z2hwX… | base64 -d`. Base64 of readable text passes the entropy detector as test
 * data, so each base64-looking word of bounded length is decoded and the decoded text judged:
 * `user:password`, or anything the redactor would change. The whole word goes.
 */
const B64_WORD = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/]{16,4096}={0,2}(?![A-Za-z0-9+/=_-])/g;
/** `user:password` with a password of 8+ characters and no blank. */
const USER_PASS = /^[\w.@+-]{1,64}:[^\s"]{8,}$/;

export function redactBase64Secrets(text: string, redact: (text: string) => string): string {
  if (text.length < 16) return text;
  return text.replace(B64_WORD, (word) => {
    if (word.replace(/=+$/, '').length % 4 === 1 || !/[0-9+/=]|[A-Z].*[a-z]|[a-z].*[A-Z]/.test(word)) return word;
    const decoded = readableText(word);
    if (decoded === undefined) return word;
    return USER_PASS.test(decoded) || redact(decoded) !== decoded ? '[REDACTED:base64-secret]' : word;
  });
}

/** The decoded text when it is printable ASCII (a key decodes to noise: judged by entropy instead). */
function readableText(word: string): string | undefined {
  const bytes = base64Bytes(word);
  let out = '';
  for (const b of bytes) {
    if (!((b >= 0x20 && b < 0x7f) || b === 0x0a || b === 0x09 || b === 0x0d)) return undefined;
    out += String.fromCharCode(b);
  }
  return out;
}
