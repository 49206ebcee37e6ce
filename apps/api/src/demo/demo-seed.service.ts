import {
  CompanyStatus,
  cleanedName,
  companyScopedKey,
  type DatasheetFieldType,
  platformOf,
  ROLE_NAMES,
  type RoleName,
  sendsTemplates,
} from '@crm/shared';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { secretBoxFor } from '../common/crypto/secret-box';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { MessageSender, TemplateStatus } from '../database/column-types';
import type { Executor } from '../database/kysely';
import { ChannelsRepository } from '../modules/channels/channels.repository';
import { CompaniesService } from '../modules/companies/companies.service';
import { RolesService } from '../modules/roles/roles.service';
import { PasswordService } from '../modules/sessions/password.service';
import { type SpaceRow, SpacesRepository } from '../modules/spaces/spaces.repository';
import { UsersRepository } from '../modules/users/users.repository';
import type { ChannelPlatform } from '../providers/channels/channel-provider';
import { DemoSeedRepository } from './demo-seed.repository';

export const DEMO_PASSWORD = 'Demo12345';

const DEMO_USERS: Array<{ email: string; name: string; role: RoleName }> = [
  { email: 'superadmin@demo.local', name: 'Sofía Superadmin', role: ROLE_NAMES.superadmin },
  { email: 'admin@demo.local', name: 'Andrea Admin', role: ROLE_NAMES.admin },
  { email: 'groupadmin@demo.local', name: 'Gabriel Supervisor', role: ROLE_NAMES.groupadmin },
  { email: 'agente@demo.local', name: 'Ana Agente', role: ROLE_NAMES.agente },
];

// Any number: serialises two instances seeding one empty database at the same moment.
const SEED_LOCK = 727_002;

interface SeededCompany {
  space: SpaceRow;
  /** The company's users' ids by email. */
  users: Map<string, number>;
}

interface SeededChannel {
  id: number;
  platform: ChannelPlatform;
}

/** Demo data for a new user's first run: created only when the database has no company at all. */
@Injectable()
export class DemoSeedService {
  private readonly logger = new Logger(DemoSeedService.name);

