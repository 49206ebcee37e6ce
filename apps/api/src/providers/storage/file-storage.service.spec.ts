import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileStorageService } from './file-storage.service';
import { LocalDiskBackend } from './local-disk.backend';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function storageIn(): { dir: string; storage: FileStorageService } {
  const dir = mkdtempSync(join(tmpdir(), 'crm-storage-'));
  dirs.push(dir);
  return { dir, storage: new FileStorageService(new LocalDiskBackend(dir, 'http://localhost:3000')) };
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('FileStorageService on local disk', () => {
  it('keeps public files under uploads/, served at /uploads with an unguessable name', async () => {
    const { dir, storage } = storageIn();
    const stored = await storage.put(Buffer.from('hola'), 'image/png');
    expect(stored.key).toMatch(/^\d{4}-\d{2}\/[\w-]{24}\.png$/);
    expect(stored.url).toBe(`http://localhost:3000/uploads/${stored.key}`);
    expect(readFileSync(join(dir, 'uploads', stored.key), 'utf8')).toBe('hola');
    await storage.removePublic(stored.key);
    expect(existsSync(join(dir, 'uploads', stored.key))).toBe(false);
  });

  it('finds a public file by the URL it answered, and removes it; other URLs are left alone', async () => {
    const { dir, storage } = storageIn();
    const stored = await storage.put(Buffer.from('hola'), 'image/png');
    expect(storage.publicKeyOf(stored.url)).toBe(stored.key);
    expect(storage.publicKeyOf('https://otro.example/uploads/2026-01/x.png')).toBeNull();
    expect(storage.publicKeyOf('http://localhost:3000/uploads/../secreto')).toBeNull();
    expect(storage.publicKeyOf('http://localhost:3000/private/albums/1/x.pdf')).toBeNull();
    await storage.removePublicUrl('https://otro.example/uploads/foto.png');
    await storage.removePublicUrl(null);
    expect(existsSync(join(dir, 'uploads', stored.key))).toBe(true);
    await storage.removePublicUrl(stored.url);
    expect(existsSync(join(dir, 'uploads', stored.key))).toBe(false);
  });

  it('keeps private files outside the public area and reads them back by key', async () => {
    const { dir, storage } = storageIn();
    const key = await storage.putPrivate(Buffer.from('secreto'), 'application/pdf', 'albums/3');
    expect(key).toMatch(/^private\/albums\/3\/[\w-]{24}\.pdf$/);
    expect(existsSync(join(dir, 'uploads', key))).toBe(false);
    const object = await storage.readPrivate(key);
    expect(object?.size).toBe(7);
    expect(await text(object?.stream as NodeJS.ReadableStream)).toBe('secreto');
    await storage.removePrivate(key);
    expect(await storage.readPrivate(key)).toBeNull();
    // Removing twice is not an error.
    await storage.removePrivate(key);
  });

  it('names a stored file by the type it was checked as, never by a name a client chose', async () => {
    const { storage } = storageIn();
    expect((await storage.put(Buffer.from('x'), 'application/pdf')).key).toMatch(/\.pdf$/);
    expect((await storage.put(Buffer.from('x'), 'audio/ogg')).key).toMatch(/\.ogg$/);
    // A type without a known extension is stored without one, so it can only be served as opaque bytes.
    expect((await storage.put(Buffer.from('x'), 'text/html')).key).toMatch(/^\d{4}-\d{2}\/[\w-]{24}$/);
  });

  it('refuses keys outside the private area or climbing out of it', async () => {
    const { storage } = storageIn();
    await expect(storage.readPrivate('uploads/2026-01/a.png')).rejects.toThrow(/Not a private storage key/);
    await expect(storage.readPrivate('private/../dev-secrets.json')).rejects.toThrow(/Invalid storage path/);
    await expect(storage.putPrivate(Buffer.from('x'), 'text/plain', '../escape')).rejects.toThrow(
      /Invalid storage path/,
    );
    await expect(storage.removePublic('../private/x')).rejects.toThrow(/Invalid storage path/);
  });
});
