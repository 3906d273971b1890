import { readFileSync } from 'node:fs';

/** The fields of /proc/PID/stat the answer check needs (proc(5) numbering in comments). */
export interface ProcStat {
  pid: number;
  ppid: number; // 4
  pgrp: number; // 5
  sid: number; // 6: session id
  ttyNr: number; // 7: controlling terminal device, 0 for none
  tpgid: number; // 8: the terminal's foreground process group, -1 for none
  startTime: number; // 22: clock ticks after boot; with the pid it names one process, even after pid reuse
}

/** Parses /proc/PID/stat; undefined when the process is gone or /proc is absent (not Linux). */
export function procStat(pid: number | 'self'): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name in parentheses may hold spaces and ')': the fields start after the last ')'.
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const n = (i: number): number => Number(f[i - 3]);
  const self = Number(text.slice(0, text.indexOf(' ')));
  const stat = { pid: self, ppid: n(4), pgrp: n(5), sid: n(6), ttyNr: n(7), tpgid: n(8), startTime: n(22) };
  return Object.values(stat).every(Number.isInteger) ? stat : undefined;
}

/**
 * The hard limit on file locks (RLIMIT_LOCKS, "Max file locks" in /proc/PID/limits): the mark a
 * launcher sets on its agent (see shims/launcher.sh). Infinity for "unlimited", undefined if unreadable.
 */
export function locksHardLimit(pid: number | 'self'): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max file locks'));
    const hard = line?.slice('Max file locks'.length).trim().split(/\s+/)[1];
    if (hard === 'unlimited') return Infinity;
    const value = Number(hard);
    return hard !== undefined && Number.isInteger(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The environment a process was started with (what exec gave it); empty for another user's process or a gone one. */
export function environOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
  } catch {
    return [];
  }
}

/** `pid` and its ancestors, nearest first, up to (not including) pid 1. */
export function ancestry(pid: number, maxHops = 128): number[] {
  const out: number[] = [];
  let at: number | undefined = pid;
  while (at !== undefined && at > 1 && out.length < maxHops && !out.includes(at)) {
    out.push(at);
    at = procStat(at)?.ppid;
  }
  return out;
}

/** A terminal device number as a name a person recognises: pseudo-terminals (major 136–143) as /dev/pts/N. */
export function ttyName(ttyNr: number): string {
  const major = (ttyNr >> 8) & 0xfff;
  const minor = (ttyNr & 0xff) | ((ttyNr >> 12) & 0xfff00);
  if (major >= 136 && major <= 143) return `/dev/pts/${(major - 136) * 256 + minor}`;
  return `terminal ${major}:${minor}`;
}
