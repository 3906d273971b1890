// Walks audit lines in the order they were written and finds the first place where the hash
// chain does not hold. Pure: the caller reads the files (plain or gzip) and feeds the lines.
import { sha256Hex } from './sha256.js';

export const GENESIS_HASH = '0'.repeat(64);

export type ChainBreakKind = 'edited' | 'deleted' | 'reordered' | 'truncated' | 'head';

export interface ChainBreak {
  kind: ChainBreakKind;
  file: string;
  /** 1-based line number in `file` (0 for a break found at the end, against the head file). */
  line: number;
  seq?: number;
  message: string;
}

export interface ChainReport {
  ok: boolean;
  /** Lines read, and how many of them were records without chain fields (written before v2). */
  lines: number;
  legacy: number;
  firstSeq?: number;
  lastSeq?: number;
  /** True when the walk started at the first record ever (seq 1, prev all zeros). */
  fromGenesis: boolean;
  /** The first break, if any, and how many places did not chain. */
  break?: ChainBreak;
  breaks: number;
}

const CHAIN_PREFIX = /^\{"v":\d+,"seq":(\d+),"prev":"([0-9a-f]{64})"/;

interface Pos {
  file: string;
  line: number;
}

export class ChainChecker {
  private prevHash: string | null = null;
  private prevSeq: number | null = null;
  private prevPos: Pos | null = null;
  private chained = false;
  private first: (ChainBreak & { gotSeq?: number; wantAfter?: number }) | undefined;
  /** Seqs seen after the first break, to tell a deletion from a reordering. */
  private laterSeqs = new Set<number>();
  private report: ChainReport = { ok: true, lines: 0, legacy: 0, fromGenesis: false, breaks: 0 };

  /** One line as written (without its newline); `complete` is false for a last line with no newline. */
  feed(bytes: Uint8Array, complete: boolean, pos: Pos): void {
    this.report.lines++;
    const text = new TextDecoder().decode(bytes);
    const hash = sha256Hex(bytes);
    const m = CHAIN_PREFIX.exec(text);
    if (this.first && m) this.laterSeqs.add(Number(m[1]));
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      record = undefined;
    }
    if (!complete)
      this.fail({
        kind: 'truncated',
        ...pos,
        message: `the last line of ${pos.file} is cut off (no newline): the file was truncated`,
      });
    else if (record === undefined || typeof record !== 'object' || record === null) {
      this.fail({ kind: 'edited', ...pos, message: `line ${pos.line} of ${pos.file} is not a JSON record` });
    } else if (!m) {
      if (this.chained)
        this.fail({
          kind: 'edited',
          ...pos,
          message: `line ${pos.line} of ${pos.file} has no seq/prev inside the chain (edited or inserted)`,
        });
      else this.report.legacy++;
    } else {
      const seq = Number(m[1]);
      const prev = m[2]!;
      if (!this.chained) {
        this.chained = true;
        this.report.firstSeq = seq;
        this.report.fromGenesis = seq === 1 && prev === GENESIS_HASH;
        // The first chained record after v1 lines chains to the last of them.
        if (this.prevHash !== null && prev !== this.prevHash && !(seq === 1 && prev === GENESIS_HASH)) {
          this.fail({
            kind: 'edited',
            ...pos,
            seq,
            message: `seq ${seq} does not chain to the line before it (${this.where(this.prevPos)})`,
          });
        }
      } else if (this.prevSeq !== null && (prev !== this.prevHash || seq !== this.prevSeq + 1)) {
        this.mismatch(seq, prev, pos);
      }
      this.prevSeq = seq;
      this.report.lastSeq = seq;
    }
    this.prevHash = hash;
    this.prevPos = pos;
  }

  /** Compares the end of the walk with the head file (the last seq and line hash the writers published). */
  finish(head: { seq: number; hash: string } | undefined, end: Pos): ChainReport {
    if (!this.chained && head) {
      this.fail({
        kind: 'truncated',
        ...end,
        line: 0,
        seq: head.seq,
        message: `the writers' head says seq ${head.seq} was written, but no chained record is left: the log was emptied or deleted`,
      });
    } else if (this.chained) {
      if (!head) {
        this.fail({
          kind: 'head',
          ...end,
          line: 0,
          message: 'the chain head file is missing: records removed from the end could not be told',
        });
      } else if (head.seq > (this.prevSeq ?? 0)) {
        this.fail({
          kind: 'truncated',
          ...end,
          line: 0,
          seq: head.seq,
          message: `the writers' head says seq ${head.seq} was written, the log ends at seq ${this.prevSeq}: the last ${head.seq - (this.prevSeq ?? 0)} record(s) were removed`,
        });
      } else if (head.seq < (this.prevSeq ?? 0)) {
        this.fail({
          kind: 'head',
          ...end,
          line: 0,
          seq: this.prevSeq ?? undefined,
          message: `the log ends at seq ${this.prevSeq} but the writers' head says ${head.seq}: lines were appended without the writer`,
        });
      } else if (head.hash !== this.prevHash) {
        this.fail({
          kind: 'edited',
          ...(this.prevPos ?? end),
          seq: head.seq,
          message: `the last record (seq ${head.seq}) was changed after it was written`,
        });
      }
    }
    const r = this.report;
    if (this.first) {
      const { gotSeq, wantAfter, ...b } = this.first;
      if (gotSeq !== undefined && wantAfter !== undefined && gotSeq > wantAfter + 1) {
        let reordered = false;
        for (const s of this.laterSeqs) if (s > wantAfter && s < gotSeq) reordered = true;
        b.kind = reordered ? 'reordered' : 'deleted';
        b.message = reordered
          ? `seq ${gotSeq} comes right after seq ${wantAfter}; the records in between appear later: lines were moved`
          : `seq ${wantAfter + 1}${gotSeq - 1 > wantAfter + 1 ? `–${gotSeq - 1}` : ''} missing between ${this.where(b)} and the line before it: record(s) deleted`;
      }
      r.break = b;
      r.ok = false;
    }
    return r;
  }

  private mismatch(seq: number, prev: string, pos: Pos): void {
    const after = this.prevSeq!;
    if (prev === this.prevHash) {
      this.fail({
        kind: 'edited',
        ...pos,
        seq,
        message: `seq ${seq} chains to the line before it, whose seq is ${after}: a seq was changed after it was written`,
      });
    } else if (seq <= after) {
      this.fail({
        kind: 'reordered',
        ...pos,
        seq,
        message: `seq ${seq} comes after seq ${after} (${this.where(this.prevPos)}): lines were moved or repeated`,
      });
    } else if (seq > after + 1) {
      this.fail({ kind: 'deleted', ...pos, seq, gotSeq: seq, wantAfter: after, message: '' });
    } else {
      void prev;
      this.fail({
        kind: 'edited',
        ...pos,
        seq,
        message: `seq ${seq} does not chain to the line before it (${this.where(this.prevPos)}): one of the two was changed after it was written`,
      });
    }
  }

  private fail(b: ChainBreak & { gotSeq?: number; wantAfter?: number }): void {
    this.report.breaks++;
    if (!this.first) this.first = b;
  }

  private where(p: Pos | null): string {
    return p ? `${p.file} line ${p.line}` : 'the start';
  }
}
