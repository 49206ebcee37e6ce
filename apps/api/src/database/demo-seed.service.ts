import { CompanyStatus, cleanedName, companyScopedKey, ROLE_NAMES, type RoleName } from '@crm/shared';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SecretBox } from '../common/crypto/secret-box';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PasswordService } from '../modules/auth/password.service';
import { Category } from '../modules/categories/entities/category.entity';
import { Channel } from '../modules/channels/entities/channel.entity';
import { CompaniesService } from '../modules/companies/companies.service';
import { Location } from '../modules/locations/entities/location.entity';
import { RolesService } from '../modules/roles/roles.service';
import type { Space } from '../modules/spaces/entities/space.entity';
import { User } from '../modules/users/entities/user.entity';

export const DEMO_PASSWORD = 'Demo12345';

const DEMO_USERS: Array<{ email: string; name: string; role: RoleName }> = [
  { email: 'superadmin@demo.local', name: 'Sofía Superadmin', role: ROLE_NAMES.superadmin },
  { email: 'admin@demo.local', name: 'Andrea Admin', role: ROLE_NAMES.admin },
  { email: 'groupadmin@demo.local', name: 'Gabriel Supervisor', role: ROLE_NAMES.groupadmin },
  { email: 'agente@demo.local', name: 'Ana Agente', role: ROLE_NAMES.agente },
];

// Any number: serialises two instances seeding one empty database at the same moment.
const SEED_LOCK = 727_002;

