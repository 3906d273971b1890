import type { EngineAnswer } from './engineFailure.js';
import { engineFailure } from './engineFailure.js';

function firstErrorMessage(parsed: unknown): string | undefined {
  const errors = (parsed as { errors?: Array<{ message?: unknown; code?: unknown }> } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const e = errors[0];
  return typeof e?.message === 'string' ? `${typeof e.code === 'string' ? `${e.code}: ` : ''}${e.message}` : undefined;
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Reads `opa eval --format json` output: `{"result":[{"expressions":[{"value":…}]}]}` when the
 * query is defined, `{}` when it is undefined, `{"errors":[…]}` with a non-zero exit on errors.
 */
export function readOpaEvalOutput(stdout: string, stderr: string, exitCode: number, signal?: string): EngineAnswer {
  const parsed = tryParse(stdout);
  if (exitCode !== 0) {
    const why =
      (parsed.ok ? firstErrorMessage(parsed.value) : undefined) ?? (stderr.trim() || stdout.trim() || '(no output)');
    const how = signal ? `was killed by ${signal}` : `exited with status ${exitCode}`;
    return { kind: 'failure', verdict: engineFailure('engine.failed', `opa eval ${how}: ${why}`) };
  }
  if (!parsed.ok)
    return {
      kind: 'failure',
      verdict: engineFailure(
        'engine.bad_output',
        `opa eval printed something that is not JSON: ${stdout.trim() || '(nothing)'}`,
      ),
    };
  const doc = parsed.value;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return { kind: 'failure', verdict: engineFailure('engine.bad_output', 'opa eval output is not a JSON object') };
  }
  const errorMessage = firstErrorMessage(doc);
  if (errorMessage)
    return { kind: 'failure', verdict: engineFailure('engine.failed', `opa eval reported an error: ${errorMessage}`) };
  const result = (doc as { result?: unknown }).result;
  if (result === undefined) return { kind: 'value', value: undefined };
  if (!Array.isArray(result) || result.length !== 1) {
    return {
      kind: 'failure',
      verdict: engineFailure('engine.bad_output', 'opa eval "result" is not a single-entry array'),
    };
  }
  const expressions = (result[0] as { expressions?: unknown } | null)?.expressions;
  if (
    !Array.isArray(expressions) ||
    expressions.length !== 1 ||
    typeof expressions[0] !== 'object' ||
    expressions[0] === null
  ) {
    return {
      kind: 'failure',
      verdict: engineFailure('engine.bad_output', 'opa eval result does not hold exactly one expression'),
    };
  }
  if (!('value' in expressions[0]))
    return { kind: 'failure', verdict: engineFailure('engine.bad_output', 'opa eval expression has no "value"') };
  return { kind: 'value', value: (expressions[0] as { value: unknown }).value };
}
