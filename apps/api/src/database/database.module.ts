import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createDatabase, DATABASE, DATABASE_URL, type Database } from './kysely';

/**
 * The ground floor: the connection pool and typed query builder every repository uses. It imports no domain
 * module; each module declares its own repositories.
 */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  static forRoot(url: string): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DATABASE, useFactory: () => createDatabase(url) },
        { provide: DATABASE_URL, useValue: url },
      ],
      exports: [DATABASE, DATABASE_URL],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.db.destroy();
  }
}
