/** What the scripted model does for one agent turn, and what it saw. */
export interface ScriptedTurn {
  /** The shell commands the model asks for, one tool call each, in order, within one agent turn. */
  commands: string[];
  /** Text the model gives as its final answer after the tool result. */
  finalText: string;
}

/** One tool result as the agent handed it back to the model. */
export interface ToolResultSeen {
  api: 'anthropic' | 'responses' | 'gemini' | 'chat';
  /** The tool output text exactly as the agent reported it (joined if structured). */
  text: string;
  /** Whether the agent flagged it as an error (Anthropic `is_error`), when the API has such a flag. */
  isError?: boolean;
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  /** Milliseconds since the server started: shows where an agent's turn spends its time. */
  at: number;
}

/** Flattens tool-result content of any of the three APIs into plain text. */
export function textOf(content: unknown): string {
  if (content == null) return '';
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(textOf).join('\n');
  if (typeof content === 'object') {
    const o = content as Record<string, unknown>;
    if (typeof o.text === 'string') return o.text;
    if ('output' in o) return textOf(o.output);
    if ('content' in o) return textOf(o.content);
    return JSON.stringify(o);
  }
  return String(content);
}
