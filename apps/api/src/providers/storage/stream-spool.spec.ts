import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { SpoolLimitError, spoolStream } from './stream-spool';

const dir = mkdtempSync(join(tmpdir(), 'crm-spool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function chunks(...parts: Buffer[]): Readable {
  return Readable.from(parts);
}

describe('spoolStream', () => {
  it('writes every chunk to disk and keeps the first 4096 bytes for sniffing', async () => {
    const first = Buffer.alloc(3000, 1);
    const second = Buffer.alloc(3000, 2);
    const spooled = await spoolStream(chunks(first, second), join(dir, 'a', 'file'), 10_000);
    expect(spooled.size).toBe(6000);
    expect(Buffer.compare(readFileSync(spooled.path), Buffer.concat([first, second]))).toBe(0);
    expect(spooled.head.length).toBe(4096);
    expect(spooled.head[2999]).toBe(1);
    expect(spooled.head[3000]).toBe(2);
  });

  it('cuts a stream that goes past the cap, whatever it declared', async () => {
    const source = chunks(Buffer.alloc(600), Buffer.alloc(600));
    await expect(spoolStream(source, join(dir, 'b'), 1000)).rejects.toBeInstanceOf(SpoolLimitError);
  });

  it('takes a stream of exactly the cap', async () => {
    const spooled = await spoolStream(chunks(Buffer.alloc(1000, 7)), join(dir, 'c'), 1000);
    expect(spooled.size).toBe(1000);
  });
});
