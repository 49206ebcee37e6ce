import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../limits';
import {
  checkInboundMedia,
  inboundMediaMaxBytes,
  isMediaFileStatus,
  MEDIA_FETCH_MESSAGES,
  mediaTooLargeMessage,
  messageMediaPath,
  messageMediaRetryPath,
} from './inbound-media';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (value: string) => Uint8Array.from(value, (c) => c.charCodeAt(0));
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const OGG = Uint8Array.from([...ascii('OggS'), 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, ...ascii('OpusHead')]);
const WEBP = Uint8Array.from([...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBPVP8 ')]);
const MP4 = Uint8Array.from([0, 0, 0, 0x18, ...ascii('ftypisom'), 0, 0, 2, 0]);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04, 20, 0);
const HTML = ascii('<!doctype html><html><body><script>alert(1)</script></body></html>');
const EXE = Uint8Array.from([...ascii('MZ'), 0x90, 0, 3, 0]);
const MB = 1024 * 1024;

describe('checkInboundMedia', () => {
  it('types an image, a voice note, a sticker and a video by their bytes', () => {
    expect(checkInboundMedia('image', JPEG, 100, 5 * MB, 'image/jpeg')).toEqual({
      ok: true,
      mimeType: 'image/jpeg',
    });
    // The provider's declared type does not decide: the bytes are a PNG.
    expect(checkInboundMedia('image', PNG, 100, 5 * MB, 'image/jpeg')).toEqual({
      ok: true,
      mimeType: 'image/png',
    });
    expect(checkInboundMedia('audio', OGG, 100, 16 * MB, 'audio/ogg; codecs=opus')).toEqual({
      ok: true,
      mimeType: 'audio/ogg',
    });
    expect(checkInboundMedia('sticker', WEBP, 100, 500 * 1024, 'image/webp')).toEqual({
      ok: true,
      mimeType: 'image/webp',
    });
    expect(checkInboundMedia('video', MP4, 100, 16 * MB, 'video/mp4')).toEqual({
      ok: true,
      mimeType: 'video/mp4',
    });
    // A sound in an MP4 container is audio, whatever its brand.
    expect(checkInboundMedia('audio', MP4, 100, 16 * MB, 'audio/mp4')).toEqual({
      ok: true,
      mimeType: 'audio/mp4',
    });
  });

  it('refuses an image whose bytes are a page, a program or a sound, with the reason in Spanish', () => {
    for (const head of [HTML, EXE, OGG]) {
      expect(checkInboundMedia('image', head, 100, 5 * MB, 'image/jpeg')).toEqual({
        ok: false,
        reason: MEDIA_FETCH_MESSAGES.notImage,
      });
    }
    expect(checkInboundMedia('audio', JPEG, 100, 16 * MB, 'audio/ogg')).toEqual({
      ok: false,
      reason: 'El archivo recibido no es un audio válido.',
    });
    expect(checkInboundMedia('video', OGG, 100, 16 * MB, 'video/mp4').ok).toBe(false);
  });

  it('takes any document, typed by its content when known and as opaque bytes otherwise', () => {
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(checkInboundMedia('document', ascii('%PDF-1.7\n'), 9, MAX_FILE_BYTES, 'application/pdf')).toEqual({
      ok: true,
      mimeType: 'application/pdf',
    });
    expect(checkInboundMedia('document', ZIP, 6, MAX_FILE_BYTES, docx)).toEqual({ ok: true, mimeType: docx });
    // A declared type the bytes contradict is not kept.
    expect(checkInboundMedia('document', ZIP, 6, MAX_FILE_BYTES, 'application/pdf')).toEqual({
      ok: true,
      mimeType: 'application/zip',
    });
    expect(checkInboundMedia('document', EXE, 6, MAX_FILE_BYTES, 'application/pdf')).toEqual({
      ok: true,
      mimeType: 'application/octet-stream',
    });
    // An HTML page sent as a document is plain text: it can only ever be downloaded.
    expect(checkInboundMedia('document', HTML, HTML.length, MAX_FILE_BYTES, 'text/html')).toEqual({
      ok: true,
      mimeType: 'text/plain',
    });
  });

  it('refuses an empty file and one over its cap', () => {
    expect(checkInboundMedia('image', new Uint8Array(), 0, 5 * MB)).toEqual({
      ok: false,
      reason: 'Archivo vacío o corrupto',
    });
    expect(checkInboundMedia('image', JPEG, 5 * MB + 1, 5 * MB)).toEqual({
      ok: false,
      reason: 'El archivo supera el tamaño máximo de 5 MB.',
    });
  });
});

describe('inbound media helpers', () => {
  it('caps a provider limit at MAX_FILE_BYTES', () => {
    expect(inboundMediaMaxBytes()).toBe(MAX_FILE_BYTES);
    expect(inboundMediaMaxBytes(5 * MB)).toBe(5 * MB);
    expect(inboundMediaMaxBytes(2 * MAX_FILE_BYTES)).toBe(MAX_FILE_BYTES);
    expect(mediaTooLargeMessage(500 * 1024)).toBe('El archivo supera el tamaño máximo de 500 KB.');
  });

  it('names the media routes and the file states', () => {
    expect(messageMediaPath(42)).toBe('/api/messages/42/media');
    expect(messageMediaRetryPath(42)).toBe('/api/messages/42/media/retry');
    expect(isMediaFileStatus('ready')).toBe(true);
    expect(isMediaFileStatus('done')).toBe(false);
    expect(isMediaFileStatus(null)).toBe(false);
  });
});

describe('checkInboundMedia at its bounds', () => {
  const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

  it('reads a declared document type whatever its case, spaces and parameters', () => {
    expect(checkInboundMedia('document', ZIP, 6, MAX_FILE_BYTES, ` ${docx.toUpperCase()} ; foo=bar`)).toEqual(
      {
        ok: true,
        mimeType: docx,
      },
    );
    expect(checkInboundMedia('document', ZIP, 6, MAX_FILE_BYTES)).toEqual({
      ok: true,
      mimeType: 'application/zip',
    });
  });

  it('types an image sent as a document as the image it is', () => {
    expect(checkInboundMedia('document', JPEG, 6, MAX_FILE_BYTES, 'application/pdf')).toEqual({
      ok: true,
      mimeType: 'image/jpeg',
    });
  });

  it('refuses a file of size 0 or without bytes, and takes one of exactly its cap', () => {
    const empty = { ok: false, reason: 'Archivo vacío o corrupto' };
    expect(checkInboundMedia('image', JPEG, 0, 5 * MB)).toEqual(empty);
    expect(checkInboundMedia('image', new Uint8Array(), 100, 5 * MB)).toEqual(empty);
    expect(checkInboundMedia('image', JPEG, 5 * MB, 5 * MB)).toEqual({ ok: true, mimeType: 'image/jpeg' });
  });
});
