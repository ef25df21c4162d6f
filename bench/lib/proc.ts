// What a benchmark reads of another process from /proc: its memory and its CPU time.
import { readFileSync } from 'node:fs';

/** The process's resident memory, MB (VmRSS of /proc/<pid>/status). */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
}

/** The process's CPU time so far, ms (utime + stime of /proc/<pid>/stat; 100 ticks a second). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
