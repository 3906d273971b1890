// Views of curl's and wget's option models (toolModels/tools/curl.ts, wget.ts), shaped for the
// three readers that scan their command lines: the URL target finder (httpClientArgs.ts), the
// path and config checks (policy/httpClientOptions.ts) and the loopback allowance
// (loopbackRead.ts). Nothing here is a fact of its own: every table is derived from the models.

import type { OptionModel, ToolModel } from '../toolModels/modelTypes.js';
import { curlModel } from '../toolModels/tools/curl.js';
import { wgetModel } from '../toolModels/tools/wget.js';

/** How the loopback allowance (loopbackRead.ts) takes an option: anything absent is not a plain read. */
export type Kind = 'flag' | 'value' | 'method' | 'writeOut' | 'redirects';

export interface PlainReadFacts {
  shorts: ReadonlyMap<string, Kind>;
  longs: ReadonlyMap<string, Kind>;
  /** Whole words that are options but not clusters (`wget -nv`). */
  words: ReadonlyMap<string, Kind>;
  /** Spellings that send the response to one named document (`wget -O`, `--spider`). */
  oneOutput: ReadonlySet<string>;
}

/** A client's options by spelling: `shorts` by letter, `longs` with their `--`. */
export interface ClientSpec {
  model: ToolModel;
  shorts: ReadonlyMap<string, OptionModel>;
  longs: ReadonlyMap<string, OptionModel>;
  /** The long spellings, for abbreviation matching (policy/longOption.ts). */
  longNames: readonly string[];
  plainRead: PlainReadFacts;
}

export const hasTag = (option: OptionModel, tag: string): boolean => option.tags?.includes(tag) === true;

function kindOf(o: OptionModel): Kind {
  if (hasTag(o, 'method')) return 'method';
  if (hasTag(o, 'write-out')) return 'writeOut';
  if (hasTag(o, 'redirects')) return 'redirects';
  return o.arity === 'required' ? 'value' : 'flag';
}

function specOf(model: ToolModel): ClientSpec {
  const shorts = new Map<string, OptionModel>();
  const longs = new Map<string, OptionModel>();
  const plain = { shorts: new Map<string, Kind>(), longs: new Map<string, Kind>(), words: new Map<string, Kind>() };
  const oneOutput = new Set<string>();
  for (const o of model.options) {
    for (const n of o.names) {
      const long = n.startsWith('--');
      const letter = !long && n.length === 2;
      if (long) longs.set(n, o);
      else if (letter) shorts.set(n[1]!, o);
      if (hasTag(o, 'one-output')) oneOutput.add(n);
      if (!hasTag(o, 'plain-read')) continue;
      if (long) plain.longs.set(n, kindOf(o));
      else if (letter) plain.shorts.set(n[1]!, kindOf(o));
      else plain.words.set(n, kindOf(o));
    }
  }
  return { model, shorts, longs, longNames: [...longs.keys()], plainRead: { ...plain, oneOutput } };
}

const SPECS: ReadonlyMap<string, ClientSpec> = new Map([
  ['curl', specOf(curlModel)],
  ['wget', specOf(wgetModel)],
]);

/** The option views of `name` (`curl`, `wget`), or undefined for a client without a model. */
export function httpClientSpec(name: string): ClientSpec | undefined {
  return SPECS.get(name);
}

/** How an option's value names URL targets: a URL, an address map, a local socket; undefined when it names none. */
export function targetKind(option: OptionModel | undefined): 'url' | 'addresses' | 'socket' | undefined {
  if (option?.effect !== 'network') return undefined;
  return option.target ?? 'url';
}