/** Demo data for a new user's first run: created only when the database has no company at all. */
@Injectable()
export class DemoSeedService {
  private readonly logger = new Logger(DemoSeedService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly companies: CompaniesService,
    private readonly roles: RolesService,
    private readonly passwords: PasswordService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async seedIfEmpty(): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
      await this.roles.ensurePermissions(manager);
      const [{ count }] = await manager.query('SELECT count(*)::int AS count FROM companies');
      if (count > 0) return false;
      const passwordHash = await this.passwords.hash(DEMO_PASSWORD);
      const demoSpace = await this.seedCompany(manager, 'Demo', DEMO_USERS, passwordHash, true);
      // Room to try the team screens: the plan's default (5 users, 2 admins) is already full with the demo accounts.
      await manager.query(`UPDATE companies SET "usersLimit" = 25, "adminsLimit" = 5 WHERE id = $1`, [
        demoSpace.companyId,
      ]);
      await this.seedDemoChannels(manager, demoSpace);
      await this.seedDemoInbox(manager, demoSpace);
      await this.seedCompany(
        manager,
        'Otra',
        [{ email: 'admin@otra.local', name: 'Omar Admin', role: ROLE_NAMES.admin }],
        passwordHash,
        false,
      );
      this.logger.log('Demo data created: admin@demo.local / Demo12345 (see README for every account)');
      return true;
    });
  }

  private async seedCompany(
    manager: EntityManager,
    name: string,
    users: typeof DEMO_USERS,
    passwordHash: string,
    isBoardsActive: boolean,
  ): Promise<Space> {
    const { company, roles, defaultSpace } = await this.companies.provision(
      { name, status: CompanyStatus.ACTIVE, isBoardsActive },
      manager,
    );
    const location = await manager.save(
      manager.create(Location, { companyId: company.id, name: 'Oficina central' }),
    );
    await manager.save(manager.create(Category, { companyId: company.id, name: 'General' }));
    for (const u of users) {
      await manager.save(
        manager.create(User, {
          companyId: company.id,
          roleId: roles[u.role].id,
          name: u.name,
          email: u.email,
          passwordHash,
          locationId: location.id,
          selectedSpaceId: defaultSpace.id,
          spaces: [defaultSpace],
        }),
      );
    }
    return defaultSpace;
  }

  /**
   * Issue 3: the Demo company's channels. The WhatsApp and Messenger ids are what the README's sample webhooks
   * use; their tokens are dev placeholders (point WHATSAPP_GRAPH_URL / MESSENGER_GRAPH_URL at a fake server).
   * The sandbox channel works with no provider account at all.
   */
  private async seedDemoChannels(manager: EntityManager, space: Space): Promise<void> {
    const box = new SecretBox(this.config.encryptionKey);
    const channels: Array<Partial<Channel>> = [
      {
        name: 'WhatsApp Demo',
        platform: 'whatsapp_cloud',
        providerId: '100000000000001',
        phone: '5215500000001',
        accessToken: box.seal('dev-whatsapp-access-token'),
      },
      {
        name: 'Messenger Demo',
        platform: 'messenger',
        providerId: '200000000000001',
        pageId: '200000000000001',
        accessToken: box.seal('dev-messenger-page-token'),
      },
      { name: 'Canal de prueba', platform: 'sandbox', providerId: 'sandbox-demo', phone: '5215500000099' },
    ];
    for (const channel of channels) {
      await manager.save(
        manager.create(Channel, { ...channel, companyId: space.companyId, spaces: [space] }),
      );
    }
  }

  /**
   * Issue 4: what the inbox works with — tags, categories, data-sheet fields, quick answers, approved templates
   * and a survey — and a few conversations on the sandbox channel, so a new user sees a working inbox at once.
   */
  private async seedDemoInbox(manager: EntityManager, space: Space): Promise<void> {
    const companyId = space.companyId;
    const tags: Array<[string, string]> = [
      ['Cliente nuevo', '#1677ff'],
      ['Interesado', '#52c41a'],
      ['VIP', '#faad14'],
      ['Seguimiento', '#eb2f96'],
    ];
    for (const [name, color] of tags) {
      await manager.query(
        `INSERT INTO tags ("companyId", name, color, key) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING`,
        [companyId, name, color, companyScopedKey(companyId, name)],
      );
    }
    for (const name of ['Ventas', 'Soporte']) {
      await manager.save(manager.create(Category, { companyId, name }));
    }
    const fields: Array<[string, string, string[]]> = [
      ['Correo', 'email', []],
      ['Presupuesto', 'number', []],
      ['Fecha de visita', 'date', []],
      ['Ciudad', 'list', ['CDMX', 'Guadalajara', 'Monterrey']],
      ['Acepta promociones', 'boolean', []],
    ];
    for (const [name, type, options] of fields) {
      await manager.query(
        `INSERT INTO datasheet_fields ("companyId", name, type, options, key) VALUES ($1, $2, $3, $4, $5)`,
        [companyId, name, type, JSON.stringify(options), companyScopedKey(companyId, name)],
      );
    }
    const answers: Array<[string, string]> = [
      ['saludo', 'Hola {{nombre_cliente}}, soy {{nombre_agente}}. ¿En qué te puedo ayudar?'],
      ['horario', 'Nuestro horario es de lunes a viernes de 9:00 a 18:00 y sábados de 9:00 a 14:00.'],
      ['gracias', '¡Gracias por escribirnos, {{nombre_cliente}}! Quedo al pendiente.'],
    ];
    for (const [shortcut, text] of answers) {
      await manager.query(
        `INSERT INTO quick_answers ("companyId", "spaceId", shortcut, text) VALUES ($1, $2, $3, $4)`,
        [companyId, space.id, shortcut, text],
      );
    }
    const channels: Array<{ id: number; platform: string }> = await manager.query(
      `SELECT id, platform FROM channels WHERE "companyId" = $1`,
      [companyId],
    );
    const templates: Array<[string, string, string, number]> = [
      ['bienvenida', 'accepted', 'Hola {{1}}, gracias por contactarnos. ¿Te podemos ayudar con algo más?', 1],
      ['seguimiento_pedido', 'accepted', 'Hola {{1}}, tu pedido {{2}} ya va en camino.', 2],
      ['promocion_fin_de_mes', 'submitted', 'Aprovecha {{1}} de descuento este fin de mes.', 1],
    ];
    for (const channel of channels.filter((c) => c.platform !== 'messenger')) {
      for (const [name, status, text, variables] of templates) {
        await manager.query(
          `INSERT INTO whatsapp_templates ("companyId", "channelId", name, status, category, components, variables)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            companyId,
            channel.id,
            name,
            status,
            name.startsWith('promocion') ? 'marketing' : 'utility',
            JSON.stringify([{ type: 'BODY', text }]),
            variables,
          ],
        );
      }
      await manager.query(
        `INSERT INTO survey_configs ("companyId", "channelId", "initText", options) VALUES ($1, $2, $3, $4)`,
        [
          companyId,
          channel.id,
          '¿Cómo calificarías la atención que recibiste?',
          JSON.stringify([
            { id: 1, text: 'Excelente', value: 1, index: 0, endText: '¡Gracias por tu respuesta!' },
            { id: 2, text: 'Buena', value: 2, index: 1, endText: '¡Gracias por tu respuesta!' },
            { id: 3, text: 'Mala', value: 3, index: 2, endText: 'Lamentamos oírlo; te contactaremos.' },
          ]),
        ],
      );
    }
    await this.seedSandboxConversations(manager, companyId, channels);
  }

  /** Sandbox conversations (no provider needed): one per demo user who works the inbox, plus an unassigned one. */
  private async seedSandboxConversations(
    manager: EntityManager,
    companyId: number,
    channels: Array<{ id: number; platform: string }>,
  ): Promise<void> {
    const sandbox = channels.find((c) => c.platform === 'sandbox');
    if (!sandbox) return;
    const users: Array<{ id: number; email: string }> = await manager.query(
      `SELECT id, email FROM users WHERE "companyId" = $1`,
      [companyId],
    );
    const userId = (email: string) => users.find((u) => u.email === email)?.id ?? null;
    const people: Array<{
      name: string;
      phone: string;
      agent: string | null;
      lines: Array<[string, string]>;
    }> = [
      {
        name: 'María García',
        phone: '5215511112222',
        agent: 'admin@demo.local',
        lines: [
          ['CLIENT', 'Hola, ¿tienen el modelo azul en talla M?'],
          ['AGENT', '¡Hola María! Sí, nos quedan tres piezas.'],
          ['CLIENT', 'Perfecto, ¿me lo apartan para mañana?'],
        ],
      },
      {
        name: 'José Hernández',
        phone: '5215533334444',
        agent: 'agente@demo.local',
        lines: [
          ['CLIENT', 'Buenas tardes, quiero información de precios'],
          ['CLIENT', '¿Hacen envíos a Guadalajara?'],
        ],
      },
      {
        name: 'Lucía Ramírez',
        phone: '5215555556666',
        agent: null,
        lines: [['CLIENT', '¿A qué hora abren el sábado?']],
      },
    ];
    const now = Date.now();
    for (const [p, person] of people.entries()) {
      const start = now - (people.length - p) * 20 * 60_000;
      const [client] = await manager.query(
        `INSERT INTO clients ("companyId", "channelId", key, "senderId", name, "nameFromChannel", "cleanedName",
           "agentId", "whatsappStartedAt", "windowExpiresAt")
         VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9) RETURNING id`,
        [
          companyId,
          sandbox.id,
          `${sandbox.id}-${person.phone}`,
          person.phone,
          person.name,
          cleanedName(person.name, person.phone),
          person.agent ? userId(person.agent) : null,
          new Date(start),
          new Date(start + 24 * 3_600_000),
        ],
      );
      let unread = 0;
      for (const [i, [sender, text]] of person.lines.entries()) {
        const time = new Date(start + i * 60_000);
        unread = sender === 'CLIENT' ? unread + 1 : 0;
        const [message] = await manager.query(
          `INSERT INTO messages ("companyId", "clientId", "channelId", type, content, sender, "senderUserId",
             "messageStatus", "messageApiId", "time")
           VALUES ($1, $2, $3, 'text', $4, $5, $6, $7, $8, $9) RETURNING id`,
          [
            companyId,
            client.id,
            sandbox.id,
            text,
            sender,
            sender === 'CLIENT' ? null : userId(person.agent ?? 'admin@demo.local'),
            sender === 'CLIENT' ? null : 'viewed',
            `sandbox-seed-${person.phone}-${i}`,
            time,
          ],
        );
        await manager.query(
          `UPDATE clients SET "lastMessageId" = $2, "lastMessage" = $3, "lastMessageSender" = $4::varchar,
             "lastMessageStatus" = $5, "lastUpdate" = $6::timestamptz, "unreadMessagesCount" = $7, answered = $8,
             "whatsappLastMessageAt" = CASE WHEN $4::varchar = 'CLIENT' THEN $6::timestamptz ELSE "whatsappLastMessageAt" END,
             "windowExpiresAt" = CASE WHEN $4::varchar = 'CLIENT' THEN $6::timestamptz + interval '24 hours' ELSE "windowExpiresAt" END
           WHERE id = $1`,
          [
            client.id,
            message.id,
            text,
            sender,
            sender === 'CLIENT' ? null : 'viewed',
            time,
            unread,
            sender !== 'CLIENT',
          ],
        );
      }
    }
  }
}
