/** What a recognised shape yields: the model's command (envelopes) and the files the fixed part touches. */
export interface ShapeMatch {
  inner?: string;
  /** Files the envelope's fixed part sources (runs). */
  sourced: string[];
  /** Files the envelope's fixed part writes (`>`, `>|`); a redirection follows symlinks. */
  writes?: string[];
  /** A directory the envelope puts in front of PATH for the inner command. */
  pathPrefix?: string;
}

/** One exact agent shape: an envelope around the model's command, or a bookkeeping call. */
export interface Shape {
  /** The agent that writes this shape (`claude`, `codex`, ...). */
  agent: string;
  /** Stable name reported in the verdict trace and audit. */
  name: string;
  kind: 'envelope' | 'bookkeeping';
  /** Cheap test run first so unrelated text costs one `startsWith`. */
  prefix: string;
  /** `home`: the user's HOME when the caller knows it, to pin files the shape names under it. */
  match(text: string, home?: string): ShapeMatch | undefined;
}
