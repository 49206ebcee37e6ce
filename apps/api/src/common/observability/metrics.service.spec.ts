import { describe, expect, it } from 'vitest';
import { MetricsService } from './metrics.service';

function failures(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of text.matchAll(
    /^charla_send_failures_total\{provider="(\w+)",code="([^"]*)"\} (\d+)$/gm,
  ))
    counts.set(`${match[1]}:${match[2]}`, Number(match[3]));
  return counts;
}

describe('MetricsService', () => {
  it("counts a provider's error codes as they come, and a malformed one as 'other'", async () => {
    const metrics = new MetricsService();
    metrics.observeSend('whatsapp_cloud', 0.2, '131026');
    metrics.observeSend('whatsapp_cloud', 0.1, '131026');
    metrics.observeSend('sms', 0.1, 'PROVIDER_UNAVAILABLE');
    metrics.observeSend('sms', 0.1, '+52 155 1234 5678');
    metrics.observeSend('sms', 0.1, 'x'.repeat(41));
    metrics.observeSend('sms', 0.3, null);
    const text = await metrics.exposition();
    expect(Object.fromEntries(failures(text))).toEqual({
      'whatsapp_cloud:131026': 2,
      'sms:PROVIDER_UNAVAILABLE': 1,
      'sms:other': 2,
    });
    expect(text).toMatch(/^charla_send_duration_seconds_count\{provider="sms",outcome="sent"\} 1$/m);
    expect(text).not.toContain('155 1234');
  });

  it('stops adding codes after 200 distinct ones: the rest count as other', async () => {
    const metrics = new MetricsService();
    for (let code = 0; code < 250; code += 1) metrics.observeSend('messenger', 0.01, String(code));
    metrics.observeSend('messenger', 0.01, '7');
    const counts = failures(await metrics.exposition());
    expect(counts.size).toBe(201);
    expect(counts.get('messenger:other')).toBe(50);
    expect(counts.get('messenger:7')).toBe(2);
  });

  it('reports the queue as the sampler reads it on each scrape, and drops it when the sampler fails', async () => {
    const metrics = new MetricsService();
    let fail = false;
    metrics.sampleJobQueueWith(async () => {
      if (fail) throw new Error('database away');
      return [
        { task: 'send-message', ready: 3, scheduled: 1, running: 2, failed: 0, oldestReadySeconds: 12.5 },
      ];
    });
    metrics.countSocketsWith(() => 4);
    const text = await metrics.exposition();
    expect(text).toMatch(/^charla_job_queue_depth\{task="send-message",state="ready"\} 3$/m);
    expect(text).toMatch(/^charla_job_queue_depth\{task="send-message",state="running"\} 2$/m);
    expect(text).toMatch(/^charla_job_queue_oldest_ready_seconds\{task="send-message"\} 12.5$/m);
    expect(text).toMatch(/^charla_socket_connections 4$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    fail = true;
    const after = await metrics.exposition();
    expect(after).not.toContain('charla_job_queue_depth{');
    expect(after).toMatch(/^charla_socket_connections 4$/m);
  });
});
