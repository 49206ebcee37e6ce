import { describe, expect, it } from 'vitest';
import { COMPANY_STATUSES, CompanyStatus } from './company';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_VERTICALS } from './limits';
import {
  imageInfo,
  linkedPhoneDisplay,
  linkingBookingEmail,
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

describe('imageInfo, byte by byte', () => {
  it('needs all 24 bytes of a PNG header and its full signature', () => {
    expect(imageInfo(png(5, 7).slice(0, 24))).toEqual({ mimeType: 'image/png', width: 5, height: 7 });
    expect(imageInfo(png(5, 7).slice(0, 23))).toBeNull();
    for (const i of [0, 3, 7]) {
      const bytes = png(5, 7);
      bytes[i] = 0;
      expect(imageInfo(bytes)).toBeNull();
    }
  });
  it('reads a PNG that starts inside a larger buffer', () => {
    const buffer = new Uint8Array(40);
    buffer.set(png(300, 1000), 4);
    expect(imageInfo(buffer.subarray(4))).toEqual({ mimeType: 'image/png', width: 300, height: 1000 });
  });
  it('knows a JPEG by its first three bytes, with no size when the frame header is missing', () => {
    expect(imageInfo(new Uint8Array([0xff, 0xd8, 0xff]))).toEqual({
      mimeType: 'image/jpeg',
      width: 0,
      height: 0,
    });
    expect(imageInfo(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(imageInfo(new Uint8Array([0x00, 0xd8, 0xff, 0xc0]))).toBeNull();
    expect(imageInfo(new Uint8Array([0xff, 0x00, 0xff, 0xc0]))).toBeNull();
    expect(imageInfo(new Uint8Array([0xff, 0xd8, 0x00, 0xc0]))).toBeNull();
  });
  it('reads sizes over 255 from a baseline or a SOF15 frame header', () => {
    const sof = (marker: number) => [0xff, marker, 0x00, 0x11, 0x08, 0x03, 0xe8, 0x01, 0x2c, 3, 0, 0, 0];
    expect(imageInfo(new Uint8Array([0xff, 0xd8, ...sof(0xc0)]))).toEqual({
      mimeType: 'image/jpeg',
      width: 300,
      height: 1000,
    });
    expect(imageInfo(new Uint8Array([0xff, 0xd8, ...sof(0xcf)]))?.width).toBe(300);
  });
  it('stops when the frame header is cut before its width ends', () => {
    const header = [0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x20];
    // The width's last byte is the 11th: with exactly 11 bytes there is no width to read yet.
    expect(imageInfo(new Uint8Array(header))).toEqual({ mimeType: 'image/jpeg', width: 0, height: 0 });
    expect(imageInfo(new Uint8Array([...header, 3]))).toEqual({
      mimeType: 'image/jpeg',
      width: 32,
      height: 16,
    });
  });
  it('skips stray bytes, fill bytes, markers without a length and segments that are not frames', () => {
    const segment = (marker: number, body: number) => [
      0xff,
      marker,
      (body + 2) >> 8,
      (body + 2) & 255,
      ...new Array(body).fill(0),
    ];
    const frame = [0xff, 0xc1, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 3, 0, 0, 0];
    const bytes = new Uint8Array([
      0xff,
      0xd8,
      0xff,
      0xff,
      0xff,
      0x01,
      0x00,
      0x12,
      0xff,
      0xd0,
      0xff,
      0xd7,
      ...segment(0x02, 3),
      ...segment(0xc4, 4),
      ...segment(0xc8, 4),
      ...segment(0xcc, 4),
      ...segment(0xfe, 300),
      ...segment(0xdb, 5),
      ...frame,
    ]);
    expect(imageInfo(bytes)).toEqual({ mimeType: 'image/jpeg', width: 640, height: 480 });
  });
  it('goes past a marker without a length straight into the frame header', () => {
    const frame = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x20, 0x03];
    for (const marker of [0x01, 0xd0, 0xd7]) {
      expect(imageInfo(new Uint8Array([0xff, 0xd8, 0xff, marker, ...frame])), String(marker)).toEqual({
        mimeType: 'image/jpeg',
        width: 32,
        height: 16,
      });
    }
  });
  it('skips a whole segment by its length, even when its data looks like a frame header', () => {
    const fake = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x01, 0x00, 0x01, 0x03, 0, 0, 0, 0];
    const frame = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03];
    expect(imageInfo(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x10, ...fake, ...frame]))).toEqual({
      mimeType: 'image/jpeg',
      width: 640,
      height: 480,
    });
  });
  it('gives no size when the segments run past the end', () => {
    const bytes = new Uint8Array([
      0xff,
      0xd8,
      0xff,
      0xe1,
      0x01,
      0x00,
      ...new Array(20).fill(0),
      0xff,
      0xc0,
      0,
      0x11,
      8,
      0,
      16,
      0,
      32,
      3,
    ]);
    expect(imageInfo(bytes)).toEqual({ mimeType: 'image/jpeg', width: 0, height: 0 });
  });
});

