import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the company's CRM received from `POST /api/sendToCRM`: the body and its signature header. */
export interface CrmDelivery {
  body: string;
  signature: string | undefined;
}

/**
 * The company's CRM webhook (02 §4 sendToCRM) as a real HTTP server on 127.0.0.1: it keeps every delivery and
 * answers `status` (200 unless a test sets another, to see the product's error).
 */
export class FakeCrm {
  readonly received: CrmDelivery[] = [];
  status = 200;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeCrm> {
    let crm: FakeCrm | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const signature = req.headers['x-crm-signature'];
        crm?.received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: typeof signature === 'string' ? signature : undefined,
        });
        res.writeHead(crm?.status ?? 200).end('{}');
      });
    });
    crm = new FakeCrm(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return crm;
  }

  /** The URL a company's `crmWebhookUrl` points at. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/crm`;
  }

  /** Forgets what was received. */
  reset(): void {
    this.received.length = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
