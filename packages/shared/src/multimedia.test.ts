import { describe, expect, it } from 'vitest';
import {
  albumFileTypeOf,
  albumNameError,
  duplicatedFilesMessage,
  exceedsFileCount,
  isMediaSort,
  MULTIMEDIA_MESSAGES,
  mediaNameKey,
  pageCount,
  pagerItems,
  resolveContentType,
  sniffContent,
} from './multimedia';

const bytes = (...values: number[]) => Uint8Array.from(values);
// UTF-8 bytes without TextEncoder (this package's type-check has no DOM or Node types).
const text = (value: string) =>
  Uint8Array.from(encodeURIComponent(value).match(/%[0-9A-F]{2}|[^%]/g) ?? [], (part) =>
    part.length === 3 ? Number.parseInt(part.slice(1), 16) : part.charCodeAt(0),
  );
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16);
const MP4 = Uint8Array.from([0, 0, 0, 0x18, ...text('ftypisom'), 0, 0, 2, 0]);
const THREE_GP = Uint8Array.from([0, 0, 0, 0x18, ...text('ftyp3gp4'), 0, 0, 2, 0]);
const MOV = Uint8Array.from([0, 0, 0, 0x14, ...text('ftypqt  '), 0, 0, 2, 0]);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04, 20, 0);
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const EXE = Uint8Array.from([...text('MZ'), 0x90, 0, 3, 0]);

