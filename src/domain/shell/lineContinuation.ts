/**
 * Removes backslash-newline pairs the way bash does before it splits words: everywhere except
 * inside single quotes, and not when the backslash is itself escaped. Doing this first keeps the
 * tokenizer's look-ahead honest (`~\<newline>` is a word-final `~` to bash).
 */
export function removeLineContinuations(text: string): string {
  if (!text.includes('\\\n')) return text;
  let out = '';
  let inDouble = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      if (text[i + 1] === '\n') {
        i++;
        continue;
      }
      out += c + (text[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === "'" && !inDouble) {
      const close = text.indexOf("'", i + 1);
      const end = close < 0 ? text.length : close + 1;
      out += text.slice(i, end);
      i = end - 1;
      continue;
    }
    if (c === '"') inDouble = !inDouble;
    out += c;
  }
  return out;
}
