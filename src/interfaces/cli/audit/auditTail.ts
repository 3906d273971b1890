import { closeSync, fstatSync } from 'node:fs';
import { matchesFilter, parseRecordLine } from '../../../application/auditQuery/auditFilter.js';
import { selectLastRecords } from '../../../application/auditQuery/selectRecords.js';
import type { AuditRecord } from '../../../application/ports/auditLog.js';
import { followAuditFile } from '../../../infrastructure/audit/followAuditFile.js';
import { auditLinesNewestFirst, openOrNull } from '../../../infrastructure/audit/readLinesBackward.js';
import { EXIT } from '../exitCodes.js';
import type { CliContext } from '../cliContext.js';
import type { TailArgs } from './auditArgs.js';
import { formatRecordLine, useColour } from './formatRecordLine.js';

/** `shimctl audit tail`: the last N matching records, then (with -f) new ones as they come. */
export async function auditTail(path: string, args: TailArgs, ctx: CliContext): Promise<number> {
  const colour = !args.json && useColour(ctx.stdout, ctx.env);
  const print = (record: AuditRecord, line: string): void => {
    ctx.stdout.write(`${args.json ? line : formatRecordLine(record, colour)}\n`);
  };
  // Measure the current file once: the backward read stops here and -f starts here, so no
  // record is printed twice or skipped between the two.
  const fd = openOrNull(path);
  const size = fd === null ? 0 : fstatSync(fd).size;
  try {
    const lines = auditLinesNewestFirst(path, fd === null ? undefined : { fd, size });
    for (const { record, line } of selectLastRecords(lines, args.filter, args.lines)) print(record, line);
  } catch (err) {
    if (fd !== null) closeSync(fd);
    throw err;
  }
  if (!args.follow) {
    if (fd !== null) closeSync(fd);
    return EXIT.OK;
  }
  const stop = new AbortController();
  const onSignal = (): void => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await followAuditFile(path, {
      start: fd === null ? null : { fd, offset: size },
      pollMs: 200,
      signal: stop.signal,
      onLine(line) {
        const record = parseRecordLine(line);
        if (record && matchesFilter(record, args.filter)) print(record, line);
      },
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return EXIT.OK;
}