describe('sniffContent', () => {
  it('recognises the accepted formats by their magic numbers', () => {
    expect(sniffContent(PNG)).toBe('png');
    expect(sniffContent(JPEG)).toBe('jpeg');
    expect(sniffContent(text('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffContent(MP4)).toBe('isobmff-mp4');
    expect(sniffContent(THREE_GP)).toBe('isobmff-3gp');
    expect(sniffContent(ZIP)).toBe('zip');
    expect(sniffContent(OLE)).toBe('ole');
    expect(sniffContent(bytes(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0))).toBe('rar');
    expect(sniffContent(bytes(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c))).toBe('7z');
    expect(sniffContent(text('nombre,teléfono\r\nAna,5512345678\n'))).toBe('text');
  });

  it('takes 3GPP2 as 3GPP video and every iTunes audio brand as audio', () => {
    expect(sniffContent(Uint8Array.from([0, 0, 0, 0x18, ...text('ftyp3g2a'), 0, 0, 2, 0]))).toBe(
      'isobmff-3gp',
    );
    expect(sniffContent(Uint8Array.from([0, 0, 0, 0x18, ...text('ftypM4B '), 0, 0, 2, 0]))).toBe(
      'isobmff-m4a',
    );
    expect(sniffContent(Uint8Array.from([0, 0, 0, 0x18, ...text('ftypM4P '), 0, 0, 2, 0]))).toBe(
      'isobmff-m4a',
    );
  });

  it('takes tabs, form feeds and line ends as text, and other control bytes or DEL as binary', () => {
    expect(sniffContent(text('a\tb\fc\r\nd'))).toBe('text');
    expect(sniffContent(text('a\tb'))).toBe('text');
    expect(sniffContent(text('a\fb'))).toBe('text');
    expect(sniffContent(bytes(0x61, 0x7f, 0x62))).toBeNull();
    expect(sniffContent(bytes(0x61, 0x01, 0x62))).toBeNull();
    expect(sniffContent(bytes(0x61, 0x1f, 0x62))).toBeNull();
  });

  it('answers null for executables, QuickTime and empty content', () => {
    expect(sniffContent(EXE)).toBeNull();
    expect(sniffContent(MOV)).toBeNull();
    expect(sniffContent(new Uint8Array())).toBeNull();
  });
});

describe('sniffContent for received media', () => {
  const WEBP = Uint8Array.from([...text('RIFF'), 0x24, 0, 0, 0, ...text('WEBPVP8 '), 0x18, 0, 0, 0]);
  const WAV = Uint8Array.from([...text('RIFF'), 0x24, 0, 0, 0, ...text('WAVEfmt '), 0x10, 0, 0, 0]);
  const OGG_OPUS = Uint8Array.from([...text('OggS'), 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, ...text('OpusHead')]);
  const M4A = Uint8Array.from([0, 0, 0, 0x20, ...text('ftypM4A '), 0, 0, 2, 0]);

  it('recognises stickers, gifs and voice notes by their containers', () => {
    expect(sniffContent(WEBP)).toBe('webp');
    expect(sniffContent(Uint8Array.from([...text('GIF89a'), 1, 0, 1, 0]))).toBe('gif');
    expect(sniffContent(Uint8Array.from([...text('GIF87a'), 1, 0, 1, 0]))).toBe('gif');
    expect(sniffContent(OGG_OPUS)).toBe('ogg');
    expect(sniffContent(Uint8Array.from([...text('#!AMR\n'), 0x3c, 0x48]))).toBe('amr');
    expect(sniffContent(Uint8Array.from([...text('#!AMR-WB\n'), 0x04]))).toBe('amr');
    expect(sniffContent(WAV)).toBe('wav');
  });

  it('tells MP3 (ID3 tag or MPEG frame) from AAC (ADTS) by the layer bits', () => {
    expect(sniffContent(Uint8Array.from([...text('ID3'), 4, 0, 0, 0, 0, 0x0f, 0x76]))).toBe('mp3');
    // MPEG-1 Layer III, 128 kb/s, 44.1 kHz.
    expect(sniffContent(bytes(0xff, 0xfb, 0x90, 0x64, 0, 0))).toBe('mp3');
    // MPEG-2 Layer III.
    expect(sniffContent(bytes(0xff, 0xf3, 0x84, 0xc4, 0, 0))).toBe('mp3');
    // ADTS, MPEG-4 and MPEG-2 AAC.
    expect(sniffContent(bytes(0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc))).toBe('aac');
    expect(sniffContent(bytes(0xff, 0xf9, 0x50, 0x80, 0x02, 0x1f, 0xfc))).toBe('aac');
    // Reserved bitrate and sample rate: not a frame header.
    expect(sniffContent(bytes(0xff, 0xfb, 0xf0, 0x64, 0, 0))).toBeNull();
    expect(sniffContent(bytes(0xff, 0xfb, 0x9c, 0x64, 0, 0))).toBeNull();
  });

  it('reads no MPEG frame without the 11 sync bits or with a reserved version or layer', () => {
    // Latin-1 text 'ÿ[' has no sync bits, so it stays text.
    expect(sniffContent(bytes(0xff, 0x5b, 0x90, 0x64))).toBe('text');
    // No leading FF: not a frame either.
    expect(sniffContent(bytes(0x41, 0xfb, 0x90, 0x64))).toBe('text');
    // Reserved version (01) and reserved layer (00) with MPEG-2.5.
    expect(sniffContent(bytes(0xff, 0xeb, 0x90, 0x64))).toBe('text');
    expect(sniffContent(bytes(0xff, 0xe0, 0x90, 0x64))).toBe('text');
  });

  it('keeps iTunes audio apart from mp4 video, and still refuses QuickTime and unknown RIFF', () => {
    expect(sniffContent(M4A)).toBe('isobmff-m4a');
    expect(sniffContent(MP4)).toBe('isobmff-mp4');
    expect(sniffContent(MOV)).toBeNull();
    expect(sniffContent(Uint8Array.from([...text('RIFF'), 0x24, 0, 0, 0, ...text('AVI LIST')]))).toBeNull();
    // JPEG's own FF D8 is not an MPEG frame sync.
    expect(sniffContent(JPEG)).toBe('jpeg');
  });

  it('accepts none of them as an upload (02 §5 types are unchanged)', () => {
    expect(resolveContentType('sticker.webp', WEBP, 10).ok).toBe(false);
    expect(resolveContentType('nota.mp4', M4A, 10).ok).toBe(false);
  });
});

describe('resolveContentType', () => {
  it('takes the type from the bytes when the name agrees', () => {
    const png = resolveContentType('Foto.PNG', PNG, 1000);
    expect(png).toMatchObject({ ok: true, rule: { mimeType: 'image/png', mediaType: 'image' } });
    expect(resolveContentType('informe.docx', ZIP, 10)).toMatchObject({
      ok: true,
      rule: { mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
    });
    expect(resolveContentType('clip.3gp', THREE_GP, 10)).toMatchObject({
      ok: true,
      rule: { mimeType: 'video/3gpp' },
    });
  });

  it('refuses a file whose bytes are not what its name says', () => {
    expect(resolveContentType('foto.png', EXE, 10)).toEqual({
      ok: false,
      error: 'Tipo de archivo no permitido',
    });
    expect(resolveContentType('foto.png', JPEG, 10)).toEqual({
      ok: false,
      error: 'Tipo de archivo no permitido',
    });
    expect(resolveContentType('programa.exe', EXE, 10).ok).toBe(false);
    expect(resolveContentType('sin-extension', PNG, 10).ok).toBe(false);
  });

  it('calls an empty file empty or corrupt', () => {
    expect(resolveContentType('vacio.pdf', new Uint8Array(), 0)).toEqual({
      ok: false,
      error: 'Archivo vacío o corrupto',
    });
  });

  it('calls a file of size 0, or one with no bytes read, empty or corrupt', () => {
    expect(resolveContentType('foto.png', PNG, 0)).toEqual({ ok: false, error: 'Archivo vacío o corrupto' });
    expect(resolveContentType('foto.png', new Uint8Array(), 10)).toEqual({
      ok: false,
      error: 'Archivo vacío o corrupto',
    });
    expect(resolveContentType('foto.png', PNG, 1)).toMatchObject({
      ok: true,
      rule: { mimeType: 'image/png' },
    });
  });

  it('honours a narrower accept list', () => {
    expect(resolveContentType('a.pdf', text('%PDF-1.4'), 8, ['image/png']).ok).toBe(false);
  });
});

describe('album helpers', () => {
  it('maps media types, sorts, counts and names', () => {
    expect(albumFileTypeOf('image')).toBe('IMAGE');
    expect(albumFileTypeOf('video')).toBe('VIDEO');
    expect(albumFileTypeOf('document')).toBe('DOCUMENT');
    expect(isMediaSort('name')).toBe(true);
    expect(isMediaSort('size')).toBe(false);
    expect(exceedsFileCount(10)).toBe(false);
    expect(exceedsFileCount(11)).toBe(true);
    expect(mediaNameKey('  Catálogo ')).toBe('catálogo');
    expect(mediaNameKey('ÁLBUM DE JUNIO')).toBe('álbum de junio');
    expect(isMediaSort('creationDate')).toBe(true);
    expect(isMediaSort(5)).toBe(false);
    expect(exceedsFileCount(9)).toBe(false);
  });

  it('shows 5 pages around the current one with 1 margin page and gaps', () => {
    expect(pagerItems(1, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pagerItems(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pagerItems(20, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
    expect(pagerItems(1, 0)).toEqual([]);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25, 12)).toBe(3);
  });

  it('lists every page up to 7 and gaps from 8 on (5 shown + 2 margin pages)', () => {
    expect(pagerItems(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pagerItems(1, 8)).toEqual([1, 2, 3, 4, 5, null, 8]);
    expect(pagerItems(4, 8)).toEqual([1, 2, 3, 4, 5, 6, null, 8]);
    expect(pagerItems(1, -1)).toEqual([]);
  });

  it('keeps a wider margin when asked', () => {
    expect(pagerItems(1, 9, 5, 2)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pagerItems(6, 12, 3, 2)).toEqual([1, 2, null, 5, 6, 7, null, 11, 12]);
  });

  it('counts 12 files to a page', () => {
    expect(pageCount(12)).toBe(1);
    expect(pageCount(13)).toBe(2);
  });
});

describe('albumNameError', () => {
  it('requires a name and caps its length', () => {
    expect(albumNameError('Catálogo')).toBeNull();
    expect(albumNameError('  ')).toBe('Nombre obligatorio');
    expect(albumNameError(undefined)).toBe('Nombre obligatorio');
    expect(albumNameError('x'.repeat(101))).toBe('El nombre no debe exceder los 100 caracteres');
    expect(albumNameError(null)).toBe('Nombre obligatorio');
    expect(albumNameError('x'.repeat(100))).toBeNull();
    expect(albumNameError(`  ${'x'.repeat(100)}  `)).toBeNull();
  });
});

describe('multimedia texts', () => {
  it('list the names an album already holds', () => {
    expect(duplicatedFilesMessage(['a.png', 'b.pdf'])).toBe(
      'Ya existe un archivo con ese nombre: a.png, b.pdf',
    );
  });

  it('state the file-name limit', () => {
    expect(MULTIMEDIA_MESSAGES.fileNameTooLong).toBe(
      'El nombre del archivo no debe exceder los 255 caracteres',
    );
    expect(MULTIMEDIA_MESSAGES.videoNameTooLong).toBe('El nombre no debe exceder los 255 caracteres');
  });
});
