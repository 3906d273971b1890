import { existsSync, watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import type { Answer } from '../../domain/approvals/pendingRequest.js';
import { readAnswerFile, requestFile } from './pendingFiles.js';

export type WaitResult =
  | { kind: 'answer'; answer: Answer }
  | { kind: 'timeout' }
  | { kind: 'vanished' }
  | { kind: 'signal'; signal: NodeJS.Signals };

/** fs.watch can miss events (network file systems, some containers): a poll backs it up. */
const POLL_MS = 250;
const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Waits for a genuine answer to one request. Forged answers (bad MAC, another request's answer,
 * an answer to different text) are ignored and the wait goes on. Ends early if the request file
 * disappears (nothing can be answered any more) or the process gets SIGINT/SIGTERM/SIGHUP, so the
 * caller can clean up and fail closed instead of dying with the request left behind.
 */
export function waitForAnswer(
  dir: string,
  key: Buffer,
  id: string,
  digest: string,
  timeoutMs: number,
): Promise<WaitResult> {
  return new Promise((resolve) => {
    let watcher: FSWatcher | undefined;
    let done = false;
    const finish = (r: WaitResult): void => {
      if (done) return;
      done = true;
      clearInterval(poll);
      clearTimeout(timer);
      watcher?.close();
      for (const s of SIGNALS) process.off(s, onSignal);
      resolve(r);
    };
    const check = (): void => {
      if (done) return;
      const a = readAnswerFile(dir, key, id, digest);
      if (a && a !== 'forged') return finish({ kind: 'answer', answer: a });
      if (!existsSync(requestFile(dir, id))) finish({ kind: 'vanished' });
    };
    const onSignal = (signal: NodeJS.Signals): void => finish({ kind: 'signal', signal });
    for (const s of SIGNALS) process.on(s, onSignal);
    const poll = setInterval(check, POLL_MS);
    const timer = setTimeout(() => finish({ kind: 'timeout' }), Math.max(0, timeoutMs));
    try {
      watcher = watch(dir, { persistent: false }, () => check());
      watcher.on('error', () => watcher?.close());
    } catch {
      // No inotify (limits reached, unsupported fs): the poll alone is enough.
    }
    check();
  });
}
