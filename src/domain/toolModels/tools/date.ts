import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/** GNU date: -s/--set and an operand not starting with `+` (`date 0102030425`) set the clock. */
export const dateModel: ToolModel = {
  commands: ['date'],
  options: [
    opt('-s, --set=STRING', 'date -s 2020-01-01', 'system', { why: 'sets the system clock' }),
    opt('-f, --file=DATEFILE', 'date -f dates.txt', 'read'),
    opt('-r, --reference=FILE', 'date -r a.txt', 'read'),
    opt('-I[FMT], --iso-8601[=FMT]', 'date -Iseconds'),
    ...plain(
      'date',
      '',
      '-d, --date=STRING',
      '--debug',
      '--resolution',
      '-R, --rfc-email',
      '--rfc-3339=FMT',
      '-u, --utc, --universal',
      '--help',
      '--version',
    ),
  ],
  operands: { rest: 'system', dataIf: /^\+/ },
};
