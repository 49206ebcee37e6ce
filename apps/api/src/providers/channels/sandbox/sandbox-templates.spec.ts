import { buildTemplateComponents } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import type { ChannelCredentials, WebhookEvent } from '../channel-provider';
import { rejection } from '../whatsapp-cloud/__fixtures__/fake-provider-server';
import { SandboxTemplates } from './sandbox-templates';

const channel: ChannelCredentials = { platform: 'sandbox', providerId: 'sandbox-1', accessToken: '' };

function sandbox(delayMs: number) {
  const scheduled: Array<{ events: WebhookEvent[]; delayMs: number }> = [];
  const templates = new SandboxTemplates({
    delayMs,
    schedule: async (events, delay) => {
      scheduled.push({ events, delayMs: delay });
    },
  });
  return { templates, scheduled };
}

const submission = (name: string, text: string, language = 'es_MX') => ({
  name,
  language,
  category: 'utility' as const,
  components: buildTemplateComponents({ text }),
});

describe('SandboxTemplates', () => {
  it('submits PENDING and schedules the approval as a status webhook, after the delay', async () => {
    const { templates, scheduled } = sandbox(5000);
    const before = Date.now();
    const submitted = await templates.createTemplate(channel, submission('aviso', 'Hola'));
    expect(submitted).toEqual({
      providerTemplateId: expect.stringMatching(/^sandbox-template\./),
      rawStatus: 'PENDING',
      accountId: 'sandbox-1',
    });
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0].delayMs).toBe(5000);
    const [verdict] = scheduled[0].events;
    expect(verdict).toMatchObject({
      kind: 'templateStatus',
      accountId: 'sandbox-1',
      channelProviderId: 'sandbox-1',
      providerTemplateId: submitted.providerTemplateId,
      name: 'aviso',
      language: 'es_MX',
      rawStatus: 'APPROVED',
      reason: 'NONE',
    });
    expect(verdict.kind === 'templateStatus' && verdict.at && verdict.at.getTime() >= before + 5000).toBe(
      true,
    );
    // Until then the list says it is under review.
    expect((await templates.listTemplates(channel)).map((t) => t.rawStatus)).toEqual(['PENDING']);
  });

  it('rejects a text with #fallo, and lists the verdict once it is due', async () => {
    const { templates, scheduled } = sandbox(0);
    await templates.createTemplate(channel, submission('falla', 'Prueba #FALLO'));
    expect(scheduled[0].events[0]).toMatchObject({ rawStatus: 'REJECTED', reason: 'INVALID_FORMAT' });
    expect(await templates.listTemplates(channel)).toMatchObject([
      { name: 'falla', rawStatus: 'REJECTED', reason: 'INVALID_FORMAT', category: 'UTILITY' },
    ]);
    expect(await templates.listTemplates({ ...channel, providerId: 'sandbox-2' })).toEqual([]);
  });

  it('refuses a name it has in that language, deletes by name, and says when it has none', async () => {
    const { templates } = sandbox(0);
    await templates.createTemplate(channel, submission('aviso', 'Hola'));
    await templates.createTemplate(channel, submission('aviso', 'Hi', 'en_US'));
    expect((await rejection(templates.createTemplate(channel, submission('aviso', 'Otra')))).code).toBe(
      'TEMPLATE_ALREADY_EXISTS',
    );
    await templates.deleteTemplate(channel, 'aviso');
    expect(await templates.listTemplates(channel)).toEqual([]);
    expect((await rejection(templates.deleteTemplate(channel, 'aviso'))).code).toBe('TEMPLATE_NOT_FOUND');
  });

  it('answers a handle for a header file, and refuses an empty one', async () => {
    const { templates } = sandbox(0);
    const file = { bytes: new Uint8Array([1, 2, 3]), mimeType: 'image/jpeg', fileName: 'a.jpg' };
    expect(await templates.uploadTemplateMedia(channel, file)).toMatch(/^sandbox-media\./);
    const empty = await rejection(
      templates.uploadTemplateMedia(channel, { ...file, bytes: new Uint8Array() }),
    );
    expect(empty.code).toBe('TEMPLATE_MEDIA_UPLOAD_ERROR');
  });
});
