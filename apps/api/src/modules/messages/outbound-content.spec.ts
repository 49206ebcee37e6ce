import { describe, expect, it } from 'vitest';
import { outboundContent, templateHeaderMedia } from './outbound-content';

const IMAGE_HEADER = {
  type: 'HEADER',
  format: 'IMAGE',
  example: { header_handle: ['https://crm.example.com/uploads/abc.png'] },
};

describe('templateHeaderMedia', () => {
  it('finds the medium a template was approved with', () => {
    expect(templateHeaderMedia([IMAGE_HEADER, { type: 'BODY' }])).toEqual({
      format: 'IMAGE',
      link: 'https://crm.example.com/uploads/abc.png',
    });
    expect(
      templateHeaderMedia([
        { type: 'HEADER', format: 'DOCUMENT', example: { header_handle: ['http://h/x.pdf'] } },
      ]),
    ).toEqual({ format: 'DOCUMENT', link: 'http://h/x.pdf' });
  });

  it('gives nothing for a text header, no header, or a provider handle that is not a link', () => {
    expect(templateHeaderMedia([{ type: 'HEADER', format: 'TEXT' }, { type: 'BODY' }])).toBeNull();
    expect(templateHeaderMedia([{ type: 'BODY' }])).toBeNull();
    expect(
      templateHeaderMedia([{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aGFuZGxl'] } }]),
    ).toBeNull();
  });
});

describe('outboundContent of a template', () => {
  it('sends the media header before the body parameters, in Graph’s parameter shape', () => {
    const content = outboundContent({
      type: 'template',
      content: 'Hola Ana',
      payload: {
        template: {
          name: 'pedido_listo',
          language: 'es_MX',
          bodyParameters: ['Ana'],
          header: { format: 'VIDEO', link: 'https://crm.example.com/uploads/v.mp4' },
        },
      },
    });
    expect(content).toEqual({
      type: 'template',
      name: 'pedido_listo',
      language: 'es_MX',
      components: [
        {
          type: 'header',
          parameters: [{ type: 'video', video: { link: 'https://crm.example.com/uploads/v.mp4' } }],
        },
        { type: 'body', parameters: [{ type: 'text', text: 'Ana' }] },
      ],
    });
  });

  it('sends no components for a template without header media or variables', () => {
    const content = outboundContent({
      type: 'template',
      content: 'saludo',
      payload: { template: { name: 'saludo', language: 'es_MX', bodyParameters: [] } },
    });
    expect(content).toEqual({ type: 'template', name: 'saludo', language: 'es_MX', components: [] });
  });
});
