import { describe, expect, it } from 'vitest';
import { COMPANY_STATUSES, CompanyStatus } from './company';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_VERTICALS } from './limits';
import {
  imageInfo,
  linkedPhoneDisplay,
  linkingQrLink,
  WHATSAPP_LINKING_MESSAGES as M,
  PROFILE_VERTICAL_VALUES,
  profileFieldsFault,
  profilePhotoFault,
  profileVerticalName,
  statusAfterLinking,
} from './whatsapp-linking';

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

function jpeg(width: number, height: number): Uint8Array {
  // SOI, an APP0 segment of 16 bytes, then SOF2 (progressive) with height and width.
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0)];
  const sof = [0xff, 0xc2, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 3, 0, 0, 0];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof]);
}

const fields = { about: '', website: '', vertical: '', email: '', description: '', address: '' };

describe('imageInfo', () => {
  it('reads the size a PNG and a JPEG declare', () => {
    expect(imageInfo(png(641, 10))).toEqual({ mimeType: 'image/png', width: 641, height: 10 });
    expect(imageInfo(jpeg(640, 480))).toEqual({ mimeType: 'image/jpeg', width: 640, height: 480 });
  });
  it('knows no other format', () => {
    expect(imageInfo(Uint8Array.from('GIF89a\u0001\u0000\u0001\u0000', (c) => c.charCodeAt(0)))).toBeNull();
    expect(imageInfo(new Uint8Array([0x89, 0x50]))).toBeNull();
  });
});

describe('profilePhotoFault', () => {
  const ok = { fileName: 'logo.png', size: 1000, image: imageInfo(png(640, 640)) };
  it('accepts jpg, jpeg and png up to 15 MB and 640x640', () => {
    expect(profilePhotoFault(ok)).toBeNull();
    expect(profilePhotoFault({ ...ok, fileName: 'a.JPG', image: imageInfo(jpeg(10, 10)) })).toBeNull();
    expect(profilePhotoFault({ ...ok, fileName: 'a.jpeg', size: PROFILE_PHOTO_MAX_BYTES })).toBeNull();
  });
  it('refuses other types, bigger files and larger images with the spec texts', () => {
    expect(profilePhotoFault({ ...ok, fileName: 'a.gif' })).toBe('Tipo de archivo no permitido');
    expect(profilePhotoFault({ ...ok, image: null })).toBe(M.photoType);
    expect(profilePhotoFault({ ...ok, size: PROFILE_PHOTO_MAX_BYTES + 1 })).toBe(
      'La imagen debe ser menor a 15MB',
    );
    expect(profilePhotoFault({ ...ok, image: imageInfo(png(641, 10)) })).toBe(
      'La imagen debe ser menor a 640x640',
    );
    expect(profilePhotoFault({ ...ok, image: imageInfo(png(10, 641)) })).toBe(M.photoTooBig);
  });
});

describe('profileFieldsFault', () => {
  it('keeps about under 256 characters', () => {
    expect(profileFieldsFault({ ...fields, about: 'á'.repeat(255) })).toBeNull();
    expect(profileFieldsFault({ ...fields, about: 'a'.repeat(256) })).toEqual({
      field: 'about',
      message: 'La descripción debe tener menos de 256 caracteres',
    });
  });
  it('checks website, e-mail and vertical', () => {
    expect(profileFieldsFault({ ...fields, website: 'ftp://x.mx' })?.field).toBe('website');
    expect(profileFieldsFault({ ...fields, email: 'nope' })?.field).toBe('email');
    expect(profileFieldsFault({ ...fields, vertical: 'Restaurante' })?.field).toBe('vertical');
    expect(
      profileFieldsFault({ ...fields, website: 'https://a.mx', email: 'a@b.mx', vertical: 'RESTAURANT' }),
    ).toBeNull();
  });
});

describe('PROFILE_VERTICAL_VALUES', () => {
  it("gives each of the spec's 17 options its Cloud API enum value", () => {
    expect(Object.keys(PROFILE_VERTICAL_VALUES)).toEqual([...PROFILE_VERTICALS]);
    expect(new Set(Object.values(PROFILE_VERTICAL_VALUES)).size).toBe(17);
    expect(PROFILE_VERTICAL_VALUES['Public Service']).toBe('GOVT');
    expect(PROFILE_VERTICAL_VALUES['Professional Services']).toBe('PROF_SERVICES');
  });
  it('reads a vertical given by name or by enum value', () => {
    expect(profileVerticalName('Restaurant')).toBe('Restaurant');
    expect(profileVerticalName('EVENT_PLAN')).toBe('Event Planning and Service');
    expect(profileVerticalName('UNDEFINED')).toBeNull();
  });
});

describe('linkedPhoneDisplay', () => {
  it('shows 521… as +52 and the rest, others as + and the number', () => {
    expect(linkedPhoneDisplay('5215512345678')).toBe('+52 5512345678');
    expect(linkedPhoneDisplay('15550783881')).toBe('+15550783881');
    expect(linkedPhoneDisplay('525512345678')).toBe('+525512345678');
  });
  it('links the QR to a first message', () => {
    expect(linkingQrLink('+52 1 55 1234 5678')).toBe('https://wa.me/5215512345678?text=Hola');
  });
});

describe('statusAfterLinking', () => {
  it('moves AWAITING_WA_VINCULATION to TRIAL in the trial and to ACTIVE once paid', () => {
    expect(statusAfterLinking(CompanyStatus.AWAITING_WA_VINCULATION, true)).toBe(CompanyStatus.TRIAL);
    expect(statusAfterLinking(CompanyStatus.AWAITING_WA_VINCULATION, false)).toBe(CompanyStatus.ACTIVE);
  });
  it('leaves every other status alone', () => {
    for (const status of COMPANY_STATUSES.filter((s) => s !== CompanyStatus.AWAITING_WA_VINCULATION)) {
      expect(statusAfterLinking(status, true)).toBe(status);
      expect(statusAfterLinking(status, false)).toBe(status);
    }
  });
});
