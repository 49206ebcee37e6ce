import { describe, expect, it } from 'vitest';
import { fileTooLargeMessage, formatFileSize, uploadErrorSummary, validateUploads } from './uploads';

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('validateUploads', () => {
  it('accepts the default types within their limits', () => {
    const files = [
      file('a.jpg', 'image/jpeg', 1000),
      file('b.png', 'image/png', 1000),
      file('c.pdf', 'application/pdf', 104857600),
      file('d.zip', 'application/zip', 5),
      file('e.mp4', 'video/mp4', 15000000),
    ];
    const result = validateUploads(files);
    expect(result.accepted).toEqual(files);
    expect(result.errors).toEqual([]);
    expect(result.toast).toBeUndefined();
  });

  it('refuses types outside the accepted list', () => {
    const result = validateUploads([file('a.exe', 'application/x-msdownload', 10)]);
    expect(result.accepted).toEqual([]);
    expect(result.errors).toEqual(['Tipo de archivo no permitido']);
  });

  it('refuses empty files', () => {
    expect(validateUploads([file('a.png', 'image/png', 0)]).errors).toEqual(['Archivo vacío o corrupto']);
  });

  it('refuses files over 100 MB', () => {
    const result = validateUploads([file('a.pdf', 'application/pdf', 104857601)]);
    expect(result.errors).toEqual(['Archivo demasiado grande (máximo 100 MB)']);
  });

  it('applies the 15 MB default to videos, or the caller maximum', () => {
    expect(validateUploads([file('v.mp4', 'video/mp4', 15000001)]).errors).toEqual([
      'Archivo demasiado grande (máximo 15 MB)',
    ]);
    const bigger = validateUploads([file('v.mp4', 'video/mp4', 16000000)], { videoMaxBytes: 16777216 });
    expect(bigger.accepted).toHaveLength(1);
    expect(
      validateUploads([file('v.mp4', 'video/mp4', 16777217)], { videoMaxBytes: 16777216 }).errors,
    ).toEqual(['Archivo demasiado grande (máximo 16 MB)']);
  });

  it('lets template media videos go up to the general cap when no video maximum applies', () => {
    const result = validateUploads([file('v.mp4', 'video/mp4', 50000000)], { videoMaxBytes: null });
    expect(result.accepted).toHaveLength(1);
  });

  it('keeps the first 10 files and warns about the rest', () => {
    const files = Array.from({ length: 12 }, (_, i) => file(`f${i}.png`, 'image/png', 10));
    const result = validateUploads(files);
    expect(result.accepted).toHaveLength(10);
    expect(result.accepted[9]?.name).toBe('f9.png');
    expect(result.errors).toEqual(['Límite de 10 archivos excedido']);
    expect(result.toast).toBe('Solo puedes subir hasta 10 archivos. Algunos archivos fueron descartados');
  });

  it('accepts exactly 10 files without a toast', () => {
    const files = Array.from({ length: 10 }, (_, i) => file(`f${i}.png`, 'image/png', 10));
    expect(validateUploads(files).toast).toBeUndefined();
  });

  it('matches wildcards and extensions in a custom accept list', () => {
    const result = validateUploads(
      [file('a.gif', 'image/gif', 1), file('b.csv', '', 1), file('c.txt', 'text/plain', 1)],
      {
        accept: ['image/*', '.csv'],
      },
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['a.gif', 'b.csv']);
    expect(result.rejected.map((r) => r.file.name)).toEqual(['c.txt']);
  });

  it('reports each distinct reason once', () => {
    const result = validateUploads([
      file('a.exe', 'x/y', 1),
      file('b.exe', 'x/y', 1),
      file('c.png', 'image/png', 0),
    ]);
    expect(result.errors).toEqual(['Tipo de archivo no permitido', 'Archivo vacío o corrupto']);
    expect(result.rejected).toHaveLength(3);
  });
});

describe('uploadErrorSummary', () => {
  it('is null when all files are fine', () => {
    expect(uploadErrorSummary(validateUploads([file('a.png', 'image/png', 1)]))).toBeNull();
  });

  it('gives the single reason when all rejections agree', () => {
    expect(uploadErrorSummary(validateUploads([file('a.exe', 'x/y', 1)]))).toBe(
      'Tipo de archivo no permitido',
    );
  });

  it('lists the invalid files when reasons differ', () => {
    const result = validateUploads([file('a.exe', 'x/y', 1), file('c.png', 'image/png', 0)]);
    expect(uploadErrorSummary(result)).toBe('Algunos archivos no son válidos: a.exe, c.png');
  });
});

describe('sizes', () => {
  it('shows KB below one megabyte and MB above', () => {
    expect(formatFileSize(0)).toBe('0 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1048575)).toBe('1024 KB');
    expect(formatFileSize(1048576)).toBe('1 MB');
    expect(formatFileSize(15000000)).toBe('14.31 MB');
  });

  it('writes limits as whole megabytes', () => {
    expect(fileTooLargeMessage(104857600)).toBe('Archivo demasiado grande (máximo 100 MB)');
    expect(fileTooLargeMessage(15000000)).toBe('Archivo demasiado grande (máximo 15 MB)');
  });
});
