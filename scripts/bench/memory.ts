// Resident memory of a process and all its descendants: the app, and with the embedded
// default its PostgreSQL postmaster and backends, which are the app's children.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface TreeMemory {
  processes: number;
  /**
   * Sum of RSS. Pages shared by several processes (PostgreSQL's shared buffers, libraries)
   * count once per process, so this over-states what the tree costs the machine.
   */
  rssMb: number;
  /** Sum of PSS (shared pages split between their sharers), when /proc lets us read it. */
  pssMb: number | undefined;
  /** RSS by command name, e.g. "node 150 MB, postgres ×16 600 MB". */
  byCommand: string;
}

interface Process {
  pid: number;
  ppid: number;
  rssKb: number;
  command: string;
}

export function treeMemory(rootPid: number): TreeMemory {
  const table: Process[] = execFileSync('ps', ['-o', 'pid=,ppid=,rss=,comm=', '-e'], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .map((line) => {
      const [pid, ppid, rss, ...command] = line.trim().split(/\s+/);
      return {
        pid: Number(pid),
        ppid: Number(ppid),
        rssKb: Number(rss),
        command: command.join(' '),
      };
    });
  const tree: Process[] = [];
  const pending = table.filter((process) => process.pid === rootPid);
  for (let process = pending.pop(); process; process = pending.pop()) {
    tree.push(process);
    pending.push(...table.filter((child) => child.ppid === process?.pid));
  }
  const commands = new Map<string, { count: number; kb: number }>();
  for (const { command, rssKb } of tree) {
    // PostgreSQL retitles its processes ("postgres: checkpointer"); group them as one.
    const name = command.split(':')[0] ?? command;
    const entry = commands.get(name) ?? { count: 0, kb: 0 };
    commands.set(name, { count: entry.count + 1, kb: entry.kb + rssKb });
  }
  const pss = tree.map((process) => pssKb(process.pid));
  return {
    processes: tree.length,
    rssMb: mb(tree.reduce((sum, process) => sum + process.rssKb, 0)),
    pssMb: pss.every((kb) => kb !== undefined)
      ? mb(pss.reduce<number>((sum, kb) => sum + (kb ?? 0), 0))
      : undefined,
    byCommand: [...commands]
      .map(([name, { count, kb }]) => `${name}${count > 1 ? ` ×${count}` : ''} ${mb(kb)} MB`)
      .join(', '),
  };
}

const mb = (kb: number) => Math.round(kb / 1024);

function pssKb(pid: number): number | undefined {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
