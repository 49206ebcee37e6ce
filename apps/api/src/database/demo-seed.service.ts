import { CompanyStatus, ROLE_NAMES, type RoleName } from '@crm/shared';
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
      await this.seedDemoChannels(manager, demoSpace);
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
}
