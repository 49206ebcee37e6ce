import { type DestinationStream, pino } from 'pino';
import PinoPretty from 'pino-pretty';

let stdout: DestinationStream | null = null;
const captures = new Set<(line: string) => void>();

/**
 * Where every log line goes. nestjs-pino keeps one pino logger per process (the first application built makes
 * it), so the destination is one per process too: standard output, human-readable in a development terminal and
 * one JSON object per line everywhere else. Tests capture it with `captureLogs`.
 */
export const logSink: DestinationStream = {
  write(line: string): void {
    if (captures.size > 0) {
      for (const capture of captures) capture(line);
      return;
    }
    stdout ??= pino.destination({ dest: 1, sync: true });
    stdout.write(line);
  },
};

/** Standard output in the human-readable form; chosen before the first line is written. */
export function usePrettyOutput(): void {
  stdout ??= PinoPretty({ singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}

/** Test support: the lines written until `stop` is called, parsed (instead of standard output meanwhile). */
export function captureLogs(): { lines: () => Array<Record<string, unknown>>; stop: () => void } {
  const lines: Array<Record<string, unknown>> = [];
  const capture = (line: string) => {
    lines.push(JSON.parse(line) as Record<string, unknown>);
  };
  captures.add(capture);
  return { lines: () => lines, stop: () => captures.delete(capture) };
}