  constructor(
    private readonly demo: DemoSeedRepository,
    private readonly companies: CompaniesService,
    private readonly roles: RolesService,
    private readonly spaces: SpacesRepository,
    private readonly channels: ChannelsRepository,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async seedIfEmpty(): Promise<boolean> {
    return this.demo.transaction(async (trx) => {
      await this.demo.lock(trx, SEED_LOCK);
      await this.roles.ensurePermissions(trx);
      if ((await this.companies.count(trx)) > 0) return false;
      const passwordHash = await this.passwords.hash(DEMO_PASSWORD);
      const demo = await this.seedCompany(trx, 'Demo', DEMO_USERS, passwordHash, true);
      // Room to try the team screens: the plan's default (5 users, 2 admins) is already full with the demo accounts.
      await this.companies.setTeamLimits(trx, demo.space.companyId, { usersLimit: 25, adminsLimit: 5 });
      const channels = await this.seedDemoChannels(trx, demo.space);
      await this.seedDemoInbox(trx, demo, channels);
      await this.seedCompany(
        trx,
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
    trx: Executor,
    name: string,
    users: typeof DEMO_USERS,
    passwordHash: string,
    isBoardsActive: boolean,
  ): Promise<SeededCompany> {
    const { company, roles, defaultSpace } = await this.companies.provision(
      { name, status: CompanyStatus.ACTIVE, isBoardsActive },
      trx,
    );
    const locationId = await this.demo.insertLocation(trx, company.id, 'Oficina central');
    await this.demo.insertCategory(trx, company.id, 'General');
    const ids = new Map<string, number>();
    for (const u of users) {
      const id = await this.users.insert(trx, {
        companyId: company.id,
        roleId: roles[u.role].id,
        name: u.name,
        email: u.email,
        passwordHash,
        locationId,
        selectedSpaceId: defaultSpace.id,
      });
      await this.users.addSpaces(trx, id, [defaultSpace.id]);
      ids.set(u.email, id);
    }
    return { space: defaultSpace, users: ids };
  }

  /**
   * Issue 3: the Demo company's channels. The WhatsApp and Messenger ids are what the README's sample webhooks
   * use; their tokens are dev placeholders (point WHATSAPP_GRAPH_URL / MESSENGER_GRAPH_URL at a fake server).
   * The sandbox channel works with no provider account at all.
   */
  private async seedDemoChannels(trx: Executor, space: SpaceRow): Promise<SeededChannel[]> {
    const box = secretBoxFor(this.config);
    const channels: Array<{
      name: string;
      platform: ChannelPlatform;
      providerId: string;
      phone?: string;
      pageId?: string;
      accessToken?: string;
    }> = [
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
    const seeded: SeededChannel[] = [];
    for (const channel of channels) {
      const id = await this.channels.create(trx, { ...channel, companyId: space.companyId });
      await this.spaces.linkChannels(trx, space.id, [id]);
      seeded.push({ id, platform: channel.platform });
    }
    return seeded;
  }

  /**
   * Issue 4: what the inbox works with — tags, categories, data-sheet fields, quick answers, approved templates
   * and a survey — and a few conversations on the sandbox channel, so a new user sees a working inbox at once.
   */
  private async seedDemoInbox(trx: Executor, demo: SeededCompany, channels: SeededChannel[]): Promise<void> {
    const { space } = demo;
    const companyId = space.companyId;
    const tags: Array<[string, string]> = [
      ['Cliente nuevo', '#1677ff'],
      ['Interesado', '#52c41a'],
      ['VIP', '#faad14'],
      ['Seguimiento', '#eb2f96'],
    ];
    for (const [name, color] of tags) {
      await this.demo.insertTag(trx, { companyId, name, color, key: companyScopedKey(companyId, name) });
    }
    for (const name of ['Ventas', 'Soporte']) {
      await this.demo.insertCategory(trx, companyId, name);
    }
    const fields: Array<[string, DatasheetFieldType, string[]]> = [
      ['Correo', 'email', []],
      ['Presupuesto', 'number', []],
      ['Fecha de visita', 'date', []],
      ['Ciudad', 'list', ['CDMX', 'Guadalajara', 'Monterrey']],
      ['Acepta promociones', 'boolean', []],
    ];
    for (const [name, type, options] of fields) {
      await this.demo.insertDatasheetField(trx, {
        companyId,
        name,
        type,
        options,
        key: companyScopedKey(companyId, name),
      });
    }
    const answers: Array<[string, string]> = [
      ['saludo', 'Hola {{nombre_cliente}}, soy {{nombre_agente}}. ¿En qué te puedo ayudar?'],
      ['horario', 'Nuestro horario es de lunes a viernes de 9:00 a 18:00 y sábados de 9:00 a 14:00.'],
      ['gracias', '¡Gracias por escribirnos, {{nombre_cliente}}! Quedo al pendiente.'],
    ];
    for (const [shortcut, text] of answers) {
      await this.demo.insertQuickAnswer(trx, { companyId, spaceId: space.id, shortcut, text });
    }
    const templates: Array<[string, TemplateStatus, string, number]> = [
      ['bienvenida', 'accepted', 'Hola {{1}}, gracias por contactarnos. ¿Te podemos ayudar con algo más?', 1],
      ['seguimiento_pedido', 'accepted', 'Hola {{1}}, tu pedido {{2}} ya va en camino.', 2],
      ['promocion_fin_de_mes', 'submitted', 'Aprovecha {{1}} de descuento este fin de mes.', 1],
    ];
    for (const channel of channels.filter((c) => sendsTemplates(c.platform))) {
      for (const [name, status, text, variables] of templates) {
        await this.demo.insertTemplate(trx, {
          companyId,
          channelId: channel.id,
          name,
          status,
          category: name.startsWith('promocion') ? 'marketing' : 'utility',
          components: [{ type: 'BODY', text }],
          variables,
        });
      }
      await this.demo.insertSurvey(trx, {
        companyId,
        channelId: channel.id,
        initText: '¿Cómo calificarías la atención que recibiste?',
        options: [
          // The /bot page's scale (5 best, 1 worst), so the ratings the statistics average read the same way.
          { text: 'Excelente', value: 5, index: 0, endText: '¡Gracias por tu respuesta!' },
          { text: 'Regular', value: 3, index: 1, endText: '¡Gracias por tu respuesta!' },
          { text: 'Mala', value: 1, index: 2, endText: 'Lamentamos oírlo; te contactaremos.' },
        ],
      });
    }
    await this.seedSandboxConversations(trx, demo, channels);
  }

  /** Sandbox conversations (no provider needed): one per demo user who works the inbox, plus an unassigned one. */
  private async seedSandboxConversations(
    trx: Executor,
    demo: SeededCompany,
    channels: SeededChannel[],
  ): Promise<void> {
    const sandbox = channels.find((c) => platformOf(c.platform)?.simulator);
    if (!sandbox) return;
    const companyId = demo.space.companyId;
    const userId = (email: string) => demo.users.get(email) ?? null;
    const people: Array<{
      name: string;
      phone: string;
      agent: string | null;
      lines: Array<[MessageSender, string]>;
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
      const clientId = await this.demo.insertClient(trx, {
        companyId,
        channelId: sandbox.id,
        key: `${sandbox.id}-${person.phone}`,
        senderId: person.phone,
        name: person.name,
        nameFromChannel: person.name,
        cleanedName: cleanedName(person.name, person.phone),
        agentId: person.agent ? userId(person.agent) : null,
        whatsappStartedAt: new Date(start),
        windowExpiresAt: new Date(start + 24 * 3_600_000),
      });
      let unread = 0;
      for (const [i, [sender, text]] of person.lines.entries()) {
        const time = new Date(start + i * 60_000);
        unread = sender === 'CLIENT' ? unread + 1 : 0;
        const message = {
          companyId,
          clientId,
          channelId: sandbox.id,
          content: text,
          sender,
          senderUserId: sender === 'CLIENT' ? null : userId(person.agent ?? 'admin@demo.local'),
          messageStatus: sender === 'CLIENT' ? null : 'viewed',
          messageApiId: `sandbox-seed-${person.phone}-${i}`,
          time,
        };
        const id = await this.demo.insertMessage(trx, message);
        await this.demo.summarise(trx, clientId, { ...message, id }, unread);
      }
    }
  }
}
