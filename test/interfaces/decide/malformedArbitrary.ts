import fc from 'fast-check';

const valid = { api_version: 1, command: 'ls', cwd: '/w' };
const notString = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);
/** Requests that are malformed by construction: each branch breaks exactly one rule of the API. */
export const malformedRequest = fc.oneof(
  // Not a JSON object at all.
  fc.string().filter((s) => {
    try {
      const v = JSON.parse(s);
      return v === null || typeof v !== 'object' || Array.isArray(v);
    } catch {
      return true;
    }
  }),
  fc
    .jsonValue()
    .filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))
    .map((v) => JSON.stringify(v)),
  // An extra unknown field.
  fc
    .tuple(
      fc.string({ minLength: 1 }).filter((k) => !['api_version', 'command', 'argv', 'cwd', 'agent'].includes(k)),
      fc.jsonValue(),
    )
    .map(([k, v]) => JSON.stringify({ ...valid, [k]: v })),
  // A wrong type for a known field.
  fc.tuple(fc.constantFrom('command', 'cwd', 'agent'), notString).map(([k, v]) => JSON.stringify({ ...valid, [k]: v })),
  fc
    .tuple(
      notString.filter((v) => !Array.isArray(v)),
      fc.constant(0),
    )
    .map(([v]) => JSON.stringify({ api_version: 1, argv: v, cwd: '/w' })),
  // A relative or empty cwd.
  fc
    .string()
    .filter((s) => !s.startsWith('/'))
    .map((cwd) => JSON.stringify({ ...valid, cwd })),
  // An empty or blank command.
  fc.stringMatching(/^[ \t\n]*$/).map((command) => JSON.stringify({ ...valid, command })),
  // Any api_version but 1.
  fc
    .jsonValue()
    .filter((v) => v !== 1)
    .map((api_version) => JSON.stringify({ ...valid, api_version })),
  // A field missing.
  fc.constantFrom('api_version', 'command', 'cwd').map((k) => {
    const o: Record<string, unknown> = { ...valid };
    delete o[k];
    return JSON.stringify(o);
  }),
  // Valid JSON cut short.
  fc.integer({ min: 1, max: JSON.stringify(valid).length - 1 }).map((n) => JSON.stringify(valid).slice(0, n)),
);