describe('profilePhotoFault, each rule', () => {
  const ok = { fileName: 'logo.png', size: 1000, image: imageInfo(png(640, 640)) };
  it('refuses an image whose size cannot be read', () => {
    const unreadable = 'No pudimos leer la imagen. Intenta con otro archivo.';
    expect(
      profilePhotoFault({ ...ok, fileName: 'a.jpg', image: imageInfo(new Uint8Array([0xff, 0xd8, 0xff])) }),
    ).toBe(unreadable);
    expect(profilePhotoFault({ ...ok, image: imageInfo(png(0, 10)) })).toBe(unreadable);
    expect(profilePhotoFault({ ...ok, image: imageInfo(png(10, 0)) })).toBe(unreadable);
    expect(profilePhotoFault({ ...ok, image: imageInfo(png(1, 1)) })).toBeNull();
  });
  it('checks the type before the size and the size before the dimensions', () => {
    const big = PROFILE_PHOTO_MAX_BYTES + 1;
    expect(profilePhotoFault({ fileName: 'a.bmp', size: big, image: imageInfo(png(900, 900)) })).toBe(
      M.photoType,
    );
    expect(profilePhotoFault({ fileName: 'a.png', size: big, image: imageInfo(png(900, 900)) })).toBe(
      M.photoTooLarge,
    );
    expect(profilePhotoFault({ ...ok, fileName: 'photo.png.exe' })).toBe(M.photoType);
    expect(profilePhotoFault({ ...ok, fileName: 'A.PNG' })).toBeNull();
  });
});

describe('profileFieldsFault, each field', () => {
  const fault = (patch: Partial<typeof fields>) => profileFieldsFault({ ...fields, ...patch });
  const website = (message: string) => ({ field: 'website', message });
  it('leaves every empty field alone', () => {
    expect(fault({})).toBeNull();
  });
  it('takes http and https URLs with a host, a port, a path, a query or a fragment', () => {
    for (const url of [
      'http://a.mx',
      'HTTPS://Tacos-Pepe.COM.MX',
      'https://a',
      'https://a1.b2.mx:8080/menu?x=1#top',
      'https://a.mx:1',
      'https://a.mx:65535/',
      'https://a.mx?q',
      'https://a.mx#f',
      'https://9.mx',
      'https://menu.a.b.mx',
    ]) {
      expect(fault({ website: url }), url).toBeNull();
    }
  });
  it('refuses anything else as a website with its text', () => {
    for (const url of [
      'tacos.mx',
      'https:/a.mx',
      'https//a.mx',
      'httpx://a.mx',
      ' https://a.mx',
      'https://a.mx x',
      'https://-a.mx',
      'https://a-.mx',
      'https://a..mx',
      'https://.mx',
      'https://a.mx:',
      'https://a.mx:123456',
      'https://a.mx/ x',
      'https://a_b.mx',
      'https://a.mx.',
      'https://',
    ]) {
      expect(fault({ website: url }), url).toEqual(website('El sitio web no es válido'));
    }
  });
  it("keeps the provider's 256 characters for the website", () => {
    const at = (n: number) => `https://a.mx/${'x'.repeat(n - 13)}`;
    expect(fault({ website: at(256) })).toBeNull();
    expect(fault({ website: at(257) })).toEqual(website('El texto es demasiado largo'));
  });
  it('takes an e-mail address and refuses anything else', () => {
    for (const email of ['a@b.mx', 'ana.perez+crm@tacos-pepe.com.mx'])
      expect(fault({ email }), email).toBeNull();
    for (const email of [
      'a@b',
      '@b.mx',
      'a@.mx',
      'a@b.',
      'a b@c.mx',
      'a@b c.mx',
      'a@@b.mx',
      '<a@b.mx',
      'a@b.mx>',
      'a@<b.mx',
      ' a@b.mx',
      'a@b.mx ',
    ]) {
      expect(fault({ email }), email).toEqual({ field: 'email', message: 'Correo invalido' });
    }
  });
  it("keeps the provider's 128 characters for the e-mail", () => {
    const at = (n: number) => `${'a'.repeat(n - 5)}@b.mx`;
    expect(fault({ email: at(128) })).toBeNull();
    expect(fault({ email: at(129) })).toEqual({ field: 'email', message: 'El texto es demasiado largo' });
  });
  it('takes a vertical by name or enum value only', () => {
    expect(fault({ vertical: 'AUTO' })).toBeNull();
    expect(fault({ vertical: 'Other' })).toBeNull();
    expect(fault({ vertical: 'auto' })).toEqual({
      field: 'vertical',
      message: 'Selecciona una categoría de la lista',
    });
  });
  it("keeps the provider's 512 characters for the description and 256 for the address", () => {
    expect(fault({ description: '😀'.repeat(512) })).toBeNull();
    expect(fault({ description: 'd'.repeat(513) })).toEqual({
      field: 'description',
      message: 'El texto es demasiado largo',
    });
    expect(fault({ address: '😀'.repeat(256) })).toBeNull();
    expect(fault({ address: 'd'.repeat(257) })).toEqual({
      field: 'address',
      message: 'El texto es demasiado largo',
    });
  });
  it('answers the first fault in the form order', () => {
    const all = {
      about: 'a'.repeat(256),
      website: 'x',
      email: 'x',
      vertical: 'x',
      description: 'd'.repeat(513),
      address: 'd'.repeat(257),
    };
    expect(profileFieldsFault(all)?.field).toBe('about');
    expect(profileFieldsFault({ ...all, about: '' })?.field).toBe('website');
    expect(profileFieldsFault({ ...all, about: '', website: '' })?.field).toBe('email');
    expect(profileFieldsFault({ ...all, about: '', website: '', email: '' })?.field).toBe('vertical');
    expect(profileFieldsFault({ ...all, about: '', website: '', email: '', vertical: '' })?.field).toBe(
      'description',
    );
  });
});

