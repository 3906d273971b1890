/**
 * The keys of a JSON object's top level, in order, duplicates included. `JSON.parse` keeps the
 * last of two equal keys while other parsers keep the first: a request with `command` twice
 * could be judged as one command and run as the other, so duplicates must be seen and refused.
 * Call only on text that `JSON.parse` accepted.
 */
export function topLevelKeys(json: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === '"') {
      const start = i;
      for (i++; json[i] !== '"'; i++) if (json[i] === '\\') i++;
      if (depth !== 1) continue;
      let j = i + 1;
      while (json[j] === ' ' || json[j] === '\t' || json[j] === '\n' || json[j] === '\r') j++;
      if (json[j] === ':') keys.push(JSON.parse(json.slice(start, i + 1)) as string);
    }
  }
  return keys;
}
