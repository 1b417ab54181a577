// What the machine itself did while a call was measured, from Linux's counters: CPU time the
// hypervisor took (steal), time tasks stalled on I/O (pressure), how many reads reached the
// disks (a page not in memory) and how long the disks took per read, per write and per cache
// flush (a commit's fdatasync is a flush). A round slow for reasons of the machine, not of the
// app, shows here. It is this machine's: the database's too when it runs here, as the bench
// runs it (embedded, or a server on loopback). Off Linux, or where a file is missing, absent.
// Also the CPU time a process used, and the machine's busy and idle time, for work measured by
// its duration rather than in rounds (the scale-out bench, the money part).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

interface Counters {
  /** /proc/stat jiffies: all CPU time, and the part stolen by the hypervisor. */
  cpuTotal: number;
  cpuSteal: number;
  /** /proc/pressure/io "some" total, µs: time at least one task waited for I/O. */
  ioStallUs: number | undefined;
  /** /proc/diskstats, summed over whole disks. */
  reads: number;
  readMs: number;
  writes: number;
  writeMs: number;
  flushes: number;
  flushMs: number;
  at: number;
}

export interface MachineLoad {
  /** Share of CPU time stolen by the hypervisor, %. */
  stealPct: number;
  /** Share of the wall time in which some task was stalled on I/O, %; absent without PSI. */
  ioStallPct: number | undefined;
  /** Reads that reached the disks. */
  reads: number;
  /** Mean device time per completed read, write and flush, ms (0 when there were none). */
  msPerRead: number;
  msPerWrite: number;
  msPerFlush: number;
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whole disks only: partitions repeat their disk's I/O; loop and RAM devices are not disks. */
const isWholeDisk = (name: string) =>
  !/^(loop|ram|zram)/.test(name) && existsSync(`/sys/block/${name}`);

function counters(): Counters | undefined {
  const cpu = read('/proc/stat')?.split('\n')[0]?.trim().split(/\s+/).slice(1, 9).map(Number);
  const disks = read('/proc/diskstats');
  if (!cpu || cpu.length < 8 || !disks) return undefined;
  const totals = { reads: 0, readMs: 0, writes: 0, writeMs: 0, flushes: 0, flushMs: 0 };
  for (const line of disks.trim().split('\n')) {
    const field = line.trim().split(/\s+/);
    if (!isWholeDisk(field[2] ?? '')) continue;
    totals.reads += Number(field[3] ?? 0);
    totals.readMs += Number(field[6] ?? 0);
    totals.writes += Number(field[7] ?? 0);
    totals.writeMs += Number(field[10] ?? 0);
    // Flush counters exist since Linux 5.5 (the kernel's fields 16 and 17 after the name).
    totals.flushes += Number(field[18] ?? 0);
    totals.flushMs += Number(field[19] ?? 0);
  }
  const pressure = /^some .*total=(\d+)/m.exec(read('/proc/pressure/io') ?? '');
  return {
    cpuTotal: cpu.reduce((sum, jiffies) => sum + jiffies, 0),
    cpuSteal: cpu[7] ?? 0,
    ioStallUs: pressure?.[1] === undefined ? undefined : Number(pressure[1]),
    ...totals,
    at: performance.now(),
  };
}

/** Starts watching the machine; the function returned says what it did since. */
export function watchMachine(): () => MachineLoad | undefined {
  const before = counters();
  return () => {
    const after = counters();
    if (!before || !after) return undefined;
    const since = (key: Exclude<keyof Counters, 'ioStallUs'>) => after[key] - before[key];
    const per = (ms: number, count: number) => (count > 0 ? ms / count : 0);
    const stallUs =
      after.ioStallUs === undefined || before.ioStallUs === undefined
        ? undefined
        : after.ioStallUs - before.ioStallUs;
    return {
      stealPct: (100 * since('cpuSteal')) / (since('cpuTotal') || 1),
      ioStallPct: stallUs === undefined ? undefined : (100 * stallUs) / (since('at') * 1000 || 1),
      reads: since('reads'),
      msPerRead: per(since('readMs'), since('reads')),
      msPerWrite: per(since('writeMs'), since('writes')),
      msPerFlush: per(since('flushMs'), since('flushes')),
    };
  };
}

/** e.g. "steal 0%, I/O stall 3%, 1520 disk reads at 0.25 ms, 0.40 ms a write, 0.09 ms a flush". */
export function describeLoad(load: MachineLoad): string {
  const stall = load.ioStallPct === undefined ? '' : `, I/O stall ${load.ioStallPct.toFixed(0)}%`;
  return (
    `steal ${load.stealPct.toFixed(0)}%${stall}, ` +
    `${load.reads} disk reads at ${load.msPerRead.toFixed(2)} ms, ` +
    `${load.msPerWrite.toFixed(2)} ms a write, ${load.msPerFlush.toFixed(2)} ms a flush`
  );
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) a process has used, from /proc; undefined where there is none. */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  const stat = pid === undefined ? undefined : read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The fields after the command's closing parenthesis start at the 3rd; utime is the 14th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** The machine's CPU time so far, busy and idle (idle + iowait), from /proc/stat. */
export function machineCpu(): { busy: number; idle: number } | undefined {
  const [, ...times] = read('/proc/stat')?.split('\n')[0]?.trim().split(/\s+/) ?? [];
  if (times.length < 8) return undefined;
  // user nice system idle iowait irq softirq steal (guest time is already in user).
  const values = times.slice(0, 8).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: values.reduce((sum, value) => sum + value, 0) - idle, idle };
}