describe('profileVerticalName, every option', () => {
  it('reads each spec name and each enum value back to the spec name', () => {
    for (const name of PROFILE_VERTICALS) {
      expect(profileVerticalName(name)).toBe(name);
      expect(profileVerticalName(PROFILE_VERTICAL_VALUES[name])).toBe(name);
    }
    expect(profileVerticalName('')).toBeNull();
  });
});

describe('linkedPhoneDisplay, typed numbers', () => {
  it('reads only the digits of what was typed', () => {
    expect(linkedPhoneDisplay('+52 1 55 1234-5678')).toBe('+52 5512345678');
    expect(linkedPhoneDisplay('+1 (555) 078-3881')).toBe('+15550783881');
  });
});

describe('linkingBookingEmail', () => {
  it('tells support who booked, for when, with every row', () => {
    const mail = linkingBookingEmail({
      businessName: 'Tacos & "Pepe"',
      companyId: 42,
      eventStartTime: '2026-12-01T16:00:00Z',
      inviteeEmail: 'ana@tacos.mx',
      inviteeName: "<b>Ana O'Hara</b>",
      eventUri: 'https://calendly.com/e/1',
    });
    expect(mail.subject).toBe('Cita para vincular WhatsApp: Tacos & "Pepe"');
    expect(mail.text).toBe(
      [
        'Un cliente agendó una cita para vincular su número de WhatsApp.',
        'Negocio: Tacos & "Pepe"',
        'Compañía: 42',
        'Fecha: 2026-12-01T16:00:00Z',
        "Nombre: <b>Ana O'Hara</b>",
        'Correo: ana@tacos.mx',
        'Evento: https://calendly.com/e/1',
      ].join('\n'),
    );
    expect(mail.html).toBe(
      '<p>Un cliente agendó una cita para vincular su número de WhatsApp.</p><ul>' +
        '<li><strong>Negocio:</strong> Tacos &#38; &#34;Pepe&#34;</li>' +
        '<li><strong>Compañía:</strong> 42</li>' +
        '<li><strong>Fecha:</strong> 2026-12-01T16:00:00Z</li>' +
        '<li><strong>Nombre:</strong> &#60;b&#62;Ana O&#39;Hara&#60;/b&#62;</li>' +
        '<li><strong>Correo:</strong> ana@tacos.mx</li>' +
        '<li><strong>Evento:</strong> https://calendly.com/e/1</li></ul>',
    );
  });
  it('shows a dash for what the booking did not say', () => {
    const mail = linkingBookingEmail({
      businessName: 'Tacos',
      companyId: 7,
      eventStartTime: null,
      inviteeEmail: null,
      inviteeName: null,
      eventUri: null,
    });
    expect(mail.text).toBe(
      'Un cliente agendó una cita para vincular su número de WhatsApp.\nNegocio: Tacos\nCompañía: 7\nFecha: —\nNombre: —\nCorreo: —\nEvento: —',
    );
  });
});
